import type { RobBelowZeroRun } from '@fleet/shared/bunker.ts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { text } from '../../api/i18n.ts';
import { formatDateTime } from '../../components/format.ts';
import { belowZeroLines, belowZeroRowStarts, belowZeroTag, RobBelowZeroAlert } from './RobBelowZero.tsx';
import { robTexts } from './texts.ts';

const H = 3600;
/** 2025-03-01 00:00 at +7 (docs/domain.md §25.5's example day) */
const T0 = Date.UTC(2025, 1, 28, 17, 0, 0) / 1000;
const at = (t: number) => formatDateTime(new Date(t * 1000).toISOString());

/** The two runs of docs/domain.md §25.5's worked example. */
const RUNS: RobBelowZeroRun[] = [
  { start: T0 + 7 * H, end: T0 + 10 * H, entry: { time: T0, type: 'fuelcons' }, before: 2000, lowest: -1000 },
  { start: T0 + 19 * H, end: null, entry: { time: T0 + 15 * H, type: 'fuelcons' }, before: 1000, lowest: -500 },
];

describe('ROB below zero warning (docs/domain.md §25.5)', () => {
  it('names when the balance first went below zero, then each period, the open one as still below', () => {
    expect(belowZeroLines(RUNS)).toEqual([
      `First below zero at ${at(T0 + 7 * H)}.`,
      `Below zero from ${at(T0 + 7 * H)} to ${at(T0 + 10 * H)}, lowest -1,000.0 L.`,
      `Below zero since ${at(T0 + 19 * H)}, lowest -500.0 L (still below zero).`,
    ]);
    expect(belowZeroLines([])).toEqual([]);
  });

  it('names three periods and counts the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({
      ...RUNS[0],
      start: T0 + i * 10 * H,
      end: T0 + (i * 10 + 1) * H,
    }));
    const lines = belowZeroLines(many);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('… and 2 more periods below zero.');
  });

  it('marks the ledger rows after which a period began, keyed as the table keys them', () => {
    const starts = belowZeroRowStarts(RUNS);
    expect([...starts]).toEqual([
      [`${T0}-fuelcons`, T0 + 7 * H],
      [`${T0 + 15 * H}-fuelcons`, T0 + 19 * H],
    ]);
    expect(belowZeroTag(T0 + 7 * H)).toBe(`Below zero from ${at(T0 + 7 * H)}`);
  });

  it('shows the warning with its lines and hint, and nothing without a period below zero', () => {
    const view = render(<RobBelowZeroAlert runs={RUNS} />);
    const alert = view.getByTestId('rob-below-zero');
    expect(alert.textContent).toContain('Fuel on board below zero');
    expect(alert.textContent).toContain(`First below zero at ${at(T0 + 7 * H)}.`);
    expect(alert.textContent).toContain('(still below zero)');
    expect(alert.textContent).toContain(text(robTexts, 'belowZeroHint'));
    view.unmount();
    expect(render(<RobBelowZeroAlert runs={[]} />).container.textContent).toBe('');
  });
});
