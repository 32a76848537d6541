import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The GPS track's circular mean from the rollups (docs/domain.md §7 track): the hourly and daily GPS rollups keep
 * Σ sin θ and Σ cos θ of the fixes' `track` (θ in degrees) as `track_sin` and `track_cos`, summed like counts, so
 * a DAY bucket's track reads 24 rollup rows an hour instead of every fix. Existing rollups are filled from the raw
 * fixes. Frozen here: the tables, their bucket geometry (UTC hours; local days at +7) and the column.
 */
const LEVELS = [
  { table: 'telemetry_gps_hourly', size: 3600, shift: 0 },
  { table: 'telemetry_gps_daily', size: 86400, shift: 7 * 3600 },
] as const;
const COLUMNS = ['track_sin', 'track_cos'] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const level of LEVELS) {
    for (const column of COLUMNS)
      await db.schema
        .alterTable(level.table)
        .addColumn(column, 'double precision', (c) => c.notNull().defaultTo(0))
        .execute();
    const bucket = `((ts + ${level.shift}) / ${level.size}) * ${level.size} - ${level.shift}`;
    // one grouped pass over the raw fixes, joined to the rollup rows by key (both engines: UPDATE … FROM)
    await sql
      .raw(
        `update ${level.table} set track_sin = a.s, track_cos = a.c
           from (select device_id, ${bucket} as b, sum(sin(radians(track))) as s, sum(cos(radians(track))) as c
                   from telemetry_gps where track is not null group by device_id, ${bucket}) as a
          where ${level.table}.device_id = a.device_id and ${level.table}.bucket = a.b`,
      )
      .execute(db);
  }
}
