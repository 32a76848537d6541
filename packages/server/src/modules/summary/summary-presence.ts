import { type DeviceType, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { placeholders, query } from '../telemetry/sql.ts';
import { type HourSamples, sampleInterval } from './summary-domain.ts';
import { hourlyColumn, hourlyTable } from './summary-inputs.ts';

/**
 * When each device reported (docs/domain.md §5, §20), read from the hourly rollups — the raw rows only for the
 * partial hours of a range: its samples per UTC hour with their first and last times (the time one sample is
 * credited with), and its reporting interval P (the expected count).
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

/**
 * Per UTC hour of each device, within the given ranges: samples of its presence data point and their first/last
 * times (§5). Only samples inside the ranges count: whole hours from the hourly rollup, the partial hours at a
 * range's edges from the raw rows of that part (a period's time never depends on readings outside it).
 */
export async function hourSamples(
  database: Database,
  devices: PresenceDevice[],
  ranges: [number, number][],
): Promise<Map<number, HourSamples[]>> {
  const out = new Map<number, HourSamples[]>();
  if (!ranges.length) return out;
  const whole: [number, number][] = [];
  const parts: [number, number][] = [];
  for (const [a, b] of ranges) {
    const h1 = Math.ceil(a / 3600) * 3600;
    const h2 = Math.floor(b / 3600) * 3600;
    if (h1 >= h2) {
      // inside one hour, or across one hour boundary
      if (h1 > a && h1 < b) parts.push([a, h1], [h1, b]);
      else parts.push([a, b]);
      continue;
    }
    whole.push([h1, h2]);
    if (a < h1) parts.push([a, h1]);
    if (h2 < b) parts.push([h2, b]);
  }
  const add = (id: number, h: HourSamples) => {
    const list = out.get(id) ?? [];
    list.push(h);
    out.set(id, list);
  };
  for (const { type, metric, ids } of byPresence(devices)) {
    const c = hourlyColumn(type, metric);
    if (whole.length) {
      const within = whole.map(() => '(bucket >= ? and bucket < ?)').join(' or ');
      const rows = await query(
        database,
        `select device_id, bucket, ${c('n')} as n, ${c('ft')} as ft, ${c('lt')} as lt from ${hourlyTable(type)}
          where device_id in (${placeholders(ids.length)}) and ${c('n')} > 0 and (${within})`,
        [...ids, ...whole.flat()],
      );
      for (const r of rows)
        add(Number(r.device_id), {
          hour: Number(r.bucket),
          n: Number(r.n),
          firstTs: Number(r.ft),
          lastTs: Number(r.lt),
        });
    }
    for (const [a, b] of parts) {
      const rows = await query(
        database,
        `select device_id, count(*) as n, min(ts) as ft, max(ts) as lt from ${TELEMETRY_TYPES[type].table}
          where device_id in (${placeholders(ids.length)}) and ts >= ? and ts < ? and ${metric} is not null
          group by device_id`,
        [...ids, a, b],
      );
      for (const r of rows)
        add(Number(r.device_id), {
          hour: Math.floor(a / 3600) * 3600,
          n: Number(r.n),
          firstTs: Number(r.ft),
          lastTs: Number(r.lt),
        });
    }
  }
  for (const list of out.values()) list.sort((x, y) => x.hour - y.hour);
  return out;
}
