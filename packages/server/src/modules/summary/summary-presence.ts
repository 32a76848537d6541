import type { DeviceType } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { placeholders, query } from '../telemetry/sql.ts';
import {
  dayEnded,
  decodeSpacings,
  encodeSpacings,
  type Spacings,
  storeComponent,
  storedSpacings,
} from './day-components.ts';
import { type Grid, HOUR, type HourSamples, sampleInterval } from './summary-domain.ts';
import { dailyTable, hourlyColumn, hourlyTable } from './summary-inputs.ts';

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
  days?: Grid,
): Promise<Map<number, number>> {
  if (days) return sampleIntervalsByDay(database, devices, from, to, days);
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

/** The count-weighted median (§20) of each device's merged histogram of spacings. */
function medians(histograms: Map<number, Spacings>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, h] of histograms)
    out.set(
      id,
      // one pseudo-hour per spacing value, weighted by its samples, as `sampleIntervals` does
      sampleInterval([...h].map(([s, n]) => ({ hour: 0, n, firstTs: 0, lastTs: (s / 10) * (n - 1) }))),
    );
  return out;
}

/**
 * `sampleIntervals` from stored days (issue 29, day-components.ts): the whole local days of the daily rollup among the
 * period's hours give their stored histogram of spacings; the other hours (and a day without a valid stored one,
 * stored then once the day has ended) are grouped by day and spacing from the hourly rollup. The histograms merge:
 * the same (spacing, samples) pairs as one grouping over all the hours.
 */
async function sampleIntervalsByDay(
  database: Database,
  devices: PresenceDevice[],
  from: number,
  to: number,
  days: Grid,
): Promise<Map<number, number>> {
  const histograms = new Map<number, Spacings>();
  const a = Math.floor(from / HOUR) * HOUR;
  const d1 = Math.ceil((a + days.shift) / days.size) * days.size - days.shift;
  const d2 = Math.max(d1, Math.floor((to + days.shift) / days.size) * days.size - days.shift);
  await Promise.all(
    [...byPresence(devices)].map(async ({ type, metric, ids }) => {
      const c = hourlyColumn(type, metric);
      // per device, the ranges of hours read: the edges, and each day without a valid stored histogram
      const ranges: [number, number, number][] = [];
      const counts = new Map<string, number>();
      if (d1 < d2) {
        const stored = await storedSpacings(database, dailyTable(type), c('n'), ids, d1, d2);
        for (const [id, text] of stored.hist) histograms.set(id, decodeSpacings(text, histograms.get(id)));
        // adjacent days of a device as one range (a first read has every day to compute)
        stored.missing.sort((x, y) => x.deviceId - y.deviceId || x.day - y.day);
        for (const d of stored.missing) {
          const last = ranges[ranges.length - 1];
          if (last && last[0] === d.deviceId && last[2] === d.day) last[2] = d.day + days.size;
          else ranges.push([d.deviceId, d.day, d.day + days.size]);
          counts.set(`${d.deviceId}|${d.day}`, d.n);
        }
      }
      for (const id of ids) {
        if (a < Math.min(d1, to)) ranges.push([id, a, Math.min(d1, to)]);
        if (Math.max(d2, a) < to) ranges.push([id, Math.max(d2, a), to]);
      }
      if (!ranges.length) return;
      const spacing = `round((${c('lt')} - ${c('ft')}) * 10.0 / (${c('n')} - 1))`;
      const day = `((h.bucket + ${days.shift}) / ${days.size}) * ${days.size} - ${days.shift}`;
      const rows = await query(
        database,
        `with w(device_id, a, b) as (values ${ranges.map(() => '(cast(? as integer), cast(? as bigint), cast(? as bigint))').join(', ')})
         select h.device_id, ${day} as day, ${spacing} as s, sum(${c('n')}) as w
           from w join ${hourlyTable(type)} h on h.device_id = w.device_id and h.bucket >= w.a and h.bucket < w.b
          where ${c('n')} >= 2 and ${c('lt')} > ${c('ft')}
          group by h.device_id, ${day}, ${spacing}`,
        ranges.flat(),
      );
      const fresh = new Map<string, Spacings>();
      for (const r of rows) {
        const id = Number(r.device_id);
        const s = Number(r.s);
        const n = Number(r.w);
        const h = histograms.get(id) ?? new Map();
        histograms.set(id, h);
        h.set(s, (h.get(s) ?? 0) + n);
        const k = `${id}|${Number(r.day)}`;
        if (!counts.has(k)) continue;
        const f = fresh.get(k) ?? new Map();
        fresh.set(k, f.set(s, (f.get(s) ?? 0) + n));
      }
      // the recomputed days that have ended are stored (a day without spacings as '')
      const store = [...counts]
        .map(([k, n]) => {
          const [deviceId, d] = k.split('|').map(Number);
          return { deviceId, day: d, n, hist: encodeSpacings(fresh.get(k) ?? new Map()) };
        })
        .filter((r) => dayEnded(r.day, days.size));
      await storeComponent(database, { kind: 'spacing', rows: store });
    }),
  );
  for (const [id, h] of histograms) if (!h.size) histograms.delete(id);
  return medians(histograms);
}
