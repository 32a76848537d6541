import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { TRACK_WITHOUT_FIX, TRACK_WITHOUT_FIX_INDEX } from '../../db/migrations/034_gps_track_without_fix.ts';
import { ROLLUPS, rollupTable, statColumn, vectorColumn } from '../telemetry/rollup.ts';
import { query } from '../telemetry/sql.ts';
import { type Frame, framePieces, HOUR } from './summary-domain.ts';

/**
 * docs/domain.md §7 track: Σ sin, Σ cos and the count of the fixes' track per bucket of a frame. The UTC hours that
 * lie wholly inside the period and one bucket come from the hourly rollup's `track_sin`/`track_cos`/`track_n` less the
 * readings without a position among them; the rest of the period (edge partial hours, MINUTE buckets, hours a bucket
 * boundary cuts) from the raw fixes, by the same sums.
 */
export async function trackSums(database: Database, gpsId: number, f: Frame) {
  const out = new Map<number, { sin: number; cos: number; n: number }>();
  if (!f.grid) return out;
  const { size, shift } = f.grid;
  const bucket = (col: string) => `((${col} + ${shift}) / ${size}) * ${size} - ${shift}`;
  const pieces = framePieces(f);
  const gps = TELEMETRY_TYPES.gps;
  const track = gps.metrics.find((m) => m.column === 'track')!;
  const fix = 'latitude is not null and longitude is not null';
  const hourOf = `((ts / ${HOUR}) * ${HOUR})`;
  const sums = (where: string, params: unknown[], sign = 1, index = '') =>
    query(
      database,
      `select ${bucket('ts')} as b, ${sign} * sum(sin(radians(track))) as s, ${sign} * sum(cos(radians(track))) as c,
              ${sign} * count(track) as n
         from ${gps.table}${index}
        where device_id = ? and ${where}
        group by ${bucket('ts')}`,
      [gpsId, ...params],
    );
  const parts = await Promise.all([
    ...(pieces.hours
      ? [
          // whole hours: the rollup's sums hold every reading with a track, those without a position too (§7 averages
          // the fixes): theirs are read from the raw rows and taken off — by the partial index of exactly these rows
          // (migration 034), whose condition the statement carries as written there
          query(
            database,
            `select ${bucket('bucket')} as b, sum(${vectorColumn(track, 'sin')}) as s,
                    sum(${vectorColumn(track, 'cos')}) as c, sum(${statColumn(track, 'n')}) as n
               from ${rollupTable(gps, ROLLUPS[0])}
              where device_id = ? and bucket >= ? and bucket < ? and ${statColumn(track, 'n')} > 0
                and ${bucket('bucket')} = ${bucket(`(bucket + ${HOUR - 1})`)}
              group by ${bucket('bucket')}`,
            [gpsId, ...pieces.hours],
          ),
          sums(
            `${TRACK_WITHOUT_FIX} and ts >= ? and ts < ? and ${bucket(hourOf)} = ${bucket(`(${hourOf} + ${HOUR - 1})`)}`,
            pieces.hours,
            -1,
            database.dialect === 'sqlite' ? ` indexed by ${TRACK_WITHOUT_FIX_INDEX}` : '',
          ),
        ]
      : []),
    // one index range scan per range (an `or` of ranges would scan every row of the device)
    ...pieces.raw.map(([a, b]) => sums(`track is not null and ts >= ? and ts < ? and ${fix}`, [a, b])),
  ]);
  for (const rows of parts)
    for (const r of rows) {
      const b = Number(r.b);
      const sums = out.get(b) ?? { sin: 0, cos: 0, n: 0 };
      sums.sin += Number(r.s);
      sums.cos += Number(r.c);
      sums.n += Number(r.n);
      out.set(b, sums);
    }
  return out;
}
