import type { DcsVessel, EmissionsPeriod, EmissionsVessel } from '@fleet/shared/answers/emissions.ts';
import { text } from '../../api/i18n.ts';
import { type Cell, xlsxNumber } from '../../components/xlsx.ts';
import { emissionsTexts } from './texts.ts';

type TextKey = keyof typeof emissionsTexts.en;

/** One column of a table and of its download: its header, its value and the decimals shown. */
export interface Column<T> {
  key: TextKey;
  value: (row: T) => number | string | null;
  /** a number's decimals; a text column has none */
  digits?: number;
}

/** §39.1: the period's table. */
export const PERIOD_COLUMNS: Column<EmissionsVessel>[] = [
  { key: 'vessel', value: (r) => r.massName },
  { key: 'fuelType', value: (r) => r.fuelType?.name ?? null },
  { key: 'fuelLitres', value: (r) => r.fuelLitres, digits: 0 },
  { key: 'fuelTonnes', value: (r) => r.fuelTonnes, digits: 3 },
  { key: 'co2', value: (r) => r.co2Tonnes, digits: 3 },
  { key: 'distance', value: (r) => r.distanceNm, digits: 1 },
];

/** The CII's letter (with "indicative" where reg. 28 does not apply) or why there is none, as text. */
export function ratingText(v: DcsVessel): string {
  if (v.cii) return v.cii.applies ? v.cii.rating : `${v.cii.rating} (${text(emissionsTexts, 'indicative')})`;
  return v.ciiReason ? text(emissionsTexts, `reason_${v.ciiReason}`) : '';
}

/** §39.2–§39.4: the DCS year's table. */
export const DCS_COLUMNS: Column<DcsVessel>[] = [
  { key: 'vessel', value: (r) => r.massName },
  { key: 'fuelType', value: (r) => r.fuelType?.name ?? null },
  { key: 'fuelTonnes', value: (r) => r.fuelTonnes, digits: 3 },
  { key: 'distance', value: (r) => r.distanceNm, digits: 1 },
  { key: 'hoursUnderway', value: (r) => r.hoursUnderway, digits: 1 },
  { key: 'co2', value: (r) => r.co2Tonnes, digits: 3 },
  { key: 'dwt', value: (r) => r.dwt, digits: 0 },
  { key: 'gt', value: (r) => r.gt, digits: 0 },
  { key: 'aer', value: (r) => r.aer, digits: 2 },
  { key: 'cgDist', value: (r) => r.cgDist, digits: 2 },
  { key: 'ciiAttained', value: (r) => r.cii?.attained ?? null, digits: 2 },
  { key: 'ciiRequired', value: (r) => r.cii?.required ?? null, digits: 2 },
  { key: 'rating', value: ratingText },
];

function cell<T>(c: Column<T>, row: T): Cell {
  const v = c.value(row);
  return typeof v === 'number' ? xlsxNumber(v, c.digits) : v;
}

/** A download's rows: the headers in the language in force, then one row per vessel as numbers. */
export function exportRows<T>(columns: Column<T>[], rows: T[]): Cell[][] {
  return [columns.map((c) => text(emissionsTexts, c.key)), ...rows.map((r) => columns.map((c) => cell(c, r)))];
}

/** The period's download: the vessels, then the fleet's sums. */
export function periodRows(answer: EmissionsPeriod): Cell[][] {
  const f = answer.fleet;
  const fleet: EmissionsVessel = {
    massId: 0,
    massName: text(emissionsTexts, 'fleet'),
    fuelType: null,
    fuelLitres: f.fuelLitres,
    fuelTonnes: f.fuelTonnes,
    co2Tonnes: f.co2Tonnes,
    distanceNm: f.distanceNm,
  };
  return exportRows(PERIOD_COLUMNS, [...answer.vessels, fleet]);
}
