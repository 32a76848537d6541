import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { query } from '../telemetry/sql.ts';
import { typeOf } from './summary-inputs.ts';
import type { VesselDevice } from './summary-vessel.ts';

/**
 * What lies at a period's bounds, by index probes of the raw rows: each device's first and last reading time in it
 * (maintenance, the empty flags and the data range depend on every device's) — for a GPS its first and last fix
 * (§5: a reading without a position is not a fix; §7 calculated speed runs from the first fix to the last).
 */

/** First and last sample time of each device in [start, end): two index probes per device, one query per type. */
export async function dataRanges(database: Database, devices: VesselDevice[], start: number, end: number) {
  const out = new Map<number, { firstTs: number | null; lastTs: number | null }>();
  for (const d of devices) out.set(d.devcId, { firstTs: null, lastTs: null });
  const byTable = new Map<string, number[]>();
  for (const d of devices) {
    const table = TELEMETRY_TYPES[typeOf(d)]?.table;
    if (table) byTable.set(table, [...(byTable.get(table) ?? []), d.devcId]);
  }
  for (const [table, ids] of byTable) {
    const fix = table === TELEMETRY_TYPES.gps.table ? 'and latitude is not null and longitude is not null' : '';
    const probe = (dir: 'asc' | 'desc', i: number) =>
      `select * from (select device_id, ts, '${dir}' as side from ${table}
         where device_id = ? and ts >= ? and ts < ? ${fix} order by ts ${dir} limit 1) p${dir}${i}`;
    const rows = await query(
      database,
      ids.flatMap((_, i) => [probe('asc', i), probe('desc', i)]).join(' union all '),
      ids.flatMap((id) => [id, start, end, id, start, end]),
    );
    for (const r of rows) {
      const range = out.get(Number(r.device_id))!;
      if (r.side === 'asc') range.firstTs = Number(r.ts);
      else range.lastTs = Number(r.ts);
    }
  }
  return out;
}
