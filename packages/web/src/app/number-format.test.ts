import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, type Locale, setLocale } from '../api/locale.ts';
import { formatValue } from '../components/charts/rules.ts';
import {
  coordinate,
  delta,
  discrepancy,
  dms,
  duration,
  formatBunker,
  formatKl3,
  formatPercent,
  kl,
  num,
  percent,
  qty,
  robLitres,
} from '../components/format.ts';
import { percentText } from '../components/PercentBar.tsx';
import { tilesFor } from '../features/devices/device-tiles.ts';
import { formatLatLng } from '../features/fleet-map/measure.ts';

// Issue 27 "One number format" (docs/domain.md "Number formats"): the same quantities in both locales, per screen
// family, as the screens write them. Expected strings are hand-written: en = grouping ',' decimal '.';
// id = grouping '.' decimal ','.
const both = (f: () => unknown): Record<Locale, unknown> => {
  const out = {} as Record<Locale, unknown>;
  for (const l of ['en', 'id'] as const) {
    setLocale(l);
    out[l] = f();
  }
  return out;
};

afterEach(() => setLocale('en'));

describe('the locale seam', () => {
  it('is English until the i18n step switches it', () => {
    expect(currentLocale()).toBe('en');
    setLocale('id');
    expect(currentLocale()).toBe('id');
  });
});

describe('bunker screens (spec 002 §9: KL, 2 to 5 decimals; adjustment history 3; percentages 2)', () => {
  it('writes a delivery of 76 838 litres as kilolitres that cannot be read as 76 838 KL', () => {
    expect(both(() => kl(76_838))).toEqual({ en: '76.838 KL', id: '76,838 KL' });
    expect(both(() => kl(12_000))).toEqual({ en: '12.00 KL', id: '12,00 KL' });
    expect(both(() => kl(1_234_567.891))).toEqual({ en: '1,234.56789 KL', id: '1.234,56789 KL' });
    expect(both(() => kl(null))).toEqual({ en: '-', id: '-' });
  });
  it('writes the Bunkering Log cells in the chosen unit (the header names it)', () => {
    expect(both(() => formatBunker(76_838))).toEqual({ en: '76.838', id: '76,838' });
    expect(both(() => formatBunker(76_838, 'l'))).toEqual({ en: '76,838.00', id: '76.838,00' });
  });
  it('writes a discrepancy in one format: signed KL and its percentage', () => {
    expect(both(() => discrepancy(898.49, 1.19))).toEqual({ en: '+0.89849 KL (1.19%)', id: '+0,89849 KL (1,19%)' });
    expect(both(() => discrepancy(-345, -2.79))).toEqual({ en: '-0.345 KL (-2.79%)', id: '-0,345 KL (-2,79%)' });
    expect(both(() => discrepancy(0, null))).toEqual({ en: '0.00 KL (N/A)', id: '0,00 KL (N/A)' });
  });
  it('writes adjustment history values with 3 decimals and percentages with 2', () => {
    expect(both(() => formatKl3(1_234_567))).toEqual({ en: '1,234.567', id: '1.234,567' });
    expect(both(() => formatPercent(2.789))).toEqual({ en: '2.79%', id: '2,79%' });
    expect(formatPercent(undefined)).toBe('N/A');
  });
});

describe('ROB screens (spec 002 §9: 1 to 5 decimals, litres)', () => {
  it('writes balances with their unit', () => {
    expect(both(() => robLitres(-1000))).toEqual({ en: '-1,000.0 L', id: '-1.000,0 L' });
    expect(both(() => robLitres(12_345.678))).toEqual({ en: '12,345.678 L', id: '12.345,678 L' });
    expect(both(() => robLitres(0.123456))).toEqual({ en: '0.12346 L', id: '0,12346 L' });
  });
});

describe('FMS report and dashboard (spec 002 §9: numbers 2 decimals)', () => {
  it('writes figures and quantities', () => {
    expect(both(() => num(1426.888))).toEqual({ en: '1,426.89', id: '1.426,89' });
    expect(both(() => qty(1426.89, 'L/h'))).toEqual({ en: '1,426.89 L/h', id: '1.426,89 L/h' });
    expect(both(() => qty(0.01234, 't', 3))).toEqual({ en: '0.012 t', id: '0,012 t' });
    expect(both(() => num(-0.001))).toEqual({ en: '0.00', id: '0,00' }); // never "-0.00"
    expect(both(() => num(null))).toEqual({ en: '-', id: '-' });
    expect(both(() => delta(-12.5, 'L'))).toEqual({ en: '-12.50 L', id: '-12,50 L' });
  });
  it('writes chart axis and tooltip numbers (litres as integers; 0 to 1 with 2 decimals)', () => {
    expect(both(() => formatValue(12_345.6, 'litres'))).toEqual({ en: '12,346', id: '12.346' });
    expect(both(() => formatValue(0.456))).toEqual({ en: '0.46', id: '0,46' });
    expect(both(() => formatValue(1500.125))).toEqual({ en: '1,500.13', id: '1.500,13' });
  });
  it('keeps durations as HH:mm:ss in both', () => {
    expect(both(() => duration(3725))).toEqual({ en: '01:02:05', id: '01:02:05' });
  });
});

describe('device detail', () => {
  it('writes the summary tiles and gauge percentages', () => {
    const row = (volumeFlowrate: number, density: number, first: number, last: number, count: number) =>
      ({
        deviceId: 'd',
        devcId: 1,
        devcLabel: null,
        timestamp: 0,
        datetime: '',
        volumeFlowrate,
        density,
        additional: { FIRST_a_0: first, LAST_a_1: last, MIN_a_2: first, MAX_a_3: last, COUNT_a_4: count },
      }) as unknown as AggregatedRow;
    const rows = [row(300, 900, 1000, 1300, 2), row(0, 903, 1300, 1300, 1)];
    const tiles = () =>
      tilesFor('flowmeter', rows, { state: 'ok', litres: 1208.86, seconds: 3725 }).map((t) => t.value);
    expect(both(tiles)).toEqual({
      en: ['200.00 L/h', '1,208.86 Liters', '901.00 kg/m³', '1:02:05'],
      id: ['200,00 L/h', '1.208,86 Liters', '901,00 kg/m³', '1:02:05'],
    });
    expect(both(() => percentText(99.995))).toEqual({ en: '100.00%', id: '100,00%' });
    expect(both(() => percent(12.5))).toEqual({ en: '12.50%', id: '12,50%' });
  });
});

describe('fleet map and measure tool', () => {
  it('writes distances, headings and speeds with units', () => {
    expect(both(() => qty(23.8846, 'NM'))).toEqual({ en: '23.88 NM', id: '23,88 NM' });
    expect(both(() => qty(1234.5, 'KM'))).toEqual({ en: '1,234.50 KM', id: '1.234,50 KM' });
    expect(both(() => qty(45.26, '°', 1))).toEqual({ en: '45.3°', id: '45,3°' });
    expect(both(() => qty(12, 'knot', [0, 2]))).toEqual({ en: '12 knot', id: '12 knot' });
  });
  it('writes coordinates with a point in both: a position is a comma-separated pair', () => {
    expect(both(() => formatLatLng({ lat: -6.2, lng: 106.8 }))).toEqual({
      en: '-6.20000, 106.80000',
      id: '-6.20000, 106.80000',
    });
    expect(both(() => coordinate(-6.123456, 6))).toEqual({ en: '-6.123456', id: '-6.123456' });
    expect(both(() => dms(-6.05, 'lat'))).toEqual({ en: '6°03\'00.0"S', id: '6°03\'00.0"S' });
  });
});
