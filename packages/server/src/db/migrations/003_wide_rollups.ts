import { type Kysely, sql } from 'kysely';
import { DEVICE_TYPES, type DeviceType, telemetryType } from '../../modules/telemetry/catalog.ts';
import { ROLLUPS, rollupTable, STATS, statColumn, statType } from '../../modules/telemetry/rollup.ts';
import type { Dialect } from '../database.ts';

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
const OLD_STAT: Record<(typeof STATS)[number], string> = {
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
  const idsByType = new Map<DeviceType, number[]>();
  for (const d of devices.rows) {
    const type = telemetryType(d.type);
    if (type) idsByType.set(type, [...(idsByType.get(type) ?? []), Number(d.id)]);
  }

  for (const def of Object.values(DEVICE_TYPES)) {
    for (const [li, level] of ROLLUPS.entries()) {
      const table = rollupTable(def, level);
      let t = db.schema
        .createTable(table)
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('bucket', 'bigint', (c) => c.notNull()); // bucket start, epoch seconds
      for (const metric of def.metrics)
        for (const stat of STATS)
          t = t.addColumn(statColumn(metric, stat), statType(stat) as 'integer', (c) =>
            stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c,
          );
      t = t.addPrimaryKeyConstraint(`${table}_pk`, ['device_id', 'bucket'] as never);
      if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
      await t.execute();

      const ids = idsByType.get(def.type) ?? [];
      const old = OLD[li];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const pivot = def.metrics.flatMap((metric) =>
          STATS.map((stat) => {
            const v = `max(case when metric = '${metric.column}' then ${OLD_STAT[stat]} end)`;
            return stat === 'n' || stat === 'sum' ? `coalesce(${v}, 0)` : v;
          }),
        );
        const columns = def.metrics.flatMap((metric) => STATS.map((stat) => statColumn(metric, stat)));
        await sql
          .raw(
            `insert into ${table} (device_id, bucket, ${columns.join(', ')})
             select device_id, ${old.column}, ${pivot.join(', ')} from ${old.table}
              where device_id in (${chunk.join(', ')}) and metric in (${def.metrics.map((m) => `'${m.column}'`).join(', ')})
              group by device_id, ${old.column}`,
          )
          .execute(db);
      }
    }
  }
  for (const old of OLD) await db.schema.dropTable(old.table).execute();
}
