import type { Summary } from '@fleet/shared/answers/summary.ts';

/** The summary API with the AE meter deltas (docs/domain.md §13), which the /report screen does not read. */
export type LinkSummary = Summary & {
  flowmeter:
    | (NonNullable<Summary['flowmeter']> & { summary: { AE_IN?: number | null; AE_OUT?: number | null } })
    | null;
};

/**
 * The three summary-table layouts of spec 002 §2.4: a single engine; twin engines with the auxiliary engines'
 * own meters (AE_IN/AE_OUT) in the centre column; twin engines with a centre column 'N/A'.
 */
export type TableLayout = 'single' | 'twin-ae' | 'twin-na';

export function tableLayout(s: Pick<Summary, 'singleEngine' | 'hasAeFlowmeter'>): TableLayout {
  if (s.singleEngine) return 'single';
  return s.hasAeFlowmeter ? 'twin-ae' : 'twin-na';
}

/** Spec 002 §2.3 timezone label: GMT +007 for +7 hours; half hours as +005:30. */
export function gmtLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const abs = Math.abs(hours);
  const h = String(Math.floor(abs)).padStart(3, '0');
  const m = Math.round((abs % 1) * 60);
  return `GMT ${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
