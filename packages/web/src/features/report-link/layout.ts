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
