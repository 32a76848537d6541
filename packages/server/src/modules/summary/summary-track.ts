import { BUCKET_SECONDS, type BucketUnit } from '@fleet/shared';
import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { ROLLUPS, rollupTable, statColumn, vectorColumn } from '../telemetry/rollup.ts';
import { query } from '../telemetry/sql.ts';
import { splitPeriod } from './summary-inputs.ts';

/**
 * docs/domain.md §7 track: Σ sin and Σ cos of the GPS track per requested bucket. Whole UTC hours come from the hourly
 * rollup's `track_sin`/`track_cos` when every bucket is a union of hours; the partial hours at the period's edges (and
 * MINUTE buckets, quarter-hour timezones) from the raw fixes, by the same sums.
 */
export async function trackSums(
  database: Database,
  gpsId: number,
  o: { start: number; end: number; unit: BucketUnit; tz: number },
) {
  const size = BUCKET_SECONDS[o.unit];
  const shift = Math.round(o.tz * 3600);
  const bucket = (col: string) => `((${col} + ${shift}) / ${size}) * ${size} - ${shift}`;
  const { hours, ranges } = splitPeriod(o);
  const gps = TELEMETRY_TYPES.gps;
  const track = gps.metrics.find((m) => m.column === 'track')!;
  const parts = await Promise.all([
    ...(hours
      ? [
          query(
            database,
            `select ${bucket('bucket')} as b, sum(${vectorColumn(track, 'sin')}) as s, sum(${vectorColumn(track, 'cos')}) as c
               from ${rollupTable(gps, ROLLUPS[0])}
              where device_id = ? and bucket >= ? and bucket < ? and ${statColumn(track, 'n')} > 0
              group by ${bucket('bucket')}`,
            [gpsId, ...hours],
          ),
        ]
      : []),
    ...ranges.map(([a, b]) =>
      query(
        database,
        `select ${bucket('ts')} as b, sum(sin(radians(track))) as s, sum(cos(radians(track))) as c
           from ${gps.table}
          where device_id = ? and ts >= ? and ts < ? and track is not null
          group by ${bucket('ts')}`,
        [gpsId, a, b],
      ),
    ),
  ]);
  const out = new Map<number, { sin: number; cos: number }>();
  for (const rows of parts)
    for (const r of rows) {
      const b = Number(r.b);
      const sums = out.get(b) ?? { sin: 0, cos: 0 };
      sums.sin += Number(r.s);
      sums.cos += Number(r.c);
      out.set(b, sums);
    }
  return out;
}
