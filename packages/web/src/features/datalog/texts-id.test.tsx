import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { useFilter } from '../../stores/filter.ts';
import { defaultColumns } from './columns.ts';
import DatalogView from './DatalogView.tsx';
import FmsDatalog from './FmsDatalog.tsx';
import { datalogTexts } from './texts.ts';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the Datalog in Bahasa Indonesia (issue 27)', () => {
  beforeEach(() => {
    useFilter.getState().reset();
    vi.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 } as never);
    // no IndexedDB in jsdom: the default layout, with a console line
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('has a text for every column, in English its label of columns.ts', () => {
    for (const c of defaultColumns())
      expect(datalogTexts.en[c.key as keyof typeof datalogTexts.en], c.key).toBe(c.label);
  });

  it('the page, its unit and sort fields, and the Filter Column window', async () => {
    await act(() => i18next.changeLanguage('id'));
    wrap(<FmsDatalog />);
    expect(screen.getByRole('heading', { name: 'Datalog' })).toBeTruthy();
    for (const label of ['Persentase Sensor', 'Satuan Kecepatan', 'Satuan Jarak', 'Urutkan Data', 'Muat Kolom Bawaan'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(await screen.findByText('Tidak ada data')).toBeTruthy();

    fireEvent.click(screen.getByText('Filter Kolom'));
    const dialog = (await screen.findByText('Tampilkan/Sembunyikan Kolom Datalog')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getAllByText('Pilih Semua')).toHaveLength(4);
    for (const label of [
      'MESIN KIRI',
      'MESIN KANAN',
      'Haluan',
      'RPM KIRI',
      'Suhu Gas Buang KANAN (°C)',
      'Jam Jalan AE 2',
    ])
      expect(within(dialog).getByText(label)).toBeTruthy();
    expect(within(dialog).getByText('Tampilkan Semua')).toBeTruthy();
    expect(within(dialog).getByText('Tutup')).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(within(dialog).getByText('PORT RPM')).toBeTruthy();
    expect(screen.getByText('Load Default Column')).toBeTruthy();
  });

  it('is the same view inside the report tabs', async () => {
    await act(() => i18next.changeLanguage('id'));
    wrap(<DatalogView />);
    expect(screen.getByText('Filter Kolom')).toBeTruthy();
    expect(screen.queryByText('Filter Column')).toBeNull();
  });
});
