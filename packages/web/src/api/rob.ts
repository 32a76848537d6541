import type { RobRow } from '@fleet/shared/answers/resource-rows.ts';
import type { RobAnswer, RobEntryType, RobLedgerEntry } from '@fleet/shared/bunker.ts';

/** GET /api/summary/rob/{id}: its `master` is the ROB profile row. */
export type RobSummary = Omit<RobAnswer, 'master'> & { master: RobRow };

/** Texts of spec 002 §2.16 and §8. */
export const ROB_TEXTS = {
  loadFailed: 'Failed to load data. Please try again.',
  detailFailed: 'Failed to fetch details. Please try again.',
  adjustmentsFailed: 'Failed to fetch adjustments.',
  refreshFailed: 'Failed to refresh summary. Please try again.',
  empty: 'No data available for this asset.',
  noSummary: 'Summary data is not available for this ROB profile.',
  noLogs: 'No log data available for this interval.',
  noAdjustments: 'No adjustment data available.',
  allRequired: 'All fields are required.',
  confirm: 'Confirm?',
} as const;

export const ENTRY_LABEL: Record<RobEntryType, string> = {
  fuelcons: 'Fuel Consumption',
  bunker: 'Bunker',
  adjustments: 'Adjustment',
};

/** One table row per ledger entry, in time order (fuel consumption after the events of the same instant). */
export function ledgerRows(details: RobSummary['summary']['details']) {
  const order: RobEntryType[] = ['bunker', 'adjustments', 'fuelcons'];
  const rows: { key: string; time: number; type: RobEntryType; entry: RobLedgerEntry }[] = [];
  for (const d of details)
    for (const ts of Object.keys(d.logs).sort((a, b) => Number(a) - Number(b)))
      for (const type of order) {
        const entry = d.logs[ts][type];
        if (entry) rows.push({ key: `${ts}-${type}`, time: Number(ts), type, entry });
      }
  return rows;
}
