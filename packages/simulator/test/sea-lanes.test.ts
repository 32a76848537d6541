import { beforeAll, describe, expect, it } from 'vitest';
import { LANES, PORTS } from '../src/geography.ts';
import { generateReadings } from '../src/index.ts';
import { DAY, fleet, T0 } from './fleet.ts';
import { landIndex } from './land.ts';

let land: ReturnType<typeof landIndex>;
beforeAll(() => {
  // Indonesia and around, Natural Earth 1:10m land
  land = landIndex([94, -12, 142, 7]);
});

describe('sea lanes', () => {
  it('every lane and harbour approach stays at sea, checked every 500 m against Natural Earth land', () => {
    const ashore: string[] = [];
    let samples = 0;
    for (const lane of LANES.values()) {
      const steps = Math.ceil(lane.length / 500);
      for (let i = 0; i <= steps; i++) {
        const p = lane.at((lane.length * i) / steps);
        samples++;
        if (land.isLand(p.lon, p.lat))
          ashore.push(
            `${lane.id} at ${Math.round((lane.length * i) / steps)} m (${p.lat.toFixed(4)}, ${p.lon.toFixed(4)})`,
          );
      }
    }
    expect(land.shapes).toBeGreaterThan(100);
    expect(samples).toBeGreaterThan(10_000);
    expect(ashore).toEqual([]);
  });

  it('the land test does find land (Java, Borneo, Sulawesi)', () => {
    expect(land.isLand(110.4, -7.0)).toBe(true); // Central Java
    expect(land.isLand(114.0, 0.0)).toBe(true); // Kalimantan
    expect(land.isLand(120.0, -3.0)).toBe(true); // Sulawesi
    expect(land.isLand(112.0, -5.0)).toBe(false); // Java Sea
  });

  it('every port is connected: each has a harbour lane and a voyage to another port', () => {
    for (const p of PORTS) {
      expect(LANES.get(p.id)?.length, p.id).toBeGreaterThan(3000);
      expect(
        [...LANES.values()].some((l) => l.from === p.id && l.to !== p.id),
        p.id,
      ).toBe(true);
    }
  });

  it("the fleet's GPS fixes over 30 days are all at sea", () => {
    const ashore: string[] = [];
    let fixes = 0;
    for (const batch of generateReadings({
      seed: 'demo',
      vessels: fleet,
      start: T0,
      end: T0 + 30 * DAY,
      stepSeconds: 600,
    })) {
      for (const r of batch) {
        if (!('latitude' in r.data)) continue;
        fixes++;
        if (land.isLand(r.data.longitude, r.data.latitude))
          ashore.push(`${r.device} ${r.ts} (${r.data.latitude}, ${r.data.longitude})`);
      }
    }
    expect(fixes).toBeGreaterThan(15_000);
    expect(ashore).toEqual([]);
  }, 120_000);
});
