import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { weatherTexts } from './texts.ts';
import Weather from './Weather.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Weather />
    </QueryClientProvider>,
  );

describe('the weather map in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('says how to configure it, the variable as code inside the sentence', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ configured: false, key: null } as never);
    await act(() => i18next.changeLanguage('id'));
    show();
    expect(await screen.findByText('Peta cuaca belum dikonfigurasi')).toBeTruthy();
    const code = screen.getByText('WEATHER_API_KEY');
    expect(code.tagName).toBe('CODE');
    expect(code.parentElement?.textContent).toMatch(
      /^Peta cuaca menampilkan prakiraan .* variabel lingkungan WEATHER_API_KEY \(kunci API .* "Weather map"\.$/,
    );
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('WEATHER_API_KEY').parentElement?.textContent).toMatch(
      /with the environment variable WEATHER_API_KEY \(a Windy Map Forecast API key/,
    );
  });

  it("the options panel over the provider's map", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ configured: true, key: 'k', scriptUrl: '', leafletUrl: '' } as never);
    await act(() => i18next.changeLanguage('id'));
    show();
    expect(await screen.findByText('Opsi Peta Cuaca')).toBeTruthy();
    expect(screen.getByTitle('Peta cuaca').tagName).toBe('IFRAME');
    for (const label of [
      'Satuan Saat Ini',
      'Arah dalam Angka',
      'Garis Kisi',
      'Lintang Bujur',
      'Animasi Partikel',
      'Isolin',
    ])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('nyala')).toBeTruthy();
    expect(screen.getByText('mati')).toBeTruthy();
    fireEvent.click(screen.getByText('mati'));
    expect(screen.getByText('tekanan')).toBeTruthy();
    fireEvent.click(screen.getByText('Sembunyikan'));
    expect(screen.getByText('Tampilkan')).toBeTruthy();
  });
});

// issue 28: the page pointed at a README section that did not exist
it('points at a README section that exists, and that section names the variable', () => {
  const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../../README.md'), 'utf8');
  for (const language of ['en', 'id'] as const) {
    const help = i18next.getFixedT(language, weatherTexts.namespace)('notConfiguredHelp');
    const section = /README, (?:bagian )?"([^"]+)"/.exec(help)?.[1];
    expect(section).toBe('Weather map');
  }
  const body = readme.split('\n## Weather map\n')[1]?.split('\n## ')[0] ?? '';
  expect(body).toContain('WEATHER_API_KEY');
});
