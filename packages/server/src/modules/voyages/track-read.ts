import type { Database } from '../../db/database.ts';
import { queryArrays } from '../telemetry/sql.ts';
import { emptyTrack, type Intervals, type Track, unionIntervals } from './detect.ts';

/** The devices detection reads (docs/domain.md §2, §37): the GPS and the main engines with their thresholds. */
export interface VoyageDevices {
  gps: number | null;
  rpm: { devcId: number; threshold: number }[];
}

/** A vessel's fixes from `from` on, oldest first, as detection reads them (§5: readings with a position). */
export async function readTrack(database: Database, gps: number, from: number): Promise<Track> {
  const rows = await queryArrays(
    database,
    `select ts, latitude, longitude, span, span_distance, moving_span from telemetry_gps
      where device_id = ? and ts >= ? and latitude is not null and longitude is not null order by ts`,
    [gps, from],
  );
  const t = emptyTrack(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    t.ts[i] = Number(r[0]);
    t.lat[i] = Number(r[1]);
    t.lng[i] = Number(r[2]);
    t.span[i] = Number(r[3] ?? 0);
    t.spanDistance[i] = Number(r[4] ?? 0);
    const moving = Number(r[5] ?? 0);
    t.movingSpan[i] = moving;
    // §7: moving_span is the span of a moving fix; a device's first fix has no span but may be moving
    t.moving[i] = moving > 0 ? 1 : 0;
  }
  return t;
}

/**
 * The main engines' running time from `from` on (§37.1): per side the credited spans (§5) of its samples above the
 * threshold (§9), the sides' union.
 */
export async function readRunning(database: Database, devices: VoyageDevices['rpm'], from: number): Promise<Intervals> {
  const lists: Intervals[] = [];
  for (const d of devices) {
    // only the running samples: their spans, merged while contiguous
    const rows = await queryArrays(
      database,
      'select ts, span from telemetry_rpm where device_id = ? and ts >= ? and rpm > ? and span > 0 order by ts',
      [d.devcId, from, d.threshold],
    );
    const iv: Intervals = { start: [], end: [] };
    for (const r of rows) {
      const b = Number(r[0]);
      const a = Math.max(from, b - Number(r[1]));
      if (b <= a) continue;
      const k = iv.end.length - 1;
      if (k >= 0 && a <= iv.end[k]) iv.end[k] = b;
      else {
        iv.start.push(a);
        iv.end.push(b);
      }
    }
    lists.push(iv);
  }
  return lists.length === 1 ? lists[0] : unionIntervals(lists);
}
