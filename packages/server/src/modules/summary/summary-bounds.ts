import { type DeviceType, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { rawHorizon } from '../telemetry/raw-horizon.ts';
import { ROLLUPS, rollupTable, statColumn } from '../telemetry/rollup.ts';
import { query } from '../telemetry/sql.ts';
import { typeOf } from './summary-inputs.ts';
import type { VesselDevice } from './summary-vessel.ts';

/**
 * What lies at a period's bounds, by index probes of the raw rows: each device's first and last reading time in it
 * (maintenance, the empty flags and the data range depend on every device's) — for a GPS its first and last fix
 * (§5: a reading without a position is not a fix; §7 calculated speed runs from the first fix to the last).
 */

/**
 * First and last sample time of each device in [start, end): two index probes per device, one query per type. Before
 * the raw horizon (telemetry/raw-horizon.ts; the summary asks whole hours there) the probes read the hourly rollups:
 * the earliest first time and latest last time of the data points of the device's first and last hour with samples
 * (a GPS: of its latitude).
 */
export async function dataRanges(database: Database, devices: VesselDevice[], start: number, end: number) {
  const out = new Map<number, { firstTs: number | null; lastTs: number | null }>();
  for (const d of devices) out.set(d.devcId, { firstTs: null, lastTs: null });
  const byType = new Map<DeviceType, number[]>();
  for (const d of devices) {
    const type = typeOf(d);
    if (TELEMETRY_TYPES[type]) byType.set(type, [...(byType.get(type) ?? []), d.devcId]);
  }
  const horizon = await rawHorizon(database);
  if (start < horizon) await hourlyRanges(database, byType, start, Math.min(end, horizon), out);
  const from = Math.max(start, horizon);
  if (from >= end) return out;
  for (const [type, ids] of byType) {
    const table = TELEMETRY_TYPES[type].table;
    const fix = table === TELEMETRY_TYPES.gps.table ? 'and latitude is not null and longitude is not null' : '';
    const probe = (dir: 'asc' | 'desc', i: number) =>
      `select * from (select device_id, ts, '${dir}' as side from ${table}
         where device_id = ? and ts >= ? and ts < ? ${fix} order by ts ${dir} limit 1) p${dir}${i}`;
    const rows = await query(
      database,
      ids.flatMap((_, i) => [probe('asc', i), probe('desc', i)]).join(' union all '),
      ids.flatMap((id) => [id, from, end, id, from, end]),
    );
    for (const r of rows) {
      const range = out.get(Number(r.device_id))!;
      if (r.side === 'asc') range.firstTs ??= Number(r.ts);
      else range.lastTs = Number(r.ts);
    }
  }
  return out;
}

/** `dataRanges` over [start, end) from the hourly rollups: the first and last hour with samples of each device. */
async function hourlyRanges(
  database: Database,
  byType: Map<DeviceType, number[]>,
  start: number,
  end: number,
  out: Map<number, { firstTs: number | null; lastTs: number | null }>,
) {
  for (const [type, ids] of byType) {
    const def = TELEMETRY_TYPES[type];
    const metrics = type === 'gps' ? def.metrics.filter((m) => m.column === 'latitude') : def.metrics;
    const any = metrics.map((m) => `${statColumn(m, 'n')} > 0`).join(' or ');
    const probe = (dir: 'asc' | 'desc', i: number) =>
      `select * from (select device_id, '${dir}' as side, ${metrics
        .map((m, j) => `${statColumn(m, dir === 'asc' ? 'ft' : 'lt')} as t${j}`)
        .join(', ')} from ${rollupTable(def, ROLLUPS[0])}
         where device_id = ? and bucket >= ? and bucket < ? and (${any}) order by bucket ${dir} limit 1) p${dir}${i}`;
    const rows = await query(
      database,
      ids.flatMap((_, i) => [probe('asc', i), probe('desc', i)]).join(' union all '),
      ids.flatMap((id) => [id, start, end, id, start, end]),
    );
    for (const r of rows) {
      const times = metrics
        .map((_, j) => r[`t${j}`])
        .filter((t) => t !== null && t !== undefined)
        .map(Number);
      if (!times.length) continue;
      const range = out.get(Number(r.device_id))!;
      if (r.side === 'asc') range.firstTs = Math.min(...times);
      else range.lastTs = Math.max(...times);
    }
  }
}
