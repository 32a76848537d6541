import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { LEVELS_V1, STATS_V1, type StatV1, statTypeV1, TYPES_V1, telemetryTypeV1 } from './telemetry-v1.ts';

/**
 * Wide rollups (docs/decisions.md "Wide rollups"): telemetry_hourly and telemetry_daily held one row per
 * (device, data point, bucket); a 30-day hourly series of a GPS read 5 760 of them. They become one table per
 * device type and level — `telemetry_gps_hourly`, `telemetry_gps_daily` … — with one row per (device, bucket)
 * and `<column>_n/_sum/_min/_max/_fv/_ft/_lv/_lt` per data point. Existing rollups are carried over
 * (the old rows name the data point, the device table its type) and the narrow tables dropped.
 */
const OLD = [
  { table: 'telemetry_hourly', column: 'hour' },
  { table: 'telemetry_daily', column: 'day' },
] as const;
const OLD_STAT: Record<StatV1, string> = {
  n: 'n',
  sum: 'total',
  min: 'vmin',
  max: 'vmax',
  fv: 'first_val',
  ft: 'first_ts',
  lv: 'last_val',
  lt: 'last_ts',
};

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // plain aliases: the app's Kysely renames snake_case result keys
  const devices = await sql<{ id: number; type: string }>`select devc_id as id, devc_type as type from device`.execute(
    db,
  );
  const idsByType = new Map<string, number[]>();
  for (const d of devices.rows) {
    const type = telemetryTypeV1(d.type)?.type;
    if (type) idsByType.set(type, [...(idsByType.get(type) ?? []), Number(d.id)]);
  }
  const statColumn = (column: string, stat: StatV1) => `${column}_${stat}`;

  for (const def of TYPES_V1) {
    for (const [li, level] of LEVELS_V1.entries()) {
      const table = `${def.table}_${level}`;
      let t = db.schema
        .createTable(table)
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('bucket', 'bigint', (c) => c.notNull()); // bucket start, epoch seconds
      for (const column of def.columns)
        for (const stat of STATS_V1)
          t = t.addColumn(statColumn(column, stat), statTypeV1(stat) as 'integer', (c) =>
            stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c,
          );
      t = t.addPrimaryKeyConstraint(`${table}_pk`, ['device_id', 'bucket'] as never);
      if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
      await t.execute();

      const ids = idsByType.get(def.type) ?? [];
      const old = OLD[li];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const pivot = def.columns.flatMap((column) =>
          STATS_V1.map((stat) => {
            const v = `max(case when metric = '${column}' then ${OLD_STAT[stat]} end)`;
            return stat === 'n' || stat === 'sum' ? `coalesce(${v}, 0)` : v;
          }),
        );
        const columns = def.columns.flatMap((column) => STATS_V1.map((stat) => statColumn(column, stat)));
        await sql
          .raw(
            `insert into ${table} (device_id, bucket, ${columns.join(', ')})
             select device_id, ${old.column}, ${pivot.join(', ')} from ${old.table}
              where device_id in (${chunk.join(', ')}) and metric in (${def.columns.map((c) => `'${c}'`).join(', ')})
              group by device_id, ${old.column}`,
          )
          .execute(db);
      }
    }
  }
  for (const old of OLD) await db.schema.dropTable(old.table).execute();
}
