import { text } from '../../api/i18n.ts';
import { ENTRY_LABEL, type ledgerRows } from '../../api/rob.ts';
import { formatDateTime, ROB_DIGITS } from '../../components/format.ts';
import { type Cell, xlsxNumber } from '../../components/xlsx.ts';
import { robTexts } from './texts.ts';

/**
 * The ROB ledger as a sheet (issue 31): the list's columns, the whole note (the list shortens it), litres as
 * numbers (an addition and a reduction both positive, as the list shows them).
 */
export function robLedgerSheet(rows: ReturnType<typeof ledgerRows>): Cell[][] {
  const t = (key: keyof typeof robTexts.en & string) => text(robTexts, key);
  const litres = (v: number | null | undefined) => xlsxNumber(v, ROB_DIGITS[1]);
  return [
    [t('time'), t('type'), t('note'), `${t('addition')} (L)`, `${t('reduction')} (L)`, `${t('robBalance')} (L)`],
    ...rows.map((r): Cell[] => {
      const change = r.entry.inventoryChange ?? 0;
      return [
        formatDateTime(new Date(r.time * 1000).toISOString()),
        ENTRY_LABEL[r.type],
        r.entry.note ?? null,
        change > 0 ? litres(change) : null,
        change < 0 ? litres(-change) : null,
        litres(r.entry.endInventory),
      ];
    }),
  ];
}
