import type { EfficiencyRow } from '@fleet/shared/answers/efficiency.ts';
import type { efficiencyTexts } from './texts.ts';

type TextKey = keyof typeof efficiencyTexts.en;
type Say = (key: TextKey, values?: Record<string, string | number>) => string;

/**
 * The figure columns of the table and of its downloads, in order (docs/domain.md §38): one list, so the screen, the
 * Excel and the CSV file show the same figures under the same headers with the same decimals. `optional` columns are
 * left out when no row has a figure in them (a fleet without mass meters has no kg columns).
 */
export interface FigureColumn {
  key: string;
  title: (t: Say) => string;
  digits: number;
  value: (r: EfficiencyRow) => number | null;
  /** a change in %, shown signed */
  change?: boolean;
  optional?: boolean;
}

const figure = (key: string, title: TextKey, digits: number, value: FigureColumn['value'], optional = false) =>
  ({ key, title: (t: Say) => t(title), digits, value, optional }) satisfies FigureColumn;
const change = (key: keyof EfficiencyRow['change'], figureText: TextKey): FigureColumn => ({
  key: `change.${key}`,
  title: (t) => t('change', { figure: t(figureText) }),
  digits: 1,
  value: (r) => r.change[key],
  change: true,
});

export const FIGURE_COLUMNS: FigureColumn[] = [
  figure('litresPerNm', 'litresPerNm', 2, (r) => r.litresPerNm),
  change('litresPerNm', 'litresPerNm'),
  figure('litresPerHour', 'litresPerHour', 1, (r) => r.litresPerHour),
  change('litresPerHour', 'litresPerHour'),
  figure('fuel', 'fuel', 0, (r) => r.fuel),
  change('fuel', 'fuelShort'),
  figure('distanceNm', 'distance', 1, (r) => r.distanceNm),
  figure('co2', 'co2', 3, (r) => r.co2),
  change('co2', 'co2Short'),
  figure('meFuel', 'meFuel', 0, (r) => r.meFuel),
  figure('aeFuel', 'aeFuel', 0, (r) => r.aeFuel),
  figure('meHours', 'meHours', 1, (r) => r.meHours),
  figure('underwayHours', 'underway', 1, (r) => r.underwayHours),
  figure('idleRunningHours', 'idleRunning', 1, (r) => r.idleRunningHours),
  figure('portHours', 'portHours', 1, (r) => r.portHours, true),
  figure('starboardHours', 'starboardHours', 1, (r) => r.starboardHours, true),
  ...([1, 2, 3] as const).map(
    (n): FigureColumn => ({
      key: `ae${n}Hours`,
      title: (t) => t('aeHours', { number: n }),
      digits: 1,
      value: (r) => r[`ae${n}Hours`],
      optional: true,
    }),
  ),
  figure('meFuel15', 'meFuel15', 0, (r) => r.meFuel15, true),
  figure('aeFuel15', 'aeFuel15', 0, (r) => r.aeFuel15, true),
  figure('meFuelKg', 'meFuelKg', 0, (r) => r.meFuelKg, true),
  figure('aeFuelKg', 'aeFuelKg', 0, (r) => r.aeFuelKg, true),
];

/** The columns this answer shows: an optional column only when some row has its figure. */
export const shownColumns = (rows: readonly EfficiencyRow[]) =>
  FIGURE_COLUMNS.filter((c) => !c.optional || rows.some((r) => c.value(r) !== null));

/** Rank as shown: "1 of 3"; '-' without one. */
export const rankText = (r: EfficiencyRow, t: Say) =>
  r.rank === null || r.rankOf === null ? '-' : t('rankOf', { rank: r.rank, of: r.rankOf });

/** Sorting with vessels without the figure last, whichever way the column is sorted (antd flips the result). */
export function compareNullsLast(a: number | null, b: number | null, order: 'ascend' | 'descend' | null | undefined) {
  if (a === null && b === null) return 0;
  if (a === null) return order === 'descend' ? -1 : 1;
  if (b === null) return order === 'descend' ? 1 : -1;
  return a - b;
}
