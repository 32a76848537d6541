import type { EfficiencyRow, EfficiencyTrend } from '@fleet/shared/answers/efficiency.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../api/i18n.ts';
import { csvText } from '../../components/csv.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { compareNullsLast } from './columns.ts';
import { efficiencyCells } from './efficiency-export.ts';
import FleetEfficiency from './FleetEfficiency.tsx';

configure({ asyncUtilTimeout: 10_000 });
// echarts draws on a canvas, which jsdom has not
vi.mock('../../components/charts/EChart.tsx', () => ({
  EChart: (p: { 'aria-label': string }) => <div role="img" aria-label={p['aria-label']} />,
}));
vi.setConfig({ testTimeout: 60_000 });

const T0 = 1_793_466_000; // 1 Nov 2026 00:00 WIB
const figures = {
  fuel: 12000,
  meFuel: 10800,
  aeFuel: 1200,
  meFuel15: null,
  aeFuel15: null,
  meFuelKg: null,
  aeFuelKg: null,
  distanceNm: 1600,
  portHours: 150,
  starboardHours: 148,
  ae1Hours: 40,
  ae2Hours: null,
  ae3Hours: null,
  meHours: 150,
  underwayHours: 120,
  idleRunningHours: 30,
  litresPerNm: 7.5,
  litresPerHour: 80,
  co2: 32.1,
};
// docs/domain.md §38's worked example, and a moored sister without L/NM
const ROWS: EfficiencyRow[] = [
  {
    ...figures,
    massId: 1,
    massName: 'TB Satu',
    matyId: 4,
    matyName: 'Tug',
    change: { fuel: 20, litresPerNm: -6.25, litresPerHour: 0, co2: 20 },
    rank: 1,
    rankOf: 3,
  },
  {
    ...figures,
    massId: 2,
    massName: 'TB Dua',
    distanceNm: 0.4,
    litresPerNm: null,
    matyId: 4,
    matyName: 'Tug',
    change: { fuel: null, litresPerNm: null, litresPerHour: null, co2: null },
    rank: null,
    rankOf: null,
  },
];
const TREND: EfficiencyTrend = {
  massId: 1,
  massName: 'TB Satu',
  timeZone: 'Asia/Jakarta',
  months: [
    { ...figures, start: T0 - 31 * 86400, end: T0, month: '2026-10', partial: false },
    { ...figures, start: T0, end: T0 + 30 * 86400, month: '2026-11', partial: true },
  ],
};

function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path.startsWith('/api/efficiency/fleet/period/'))
      return jsonResponse(
        envelope({ start: T0, end: T0 + 30 * 86400, previousStart: T0 - 30 * 86400, previousEnd: T0, rows: ROWS }),
      );
    if (path === '/api/efficiency/1/trend') return jsonResponse(envelope(TREND));
    return jsonResponse(envelope(null));
  });
}

const page = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FleetEfficiency />
    </QueryClientProvider>,
  );

describe('Fleet Efficiency in Bahasa Indonesia (docs/domain.md §38)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(async () => {
      setLanguage('en');
    });
  });

  it('the table: headers with units, rank, signed changes, Indonesian number marks', async () => {
    fakeServer();
    await act(async () => {
      setLanguage('id');
    });
    page();
    await screen.findByText('TB Satu');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    for (const h of [
      'Kapal',
      'Jenis',
      'Peringkat',
      'L/NM',
      'Δ L/NM (%)',
      'L/jam',
      'BBM (L)',
      'Δ BBM (%)',
      'Jarak (NM)',
    ])
      expect(headers).toContain(h);
    expect(headers).toContain('AE 1 (jam)');
    // AE 2, AE 3 and the kg and 15 °C columns have no figure in any row: left out
    expect(headers).not.toContain('AE 2 (jam)');
    expect(headers).not.toContain('BBM ME (kg)');
    const row = screen.getByText('TB Satu').closest('tr') as HTMLElement;
    expect(within(row).getByText('1 dari 3')).toBeTruthy();
    expect(within(row).getByText('7,50')).toBeTruthy();
    expect(within(row).getByText('-6,3%')).toBeTruthy();
    expect(within(row).getAllByText('+20,0%')).toHaveLength(2);
    expect(within(row).getByText('12.000')).toBeTruthy();
    expect(screen.getByText('Unduh Excel')).toBeTruthy();
    expect(screen.getByText('Unduh CSV')).toBeTruthy();
    expect(screen.getByText(/^Perubahan terhadap /)).toBeTruthy();
  });

  it('a vessel opens its monthly trend', async () => {
    fakeServer();
    await act(async () => {
      setLanguage('id');
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Tren bulanan TB Satu' }));
    const dialog = (await screen.findByText('TB Satu: tren bulanan')).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('L/NM dan L/jam')).toBeTruthy();
    expect(within(dialog).getByText('BBM (L) dan jarak (NM)')).toBeTruthy();
    expect(within(dialog).getByText('Nov 2026 (berjalan)')).toBeTruthy();
  });

  it('the downloads: the same columns, numbers as numbers, headers in the language in force', async () => {
    await act(async () => {
      setLanguage('id');
    });
    const cells = efficiencyCells(ROWS);
    expect(cells[0].slice(0, 5)).toEqual(['Kapal', 'Jenis', 'Peringkat', 'L/NM', 'Δ L/NM (%)']);
    expect(cells[1].slice(0, 6)).toEqual(['TB Satu', 'Tug', '1 dari 3', 7.5, -6.3, 80]);
    expect(cells[2].slice(2, 4)).toEqual([null, null]);
    const csv = csvText([['a,b', 'say "hi"', 1.5, null]]);
    expect(csv).toBe('"a,b","say ""hi""",1.5,\r\n');
    await act(async () => {
      setLanguage('en');
    });
    expect(efficiencyCells(ROWS)[0].slice(0, 3)).toEqual(['Vessel', 'Type', 'Rank']);
  });

  it('sorting puts vessels without the figure last both ways', () => {
    const values = [3, null, 1];
    const asc = [...values].sort((a, b) => compareNullsLast(a, b, 'ascend'));
    expect(asc).toEqual([1, 3, null]);
    // antd sorts descending by reversing the comparison
    const desc = [...values].sort((a, b) => -compareNullsLast(a, b, 'descend'));
    expect(desc).toEqual([3, 1, null]);
  });
});
