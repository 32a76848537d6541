import type { DeviceType } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { placeholders, query } from '../telemetry/sql.ts';
import { type HourSamples, sampleInterval } from './summary-domain.ts';
import { hourlyColumn, hourlyTable } from './summary-inputs.ts';

/**
 * How often each device reports (docs/domain.md §20), read from the hourly rollups: its reporting interval P, the
 * expected count of its sensor percentage (time is credited by span, §5: summary-spans.ts).
 */

/** A device with the data point whose samples count as its presence (§5). */
export interface PresenceDevice {
  devcId: number;
  type: DeviceType;
  metric: string;
}

/** The devices grouped by type and presence data point: one query per group. */
function byPresence(devices: PresenceDevice[]) {
  const groups = new Map<string, { type: DeviceType; metric: string; ids: number[] }>();
  for (const d of devices) {
    const k = `${d.type}|${d.metric}`;
    const g = groups.get(k) ?? { type: d.type, metric: d.metric, ids: [] };
    g.ids.push(d.devcId);
    groups.set(k, g);
  }
  return groups.values();
}

/**
 * Per device: the median spacing of its samples over the period's hours (§20, the expected count). The database groups the
 * hourly spacings, rounded to a tenth of a second, with their sample counts — a few rows per device —
 * and the count-weighted median is taken here (window functions would sort every hour twice).
 */
export async function sampleIntervals(
  database: Database,
  devices: PresenceDevice[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const spacings = new Map<number, HourSamples[]>();
  for (const { type, metric, ids } of byPresence(devices)) {
    const c = hourlyColumn(type, metric);
    const spacing = `round((${c('lt')} - ${c('ft')}) * 10.0 / (${c('n')} - 1))`;
    const rows = await query(
      database,
      `select device_id, ${spacing} as s, sum(${c('n')}) as w
         from ${hourlyTable(type)}
        where device_id in (${placeholders(ids.length)}) and bucket >= ? and bucket < ?
          and ${c('n')} >= 2 and ${c('lt')} > ${c('ft')}
        group by device_id, ${spacing}`,
      [...ids, Math.floor(from / 3600) * 3600, to],
    );
    for (const r of rows) {
      const id = Number(r.device_id);
      const n = Number(r.w);
      // one pseudo-hour per spacing value, weighted by its samples: sampleInterval takes the median
      const list = spacings.get(id) ?? [];
      list.push({ hour: 0, n, firstTs: 0, lastTs: (Number(r.s) / 10) * (n - 1) });
      spacings.set(id, list);
    }
  }
  for (const [id, list] of spacings) out.set(id, sampleInterval(list));
  return out;
}
