import type { EfficiencyRow } from '@fleet/shared/answers/efficiency.ts';
import { text } from '../../api/i18n.ts';
import { type Cell, xlsxNumber } from '../../components/xlsx.ts';
import { rankText, shownColumns } from './columns.ts';
import { efficiencyTexts } from './texts.ts';

const say = (key: keyof typeof efficiencyTexts.en, values?: Record<string, string | number>) =>
  text(efficiencyTexts, key, values);

/**
 * The table as rows of cells for the Excel and CSV downloads, in the language in force: the screen's columns and
 * headers; figures as numbers rounded to the screen's decimals (a spreadsheet can sum them), a missing one empty.
 */
export function efficiencyCells(rows: readonly EfficiencyRow[]): Cell[][] {
  const columns = shownColumns(rows);
  return [
    [say('vessel'), say('type'), say('rank'), ...columns.map((c) => c.title(say))],
    ...rows.map((r) => [
      r.massName,
      r.matyName,
      r.rank === null ? null : rankText(r, say),
      ...columns.map((c) => xlsxNumber(c.value(r), c.digits)),
    ]),
  ];
}
