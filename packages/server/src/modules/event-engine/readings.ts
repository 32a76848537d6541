/** The readings a batch hands the engine, and the order it evaluates them in. */

/** A stored reading handed to the engine: its device, device time and values in catalogue metric order (ingest's rows as they are). */
export interface EngineReading {
  deviceId: number;
  ts: number;
  values: (number | null)[];
}

/**
 * A batch's stored readings for the engine by asset, each device's in time order, asked for once the definitions
 * are current: `wanted` says which devices the engine reads (a device some definition reads, or any device of an
 * asset to reconcile).
 */
export type ReadingSource = (wanted: (devcId: number, massId: number) => boolean) => Map<number, EngineReading[]>;

/** Up to this many runs are merged (a linear pick per reading); more are sorted. */
const MERGE_DEVICES = 32;

/**
 * The readings in device-time order, same times by device id. The source hands each device's readings together
 * and in time order: those runs are merged, cheaper than a sort with a comparator; many runs are sorted.
 */
export function inTimeOrder(list: EngineReading[]): EngineReading[] {
  const starts: number[] = [0];
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1];
    const b = list[i];
    if (b.deviceId === a.deviceId && b.ts > a.ts) continue;
    starts.push(i);
    if (starts.length > MERGE_DEVICES) return list.sort(byTime);
  }
  const k = starts.length;
  if (k === 1) return list;
  const ends = starts.slice(1);
  ends.push(list.length);
  const out: EngineReading[] = new Array(list.length);
  for (let o = 0; o < list.length; o++) {
    let best = -1;
    for (let j = 0; j < k; j++) {
      if (starts[j] === ends[j]) continue;
      if (best < 0) {
        best = j;
        continue;
      }
      const r = list[starts[j]];
      const b = list[starts[best]];
      if (r.ts < b.ts || (r.ts === b.ts && r.deviceId < b.deviceId)) best = j;
    }
    out[o] = list[starts[best]++];
  }
  return out;
}

const byTime = (a: EngineReading, b: EngineReading) => a.ts - b.ts || a.deviceId - b.deviceId;
