import type { RobBelowZeroRun } from '@fleet/shared/bunker.ts';
import { Alert } from 'antd';
import { text, useTexts } from '../../api/i18n.ts';
import { formatDateTime, robLitres } from '../../components/format.ts';
import { robTexts } from './texts.ts';

// the warning's texts are robTexts' belowZero… (docs/domain.md §25.5; the spec has none: docs/spec-deviations.md)

/** At most this many periods below zero are named; the rest are counted. */
const SHOWN_RUNS = 3;

const at = (t: number) => formatDateTime(new Date(t * 1000).toISOString());

/** The warning's lines, in the language in force: when the balance first went below zero, then each period below zero. */
export function belowZeroLines(runs: RobBelowZeroRun[]): string[] {
  if (!runs.length) return [];
  const lines = [text(robTexts, 'firstBelowZero', { time: at(runs[0].start) })];
  for (const r of runs.slice(0, SHOWN_RUNS))
    lines.push(
      r.end === null
        ? text(robTexts, 'belowZeroSince', { start: at(r.start), lowest: robLitres(r.lowest) })
        : text(robTexts, 'belowZeroFromTo', { start: at(r.start), end: at(r.end), lowest: robLitres(r.lowest) }),
    );
  const more = runs.length - SHOWN_RUNS;
  if (more > 0) lines.push(text(robTexts, more > 1 ? 'morePeriods' : 'oneMorePeriod', { count: more }));
  return lines;
}

/** The tag on the ledger row after which a period below zero began. */
export const belowZeroTag = (start: number) => text(robTexts, 'belowZeroTag', { time: at(start) });

/** The ledger rows (`time-type`, as ledgerRows keys them) after which a period below zero began, with its start. */
export function belowZeroRowStarts(runs: RobBelowZeroRun[]): Map<string, number> {
  return new Map(runs.map((r) => [`${r.entry.time}-${r.entry.type}`, r.start]));
}

/** The warning above the ROB summary cards; nothing when the balance never went below zero. */
export function RobBelowZeroAlert({ runs }: { runs: RobBelowZeroRun[] }) {
  const t = useTexts(robTexts);
  if (!runs.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="rob-below-zero"
      data-testid="rob-below-zero"
      message={t('belowZeroTitle')}
      description={
        <>
          {belowZeroLines(runs).map((line) => (
            <div key={line}>{line}</div>
          ))}
          <div className="rob-below-zero-hint">{t('belowZeroHint')}</div>
        </>
      }
    />
  );
}
