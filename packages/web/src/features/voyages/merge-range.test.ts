import { describe, expect, it } from 'vitest';
import { mergeRange } from './LegActions.tsx';
import { leg, T0 } from './legs.fixture.ts';

const H = 3600;

/**
 * docs/domain.md §37.5: a merge names the first leg's own start and the last leg's own end. The period [T0, T0 + 3 h)
 * clips its last leg, an anchorage of [T0 + 2 h, T0 + 6 h), to [T0 + 2 h, T0 + 3 h).
 */
describe('mergeRange', () => {
  const legs = [
    leg({ start: T0, end: T0 + H, kind: 'berth' }),
    leg({ start: T0 + H, end: T0 + 2 * H }),
    leg({ start: T0 + 2 * H, end: T0 + 3 * H, legEnd: T0 + 6 * H, kind: 'anchor' }),
  ];
  const ids = legs.map((l) => l.id);

  it('a clipped last leg merges to its own end, not the period’s', () => {
    const r = mergeRange(legs, [ids[2], ids[1]]);
    expect(r?.first.id).toBe(ids[1]);
    expect(r?.last.id).toBe(ids[2]);
    expect(r?.request).toEqual({ action: 'merge', start: T0 + H, end: T0 + 6 * H });
  });

  it('a clipped first leg merges from its own start', () => {
    const clipped = [leg({ start: T0, end: T0 + H, legStart: T0 - 5 * H }), leg({ start: T0 + H, end: T0 + 2 * H })];
    expect(clipped[0].id).toBe(`7-${T0 - 5 * H}`);
    expect(
      mergeRange(
        clipped,
        clipped.map((l) => l.id),
      )?.request,
    ).toEqual({
      action: 'merge',
      start: T0 - 5 * H,
      end: T0 + 2 * H,
    });
  });

  it('needs two or more consecutive legs of the list', () => {
    expect(mergeRange(legs, [ids[0]])).toBeNull();
    expect(mergeRange(legs, [ids[0], ids[2]])).toBeNull();
    expect(mergeRange(legs, ['7-1', ids[1]])).toBeNull();
    expect(mergeRange(legs, ids)?.request).toEqual({ action: 'merge', start: T0, end: T0 + 6 * H });
  });
});
