import type { Summary } from '@fleet/shared/answers/summary.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { VoyageDatalog } from './VoyageDatalog.tsx';
import { VoyageSummary } from './VoyageReport.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

// echarts draws on a canvas, which jsdom has not
vi.mock('../../components/charts/TimeChart.tsx', () => ({
  TimeChart: (p: { 'aria-label': string }) => <div role="img" aria-label={p['aria-label']} />,
}));

const T0 = 1_800_000_000;
const SUMMARY = { massId: 7, massName: 'TB Alpha', start: T0, end: T0 + 7200, singleEngine: false } as Summary;

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('the voyage report in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it("the datalog's table, its column window and its charts", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      datas: { [T0]: { gps: { speed: 18.52, polyLength: 1852, track: 90, latitude: -6, longitude: 106 } } },
    } as never);
    await act(() => i18next.changeLanguage('id'));
    wrap(<VoyageDatalog summary={SUMMARY} vesselName="TB Alpha" onClose={() => {}} />);
    // byRole is slow on a table this wide: the header row's texts
    await screen.findAllByText('Koordinat Awal');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        'No.',
        'Tanggal Waktu',
        'Koordinat Awal',
        'Haluan',
        'Kecepatan (knot)',
        'Jarak Tempuh (NM)',
        'RPM Mesin Kiri',
        'Jam Jalan Mesin Kanan',
        'BBM AE 3 (L)',
      ]),
    );
    expect(headers).not.toContain('Date Time');
    expect(screen.getByText('Filter Kolom')).toBeTruthy();
    expect(screen.getByText('Unduh XLSX')).toBeTruthy();
    expect(screen.getByText('Terlama')).toBeTruthy();

    fireEvent.click(screen.getByText('Filter Kolom'));
    const dialog = (await screen.findByText('Tampilkan/Sembunyikan Kolom Datalog')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('MESIN KANAN')).toBeTruthy();
    expect(within(dialog).getByText('Densitas BBM Mesin Kiri')).toBeTruthy();
    expect(within(dialog).getAllByText('Sembunyikan Semua')).toHaveLength(6);

    fireEvent.click(screen.getByText('Grafik'));
    expect(await screen.findByText('RPM, Konsumsi BBM, Kecepatan')).toBeTruthy();
    expect(screen.getByText('Tidak ada data')).toBeTruthy();
  });

  it('the summary beside the map', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(<VoyageSummary s={SUMMARY} vessel={null} />);
    for (const label of [
      'Tidak ada gambar',
      'Jenis Perangkat',
      'Total Konsumsi Mesin (LITER)',
      'Ringkasan Kapal',
      'Posisi Awal',
      'Durasi (jam)',
      'Mesin Kiri',
      'Mesin Kanan',
      'Mesin Bantu',
    ])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getAllByText('Laju Alir BBM (L/H)')).toHaveLength(2);
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Vessel Summary')).toBeTruthy();
  });
});
