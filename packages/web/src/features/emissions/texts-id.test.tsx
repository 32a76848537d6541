import type { DcsYear, EmissionsPeriod } from '@fleet/shared/answers/emissions.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { DcsYear as DcsYearView } from './DcsYear.tsx';
import { PeriodEmissions } from './PeriodEmissions.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

// echarts draws on a canvas, which jsdom has not
vi.mock('../../components/charts/EChart.tsx', () => ({
  EChart: (p: { 'aria-label': string }) => <div role="img" aria-label={p['aria-label']} />,
}));

const fuel = { mftyId: 1, name: 'HSD', co2Factor: 3.206, density: 845 };
const PERIOD: EmissionsPeriod = {
  start: 1_800_000_000,
  end: 1_800_086_400,
  vessels: [
    {
      massId: 1,
      massName: 'MT Samudra Jaya',
      fuelType: fuel,
      fuelLitres: 2950,
      fuelTonnes: 2.4898,
      co2Tonnes: 7.982,
      distanceNm: 120.5,
    },
    {
      massId: 2,
      massName: 'MV Mahakam Express',
      fuelType: null,
      fuelLitres: 590,
      fuelTonnes: null,
      co2Tonnes: null,
      distanceNm: 0,
    },
  ],
  fleet: { fuelLitres: 3540, fuelTonnes: 2.4898, co2Tonnes: 7.982, distanceNm: 120.5, vesselsWithoutCo2: 1 },
};
const cii = {
  metric: 'AER' as const,
  applies: false,
  attained: 32.06,
  reference: 36.143,
  reductionFactor: 11,
  required: 32.168,
  ratio: 0.9966,
  boundaries: [26.377, 29.916, 34.741, 41.175] as [number, number, number, number],
  rating: 'C' as const,
};
const DCS: DcsYear = {
  year: 2026,
  start: 1_767_225_600,
  end: 1_798_761_600,
  partial: true,
  vessels: [
    {
      ...PERIOD.vessels[0],
      hoursUnderway: 1234.5,
      gt: 2450,
      dwt: 3500,
      ciiType: 'tanker',
      aer: 32.06,
      cgDist: 45.8,
      cii,
      ciiReason: null,
    },
    {
      ...PERIOD.vessels[1],
      hoursUnderway: 0,
      gt: 480,
      dwt: 650,
      ciiType: 'other',
      aer: null,
      cgDist: null,
      cii: null,
      ciiReason: 'no_reference_line',
    },
  ],
};

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('the Emissions screen in Bahasa Indonesia', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    return act(() => i18next.changeLanguage('en'));
  });

  it('CO₂ of a period: figures, chart, table and the vessels without CO₂', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(PERIOD as never);
    await act(() => i18next.changeLanguage('id'));
    wrap(<PeriodEmissions />);
    expect(await screen.findByText('CO₂ Armada (t)')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'CO₂ per kapal (t)' })).toBeTruthy();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Kapal', 'Jenis BBM', 'BBM (L)', 'BBM (t)', 'CO₂ (t)', 'Jarak (NM)']);
    expect(screen.getByText(/1 dari 2 kapal tidak memiliki angka CO₂/)).toBeTruthy();
    expect(screen.getByText('Armada')).toBeTruthy();
    expect(screen.getByText('Unduh XLSX')).toBeTruthy();
    expect(screen.getByText('Unduh CSV')).toBeTruthy();
  });

  it('the DCS year: the rating badge, indicative, and why a tug has no CII', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(DCS as never);
    await act(() => i18next.changeLanguage('id'));
    wrap(<DcsYearView />);
    expect(await screen.findByText('Tanpa garis referensi (kapal tunda, supply …)')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Peringkat CII C' })).toBeTruthy();
    expect(screen.getByText('indikatif')).toBeTruthy();
    expect(screen.getByText(/Tahun 2026 berjalan/)).toBeTruthy();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Jam Berlayar', 'CII Wajib', 'Peringkat CII', 'BBM (t)']));
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('indicative')).toBeTruthy();
    expect(screen.getByText('No reference line (tug, supply boat …)')).toBeTruthy();
  });
});
