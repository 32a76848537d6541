import { describe, expect, it } from 'vitest';
import { type EngineReading, inTimeOrder } from '../../src/modules/event-engine/readings.ts';
import { seededRandom } from '../helpers/random.ts';

const sorted = (list: EngineReading[]) =>
  [...list].sort((a, b) => a.ts - b.ts || a.deviceId - b.deviceId).map((r) => [r.deviceId, r.ts]);

describe('inTimeOrder: the engine evaluates readings by device time, same times by device id', () => {
  it('a batch as ingest hands it (each device’s readings together, in time order) is merged', () => {
    const list: EngineReading[] = [];
    for (const deviceId of [7, 3, 12])
      for (let ts = 100; ts <= 400; ts += deviceId === 3 ? 60 : 30) list.push({ deviceId, ts, values: [] });
    expect(inTimeOrder([...list]).map((r) => [r.deviceId, r.ts])).toEqual(sorted(list));
    // same times: by device id (3 before 7 before 12 at 100)
    expect(
      inTimeOrder([...list])
        .slice(0, 3)
        .map((r) => r.deviceId),
    ).toEqual([3, 7, 12]);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: any order, few or many runs, gives what a sort gives', (seed) => {
    const next = seededRandom(seed);
    const list: EngineReading[] = [];
    const devices = 1 + Math.floor(next() * (seed > 4 ? 60 : 8));
    const count = Math.floor(next() * 400);
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const deviceId = 1 + Math.floor(next() * devices);
      const ts = 1000 + Math.floor(next() * 300);
      if (used.has(`${deviceId}:${ts}`)) continue; // a device has one reading per time (ingest's key)
      used.add(`${deviceId}:${ts}`);
      list.push({ deviceId, ts, values: [] });
    }
    // half the seeds: grouped by device and time-ordered within, like ingest's rows
    if (seed % 2) list.sort((a, b) => a.deviceId - b.deviceId || a.ts - b.ts);
    expect(inTimeOrder([...list]).map((r) => [r.deviceId, r.ts])).toEqual(sorted(list));
  });
});
