import type { RobBelowZeroRun } from '@fleet/shared/bunker.ts';
import { Alert } from 'antd';
import { formatDateTime, robLitres } from '../../components/format.ts';

/** Texts of the ROB below-zero warning (docs/domain.md §25.5; the spec has none: docs/spec-deviations.md). */
export const BELOW_ZERO_TEXTS = {
  title: 'Fuel on board below zero',
  hint: 'A tank cannot hold less than nothing: a bunkering may be missing, or the initial value or an adjustment is too low.',
} as const;

/** At most this many periods below zero are named; the rest are counted. */
const SHOWN_RUNS = 3;

const at = (t: number) => formatDateTime(new Date(t * 1000).toISOString());

/** The warning's lines: when the balance first went below zero, then each period below zero. */
export function belowZeroLines(runs: RobBelowZeroRun[]): string[] {
  if (!runs.length) return [];
  const lines = [`First below zero at ${at(runs[0].start)}.`];
  for (const r of runs.slice(0, SHOWN_RUNS))
    lines.push(
      r.end === null
        ? `Below zero since ${at(r.start)}, lowest ${robLitres(r.lowest)} (still below zero).`
        : `Below zero from ${at(r.start)} to ${at(r.end)}, lowest ${robLitres(r.lowest)}.`,
    );
  const more = runs.length - SHOWN_RUNS;
  if (more > 0) lines.push(`… and ${more} more period${more > 1 ? 's' : ''} below zero.`);
  return lines;
}

/** The tag on the ledger row after which a period below zero began. */
export const belowZeroTag = (start: number) => `Below zero from ${at(start)}`;

/** The ledger rows (`time-type`, as ledgerRows keys them) after which a period below zero began, with its start. */
export function belowZeroRowStarts(runs: RobBelowZeroRun[]): Map<string, number> {
  return new Map(runs.map((r) => [`${r.entry.time}-${r.entry.type}`, r.start]));
}

/** The warning above the ROB summary cards; nothing when the balance never went below zero. */
export function RobBelowZeroAlert({ runs }: { runs: RobBelowZeroRun[] }) {
  if (!runs.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="rob-below-zero"
      data-testid="rob-below-zero"
      message={BELOW_ZERO_TEXTS.title}
      description={
        <>
          {belowZeroLines(runs).map((line) => (
            <div key={line}>{line}</div>
          ))}
          <div className="rob-below-zero-hint">{BELOW_ZERO_TEXTS.hint}</div>
        </>
      }
    />
  );
}
