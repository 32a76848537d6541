import { describe, expect, it } from 'vitest';
import {
  detectLegs,
  emptyTrack,
  type Intervals,
  motionHours,
  subtractIntervals,
  type Track,
} from '../../src/modules/voyages/detect.ts';
import type { StopPlace } from '../../src/modules/voyages/places.ts';

/**
 * The pure detection (docs/domain.md §37.3) on hand-made tracks: one fix a minute, positions along a meridian
 * (1 NM = 1/60° of latitude), each stop's place named by its latitude.
 */
const MIN = 60;
type Step = { knots: number; minutes: number };

function track(steps: Step[]): Track {
  const n = 1 + steps.reduce((s, x) => s + x.minutes, 0);
  const t = emptyTrack(n);
  let i = 1;
  let lat = 0;
  for (const s of steps)
    for (let k = 0; k < s.minutes; k++, i++) {
      const metres = (s.knots * 1852) / 60;
      lat += s.knots / 60 / 60;
      t.ts[i] = i * MIN;
      t.lat[i] = lat;
      t.spanDistance[i] = metres;
      t.moving[i] = s.knots > 1 ? 1 : 0;
      t.movingSpan[i] = s.knots > 1 ? MIN : 0;
    }
  return t;
}
const classify = (lat: number): StopPlace => ({ kind: 'berth', place: `P${Math.round(lat * 60)}` });
const none: Intervals = { start: [], end: [] };
const kinds = (t: Track, running = none, tug = false) =>
  detectLegs(t, running, { tug, classify }).map((l) => [l.kind, l.start / MIN, l.end / MIN]);

describe('leg detection (docs/domain.md §37.3)', () => {
  it('a pause shorter than 15 minutes stays inside the passage; 15 minutes make a stop', () => {
    expect(
      kinds(
        track([
          { knots: 0, minutes: 30 },
          { knots: 10, minutes: 60 },
          { knots: 0, minutes: 14 },
          { knots: 10, minutes: 60 },
          { knots: 0, minutes: 30 },
        ]),
      ),
    ).toEqual([
      ['berth', 0, 30],
      ['underway', 30, 164],
      ['berth', 164, 194],
    ]);
    expect(
      kinds(
        track([
          { knots: 0, minutes: 30 },
          { knots: 10, minutes: 60 },
          { knots: 0, minutes: 15 },
          { knots: 10, minutes: 60 },
        ]),
      ),
    ).toEqual([
      ['berth', 0, 30],
      ['underway', 30, 90],
      ['berth', 90, 105],
      ['underway', 105, 165],
    ]);
  });

  it('a move of less than 0.5 NM between two stops joins them (shifting along the quay)', () => {
    // 2 minutes at 10 kn = 0.33 NM
    expect(
      kinds(
        track([
          { knots: 0, minutes: 30 },
          { knots: 10, minutes: 2 },
          { knots: 0, minutes: 30 },
        ]),
      ),
    ).toEqual([['berth', 0, 62]]);
    // 4 minutes = 0.67 NM: a passage
    expect(
      kinds(
        track([
          { knots: 0, minutes: 30 },
          { knots: 10, minutes: 4 },
          { knots: 0, minutes: 30 },
        ]),
      ),
    ).toEqual([
      ['berth', 0, 30],
      ['underway', 30, 34],
      ['berth', 34, 64],
    ]);
  });

  it('a tug under power below 7 kn is towing; the same without a tug, at 9 kn or with the engine stopped is under way', () => {
    const t = track([
      { knots: 0, minutes: 30 },
      { knots: 5, minutes: 60 },
      { knots: 0, minutes: 30 },
    ]);
    const running: Intervals = { start: [30 * MIN], end: [90 * MIN] };
    expect(kinds(t, running, true)[1]).toEqual(['towing', 30, 90]);
    expect(kinds(t, running, false)[1]).toEqual(['underway', 30, 90]);
    expect(kinds(t, none, true)[1]).toEqual(['underway', 30, 90]);
    // the engine runs 29 of 60 minutes: less than half
    expect(kinds(t, { start: [30 * MIN], end: [59 * MIN] }, true)[1]).toEqual(['underway', 30, 90]);
    const fast = track([
      { knots: 0, minutes: 30 },
      { knots: 9, minutes: 60 },
      { knots: 0, minutes: 30 },
    ]);
    expect(kinds(fast, running, true)[1]).toEqual(['underway', 30, 90]);
  });

  it('places: a passage runs from the stop before it to the stop after it; the last leg is ongoing', () => {
    const legs = detectLegs(
      track([
        { knots: 0, minutes: 30 },
        { knots: 10, minutes: 60 },
        { knots: 0, minutes: 30 },
      ]),
      none,
      {
        tug: false,
        classify,
      },
    );
    expect(legs.map((l) => [l.fromPlace, l.toPlace, l.ongoing])).toEqual([
      ['P0', 'P0', false],
      ['P0', 'P10', false],
      ['P10', 'P10', true],
    ]);
    expect(detectLegs(emptyTrack(1), none, { tug: false, classify })).toEqual([]);
  });

  it('§37.1 idle running: the running time less the under-way time, per UTC hour', () => {
    expect(subtractIntervals({ start: [0, 100], end: [50, 200] }, { start: [10, 120], end: [20, 150] })).toEqual({
      start: [0, 20, 100, 150],
      end: [10, 50, 120, 200],
    });
    // under way minutes 30–90; the engine runs minutes 20–100: idle 10 + 10 minutes, in hours 0 and 1
    const t = track([
      { knots: 0, minutes: 30 },
      { knots: 10, minutes: 60 },
      { knots: 0, minutes: 30 },
    ]);
    expect(motionHours(t, { start: [20 * MIN], end: [100 * MIN] }, 0)).toEqual([
      { hour: 0, underwaySeconds: 1800, idleRunningSeconds: 600 },
      { hour: 3600, underwaySeconds: 1800, idleRunningSeconds: 600 },
    ]);
  });
});
