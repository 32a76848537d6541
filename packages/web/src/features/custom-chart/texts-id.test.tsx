import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import CustomChart from './CustomChart.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

describe('the Custom Chart in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the empty grid and the chart form', async () => {
    vi.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 } as never);
    // no IndexedDB in jsdom: no saved charts, with a console line
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => i18next.changeLanguage('id'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CustomChart />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Grafik Kustom' })).toBeTruthy();
    expect(await screen.findByText('Belum ada grafik')).toBeTruthy();

    fireEvent.click(screen.getByText('Buat Grafik'));
    const dialog = (await screen.findByText('Buat Grafik Baru')).closest('.ant-modal') as HTMLElement;
    expect(
      within(dialog).getByText(
        'Harap isi semua kolom wajib (Aset, Rentang Tanggal, dan setidaknya satu Perangkat dengan titik data).',
      ),
    ).toBeTruthy();
    for (const label of ['Aset', 'Rentang Tanggal', 'Satuan Interval', 'Panjang Interval', 'Urutan', 'MENIT', 'Simpan'])
      expect(within(dialog).getByText(label)).toBeTruthy();
    expect(within(dialog).getByText('Pilih aset untuk memilih perangkatnya.')).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(within(dialog).getByText('Create New Chart')).toBeTruthy();
    expect(screen.getByText('No charts yet')).toBeTruthy();
  });
});
