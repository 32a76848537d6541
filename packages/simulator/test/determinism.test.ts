import { describe, expect, it } from 'vitest';
import { generateReadings, type Reading } from '../src/index.ts';
import { DAY, fleet, T0 } from './fleet.ts';

const collect = (it: Iterable<Reading[]>) => [...it].flat();
const keyOf = (r: Reading) => `${r.device}@${r.ts}`;

describe('determinism', () => {
  it('the same seed and time range give the same readings', () => {
    const a = collect(generateReadings({ seed: 'demo', vessels: fleet, start: T0, end: T0 + 6 * 3600 }));
    const b = collect(generateReadings({ seed: 'demo', vessels: fleet, start: T0, end: T0 + 6 * 3600 }));
    expect(a.length).toBeGreaterThan(6 * 60 * fleet.length * 2);
    expect(b).toEqual(a);
  }, 60_000);

  it('another seed gives another world', () => {
    const a = collect(generateReadings({ seed: 'demo', vessels: fleet, start: T0, end: T0 + 600 }));
    const b = collect(generateReadings({ seed: 'other', vessels: fleet, start: T0, end: T0 + 600 }));
    expect(b).not.toEqual(a);
  }, 60_000);

  it('a reading does not depend on where generation started, on the batch size or on the step', () => {
    const whole = new Map(
      collect(generateReadings({ seed: 'demo', vessels: fleet, start: T0, end: T0 + DAY, batchSteps: 7 })).map((r) => [
        keyOf(r),
        r,
      ]),
    );
    // started half a day later, one step per batch
    const later = collect(generateReadings({ seed: 'demo', vessels: fleet, start: T0 + DAY / 2, end: T0 + DAY }));
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) expect(whole.get(keyOf(r))).toEqual(r);
    // live readings every 10 s: those on the minute are the history's readings
    const live = collect(
      generateReadings({ seed: 'demo', vessels: fleet, start: T0 + 3600, end: T0 + 3 * 3600, stepSeconds: 10 }),
    );
    const onMinute = live.filter((r) => r.ts % 60 === 0);
    expect(onMinute.length).toBeGreaterThan(0);
    for (const r of onMinute) expect(whole.get(keyOf(r))).toEqual(r);
  }, 120_000);

  it('batches hold the asked number of time steps, in time order, within [start, end)', () => {
    const batches = [
      ...generateReadings({ seed: 'demo', vessels: fleet, start: T0 + 30, end: T0 + 3600, batchSteps: 10 }),
    ];
    const times = batches.map((b) => [...new Set(b.map((r) => r.ts))]);
    expect(times[0][0]).toBe(T0 + 60);
    expect(times.slice(0, -1).every((t) => t.length === 10)).toBe(true);
    const all = times.flat();
    expect(all).toEqual([...all].sort((x, y) => x - y));
    expect(Math.max(...all)).toBe(T0 + 3540);
  }, 60_000);
});
