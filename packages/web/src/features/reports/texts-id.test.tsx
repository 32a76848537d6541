import type { Summary } from '@fleet/shared/answers/summary.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { SummaryCards } from './ReportSummary.tsx';
import { SensorPercentage } from './SensorPercentage.tsx';
import { ShareLinkButton } from './ShareLinkButton.tsx';
import { downloadSummaryXlsx, summaryRows } from './summary-xlsx.ts';

// the workbook written by a download: its sheet's name
const written = vi.hoisted(() => ({ sheets: [] as string[] }));
vi.mock('write-excel-file/browser', () => ({
  default: (_data: unknown, options: { sheet: string }) => {
    written.sheets.push(options.sheet);
    return { toFile: async () => {} };
  },
}));

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const T0 = 1_800_000_000;
const SIDE = { average: 800, runningHours: 5 };
const SUMMARY = {
  massId: 7,
  massName: 'TB Alpha',
  start: T0,
  end: T0 + 86_400,
  singleEngine: false,
  rpm: { data: {}, summary: { PORT: SIDE, STARBOARD: SIDE } },
  flowmeter: { data: {}, summary: { meEngineCons: 190, totalFuelCons: 200, co2Emitted: 0.535 } },
  gps: { data: {}, summary: { totalCruise: 12, averageSpeedKnot: 6 } },
  ae: { AE1: { runningTime: 1, fuelConsumption: 5 }, totalFuelConsumption: 5 },
} as unknown as Summary;

describe('the Report Summary in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the summary cards, for two engines and for one', async () => {
    await act(() => i18next.changeLanguage('id'));
    const view = render(<SummaryCards s={SUMMARY} />);
    for (const title of [
      'Ringkasan Mesin Utama',
      'Ringkasan Mesin Bantu',
      'Ringkasan BBM Mesin Utama',
      'Ringkasan Konsumsi BBM',
      'Ringkasan GPS',
      'RPM Rata-rata Mesin Kiri',
      'Jam Jalan Mesin Kanan',
      'Suhu Tangki Mesin Kanan (°C)',
      'Jam Jalan AE 2',
      'BBM AE 3 (Liter)',
      'Total BBM AE (Liter)',
      'Emisi CO₂ (t)',
      'Total Jarak Tempuh (NM)',
      'Kecepatan Rata-rata (knot)',
    ])
      expect(screen.getByText(title)).toBeTruthy();
    view.unmount();
    render(<SummaryCards s={{ ...SUMMARY, singleEngine: true }} />);
    expect(screen.getByText('RPM Rata-rata Mesin Utama')).toBeTruthy();
    expect(screen.getByText('Laju Alir Mesin Utama (L/h)')).toBeTruthy();
    expect(screen.queryByText('Jam Jalan Mesin Kanan')).toBeNull();
  });

  it('the sensor percentage panel', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(<SensorPercentage rows={[]} />);
    fireEvent.click(screen.getByText('Persentase Sensor'));
    await screen.findAllByText('Perangkat');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Perangkat', 'Jenis', 'Label', 'Tersedia', 'Diharapkan', 'Persentase']);
    expect(screen.getAllByText('Tidak ada data').length).toBeGreaterThan(0);
  });

  it('the XLSX sheet is written in the language in force', async () => {
    await act(() => i18next.changeLanguage('id'));
    const rows = summaryRows(SUMMARY, 'TB Alpha');
    expect(rows[0]).toEqual(['Item', 'Nilai', 'Satuan']);
    expect(rows.map((r) => r[0])).toEqual(
      expect.arrayContaining(['Aset', 'Mulai', 'RPM Rata-rata Mesin Kiri', 'Jam Jalan AE 3', 'Total Konsumsi BBM']),
    );
    await act(() => i18next.changeLanguage('en'));
    expect(summaryRows(SUMMARY, 'TB Alpha')[0]).toEqual(['Item', 'Value', 'Unit']);
    expect(summaryRows(SUMMARY, 'TB Alpha')[4][0]).toBe('Port Average RPM');
  });

  it("the XLSX sheet's name is in the language in force", async () => {
    written.sheets = [];
    await downloadSummaryXlsx(SUMMARY, 'TB Alpha');
    await act(() => i18next.changeLanguage('id'));
    await downloadSummaryXlsx(SUMMARY, 'TB Alpha');
    expect(written.sheets).toEqual(['Asset Summary', 'Ringkasan Aset']);
  });

  it('the share link window', async () => {
    vi.spyOn(api, 'list').mockResolvedValue({
      rows: [
        {
          id: 'k1',
          massId: 7,
          massName: 'TB Alpha',
          start: T0,
          end: T0 + 3600,
          expires: T0 + 7200,
          status: 'expired',
          openedCount: 2,
        },
      ],
      total: 1,
    } as never);
    await act(() => i18next.changeLanguage('id'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ShareLinkButton massId={7} start={T0 * 1000} end={(T0 + 3600) * 1000} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('Bagikan tautan laporan'));
    const dialog = (await screen.findByText('Berlaku selama')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/^Tautan hanya-baca ke Ringkasan Laporan kapal ini untuk /)).toBeTruthy();
    expect(within(dialog).getByText('3 hari')).toBeTruthy();
    expect(within(dialog).getByText('Buat tautan')).toBeTruthy();
    expect(within(dialog).getByText('Tautan Anda')).toBeTruthy();
    expect(await within(dialog).findByText('kedaluwarsa')).toBeTruthy();
    expect(within(dialog).getByText(/ · kedaluwarsa .* · dibuka 2×$/)).toBeTruthy();
  });
});
