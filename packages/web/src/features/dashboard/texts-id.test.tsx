import type { Summary } from '@fleet/shared/answers/summary.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { useFilter } from '../../stores/filter.ts';
import { chartAverages } from './averages.ts';
import FmsDashboard from './FmsDashboard.tsx';
import Widgets from './Widgets.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

// echarts draws on a canvas, which jsdom has not: the gauge shows its label only
vi.mock('../../components/charts/Gauge.tsx', () => ({
  Gauge: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('../../components/charts/Sparkline.tsx', () => ({
  Sparkline: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('../../components/charts/TimeChart.tsx', () => ({
  TimeChart: (p: { 'aria-label': string }) => <div role="img" aria-label={p['aria-label']} />,
}));
vi.mock('../../components/summary/summary-view.ts', async (original) => ({
  ...(await original<object>()),
  VesselTrackMap: () => <div />,
}));

const wrap = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
};

const SIDE = { average: 800, runningHours: 5 };
const SUMMARY = {
  massId: 7,
  massName: 'TB Alpha',
  firstData: 1_800_000_000,
  singleEngine: false,
  rpm: { data: {}, summary: { PORT: SIDE, STARBOARD: SIDE } },
  flowmeter: { data: {}, summary: { portEngineCons: 100, starboardEngineCons: 90, meEngineCons: 190 } },
  gps: { data: {}, summary: { totalCruise: 12, averageSpeedKnot: 6 } },
  ae: { data: {} },
  maintenanceFlag: true,
};

function serve(assets: unknown[], summary: unknown = SUMMARY) {
  vi.spyOn(api, 'list').mockResolvedValue({ rows: assets, total: assets.length } as never);
  vi.spyOn(api, 'get').mockImplementation(
    async (path: string) => (path.startsWith('/summary/') ? summary : { series: [] }) as never,
  );
  // the live socket's ticket never comes: no socket in these tests
  vi.spyOn(api, 'post').mockImplementation(() => new Promise(() => {}));
}

describe('the dashboard and the widgets in Bahasa Indonesia (issue 27)', () => {
  beforeEach(() => useFilter.getState().reset());
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the speedometer widget', async () => {
    serve([{ massId: 7, massName: 'TB Alpha', massDevice: [] }]);
    await act(() => i18next.changeLanguage('id'));
    wrap(<Widgets />);
    expect(screen.getByRole('heading', { name: 'Widget' })).toBeTruthy();
    expect(screen.getByText('Spidometer')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Kecepatan' })).toBeTruthy();
    expect(screen.getByText('Kecepatan (knot)')).toBeTruthy();
    expect(await screen.findByText('Kapal ini tidak memiliki perangkat GPS')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('This vessel has no GPS device')).toBeTruthy();
  });

  it('the dashboard without a vessel', async () => {
    serve([]);
    await act(() => i18next.changeLanguage('id'));
    wrap(<FmsDashboard />);
    expect(screen.getByRole('heading', { name: 'Dasbor' })).toBeTruthy();
    expect(await screen.findByText('Tidak ada data')).toBeTruthy();
  });

  it("the dashboard's cards", async () => {
    serve([{ massId: 7, massName: 'TB Alpha', massDevice: [] }]);
    await act(() => i18next.changeLanguage('id'));
    wrap(<FmsDashboard />);
    expect(await screen.findByText('Pelayaran Hari Ini')).toBeTruthy();
    for (const title of [
      'MESIN KIRI',
      'MESIN KANAN',
      'Konsumsi Mesin Kiri',
      'Konsumsi Mesin Kanan',
      'Total Konsumsi Mesin',
      'Data Terkini Mesin Kiri',
      'Mesin Bantu 1',
      'Peta',
      'RPM, Konsumsi BBM dan Kecepatan',
    ])
      expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'RPM MESIN KANAN' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Grafik mini Total Konsumsi Mesin' })).toBeTruthy();
    expect(screen.getAllByText('Jam Jalan Mesin')).toHaveLength(2);
    expect(screen.getAllByText('Suhu Gas Buang (°C)')).toHaveLength(2);
    expect(screen.getAllByText('MATI')).toHaveLength(3);
    expect(screen.getByTestId('dash-cruise').textContent).toContain('Kecepatan Rata-rata (knot)');
    expect(screen.getByText('Kapal ini sedang dalam perawatan.')).toBeTruthy();
    expect(screen.queryByText("Today's Cruise")).toBeNull();
  });

  // issue 28: a vessel under maintenance without data in the range showed only 'No Data'
  it('the dashboard of a vessel under maintenance without data shows the notice', async () => {
    serve([{ massId: 7, massName: 'TB Alpha', massDevice: [] }], { ...SUMMARY, firstData: null });
    await act(() => i18next.changeLanguage('id'));
    wrap(<FmsDashboard />);
    expect(await screen.findByText('Kapal ini sedang dalam perawatan.')).toBeTruthy();
    expect(screen.queryByText('Tidak ada data')).toBeNull();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('This vessel is under maintenance.')).toBeTruthy();
  });

  it("the chart's averages are labelled in the language in force", async () => {
    const s = {
      singleEngine: false,
      rpm: { summary: { PORT: { average: 800 }, STARBOARD: { average: 790 } } },
      flowmeter: { summary: { portAverageFlow: 100, starboardAverageFlow: 90 } },
    } as unknown as Summary;
    await act(() => i18next.changeLanguage('id'));
    expect(
      chartAverages(s)
        .map((a) => a.label)
        .slice(0, 3),
    ).toEqual(['RPM Rata-rata Mesin Kiri', 'RPM Rata-rata Mesin Kanan', 'Laju Alir BBM Rata-rata (L/h)']);
    expect(chartAverages({ ...s, singleEngine: true })[0].label).toBe('RPM Rata-rata Mesin Utama');
    expect(chartAverages(s)[3].label).toBe('Kecepatan Rata-rata (knot)');
  });
});
