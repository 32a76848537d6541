import type { Database } from '../../db/database.ts';
import { prepare } from '../../db/statements.ts';
import { pgText } from '../telemetry/sql.ts';
import { emptyTrack, type Intervals, type Track, unionIntervals } from './detect.ts';

/** The devices detection reads (docs/domain.md §2, §37): the GPS and the main engines with their thresholds. */
export interface VoyageDevices {
  gps: number | null;
  rpm: { devcId: number; threshold: number }[];
}

/**
 * Rows as arrays, one at a time: a vessel-year is half a million fixes, and on SQLite stepping through them costs
 * about two thirds of fetching them all as one array (measured: 460 against 740 ms CPU).
 */
async function eachRow(database: Database, text: string, params: unknown[], row: (r: unknown[]) => void) {
  if (database.dialect === 'sqlite') {
    for (const r of prepare(database.sqlite, text, true).iterate(...params)) row(r as unknown[]);
    return;
  }
  const res = await database.pool.query({ text: pgText(text), values: params, rowMode: 'array' });
  for (const r of res.rows) row(r);
}

/** A vessel's fixes from `from` on, oldest first, as detection reads them (§5: readings with a position). */
export async function readTrack(database: Database, gps: number, from: number): Promise<Track> {
  let t = emptyTrack(4096);
  let n = 0;
  await eachRow(
    database,
    `select ts, latitude, longitude, span_distance, moving_span from telemetry_gps
      where device_id = ? and ts >= ? and latitude is not null and longitude is not null order by ts`,
    [gps, from],
    (r) => {
      if (n === t.n) t = grown(t, n * 2);
      t.ts[n] = Number(r[0]);
      t.lat[n] = Number(r[1]);
      t.lng[n] = Number(r[2]);
      t.spanDistance[n] = Number(r[3] ?? 0);
      const moving = Number(r[4] ?? 0);
      t.movingSpan[n] = moving;
      // §7: moving_span is the span of a moving fix (0 otherwise)
      t.moving[n] = moving > 0 ? 1 : 0;
      n++;
    },
  );
  return grown(t, n);
}

/** The track with room for `size` fixes (the first min(n, size) kept). */
function grown(t: Track, size: number): Track {
  const out = emptyTrack(size);
  const keep = Math.min(t.n, size);
  out.ts.set(t.ts.subarray(0, keep));
  out.lat.set(t.lat.subarray(0, keep));
  out.lng.set(t.lng.subarray(0, keep));
  out.moving.set(t.moving.subarray(0, keep));
  out.spanDistance.set(t.spanDistance.subarray(0, keep));
  out.movingSpan.set(t.movingSpan.subarray(0, keep));
  return out;
}

/**
 * The main engines' running time from `from` on (§37.1): per side the credited spans (§5) of its samples above the
 * threshold (§9), the sides' union.
 */
export async function readRunning(database: Database, devices: VoyageDevices['rpm'], from: number): Promise<Intervals> {
  const lists: Intervals[] = [];
  for (const d of devices) {
    // only the running samples: their spans, merged while contiguous
    const iv: Intervals = { start: [], end: [] };
    await eachRow(
      database,
      'select ts, span from telemetry_rpm where device_id = ? and ts >= ? and rpm > ? and span > 0 order by ts',
      [d.devcId, from, d.threshold],
      (r) => {
        const b = Number(r[0]);
        const a = Math.max(from, b - Number(r[1]));
        if (b <= a) return;
        const k = iv.end.length - 1;
        if (k >= 0 && a <= iv.end[k]) iv.end[k] = b;
        else {
          iv.start.push(a);
          iv.end.push(b);
        }
      },
    );
    lists.push(iv);
  }
  return lists.length === 1 ? lists[0] : unionIntervals(lists);
}
