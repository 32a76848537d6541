import type { RobRow } from '@fleet/shared/answers/resource-rows.ts';
import type { RobAnswer, RobEntryType, RobLedgerEntry } from '@fleet/shared/bunker.ts';
import { liveTexts } from './texts.ts';

/** GET /api/summary/rob/{id}: its `master` is the ROB profile row. */
export type RobSummary = Omit<RobAnswer, 'master'> & { master: RobRow };

/** Texts of spec 002 §2.16 and §8, in the language in force when read. */
export const ROB_TEXTS = liveTexts({
  loadFailed: 'robLoadFailed',
  detailFailed: 'robDetailFailed',
  adjustmentsFailed: 'robAdjustmentsFailed',
  refreshFailed: 'robRefreshFailed',
  empty: 'robEmpty',
  noSummary: 'robNoSummary',
  noLogs: 'robNoLogs',
  noAdjustments: 'robNoAdjustments',
  allRequired: 'robAllRequired',
  confirm: 'robConfirm',
});

export const ENTRY_LABEL: Readonly<Record<RobEntryType, string>> = liveTexts({
  fuelcons: 'entryFuelcons',
  bunker: 'entryBunker',
  adjustments: 'entryAdjustments',
});

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
