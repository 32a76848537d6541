import { describe, expect, it } from 'vitest';
import { bandColor, bandOf, indexAt, SPEED_BANDS, speedRuns, UNKNOWN_SPEED_COLOR } from './speed-bands.ts';

describe('the replay track coloured by speed', () => {
  it('puts a speed in its band: lower bound in, upper bound out; unknown apart', () => {
    expect(bandOf(null)).toBe(-1);
    expect(bandColor(-1)).toBe(UNKNOWN_SPEED_COLOR);
    expect(bandOf(0)).toBe(0);
    expect(bandOf(0.99)).toBe(0);
    expect(bandOf(1)).toBe(1);
    expect(bandOf(6.99)).toBe(2);
    expect(bandOf(7)).toBe(3);
    expect(bandOf(40)).toBe(SPEED_BANDS.length - 1);
  });

  it('joins segments of one band into one run; a segment takes the band of the fix ending it', () => {
    const p = (lat: number, speedKn: number | null) => ({ lat, lng: 100, speedKn });
    const runs = speedRuns([p(0, 0), p(1, 5), p(2, 5.5), p(3, 12), p(4, null)]);
    expect(runs).toEqual([
      // 0→1 and 1→2 end at 5 and 5.5 kn (band 2), sharing the fix at lat 1
      {
        band: 2,
        positions: [
          [0, 100],
          [1, 100],
          [2, 100],
        ],
      },
      {
        band: 4,
        positions: [
          [2, 100],
          [3, 100],
        ],
      },
      {
        band: -1,
        positions: [
          [3, 100],
          [4, 100],
        ],
      },
    ]);
    expect(speedRuns([p(0, 1)])).toEqual([]);
  });

  it("finds the last fix at or before the slider's time", () => {
    const pts = [{ ts: 100 }, { ts: 160 }, { ts: 220 }];
    expect(indexAt(pts, 50)).toBe(0);
    expect(indexAt(pts, 100)).toBe(0);
    expect(indexAt(pts, 159)).toBe(0);
    expect(indexAt(pts, 160)).toBe(1);
    expect(indexAt(pts, 1000)).toBe(2);
    expect(indexAt([], 5)).toBe(0);
  });
});
