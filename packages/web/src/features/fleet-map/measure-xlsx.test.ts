import { describe, expect, it } from 'vitest';
import { coordinateSheet } from './MeasureTool.tsx';
import { legs } from './measure.ts';

describe('measure tool XLSX (issue 28)', () => {
  it('writes heading, speed and distance as numbers with their units in the header', () => {
    const table = legs(
      [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 1 },
      ],
      10,
      'NM',
      Date.UTC(2026, 2, 1),
    );
    const rows = coordinateSheet(table, (k) => k, 'NM', 'knot');
    expect(rows[0]).toEqual(['from', 'to', 'heading (°)', 'speed (knot)', 'eta', 'distance (NM)', 'duration']);
    // 1° of longitude on the equator: 60.04 NM at 10 knots, heading 90°
    expect(rows[1]?.slice(2, 4)).toEqual([90, 10]);
    expect(typeof rows[1]?.[5]).toBe('number');
    expect(rows[1]?.[5]).toBeCloseTo(60.04, 1);
    expect(rows[2]?.[5]).toBe(rows[1]?.[5]);
  });
});
