import { type MetricDef, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { placeholders, queryArrays } from '../telemetry/sql.ts';
import { type Geometry, type Needs, NO_NEEDS, readStats } from '../telemetry/stats-read.ts';
import {
  countedSeconds,
  GAP_LIMIT,
  GPS_GAP_LIMIT,
  hourInterval,
  runningSamples,
  totaliserStep,
} from './summary-domain.ts';
import {
  ABOVE,
  AE_RUNNING,
  asks,
  HOURLY,
  hourlyColumn,
  hourlyTable,
  metricOf,
  type SummaryType,
  TOTALISER_POINTS,
  type Wanted,
} from './summary-inputs.ts';
import type { Stat } from './summary-period.ts';
import type { VesselPlan } from './summary-vessel.ts';

/**
 * The one reader of a vessel's statistics for the summary: what summary-inputs.ts declares, over one part of a
 * period, through telemetry's statistics reader (stats-read.ts `readStats`) under the keys of summary-period.ts —
 * - whole UTC hours (`hours`) from the hourly rollups, per output bucket (grouped by the database; one row per device
 *   and hour at most, never the raw readings but for the hours whose samples cross a threshold); their seconds above
 *   thresholds (§5, §7, §9, §10, §15) and totaliser litres (§11) are worked out hour by hour here, by the functions
 *   of summary-domain.ts, into records carrying `run`, `flow` and `delta` (summary-period.ts "derived");
 * - any other range (the partial hours at a period's edges; MINUTE buckets and quarter-hour timezones) from the raw
 *   rows, per base bucket (MINUTE or HOUR), with the samples above each threshold (`gt`): summary-period.ts credits
 *   their time and chains their totalisers by the same functions.
 * The SQL is the same on both engines.
 */

/** Per device, its records by bucket. */
export type Records = Map<number, Map<number, Stat>>;

/** A part of the period: [from, to), and its buckets. */
export interface Part {
  from: number;
  to: number;
  /** whole UTC hours (per output bucket), or any range (per base bucket) */
  hours: boolean;
  /** the buckets: output buckets of whole hours (null: one bucket named `from`), else the base buckets */
  output: Geometry | null;
}

/** Writes values into a device's bucket, merging keys of the same bucket. */
function put(out: Records, devcId: number, ts: number, values: Stat) {
  const byTs = out.get(devcId) ?? new Map<number, Stat>();
  out.set(devcId, byTs);
  byTs.set(ts, Object.assign(byTs.get(ts) ?? {}, values));
}

const NEED: Record<Wanted['field'], keyof Needs | null> = {
  n: null,
  total: 'total',
  min: 'min',
  max: 'max',
  fv: 'first',
  lv: 'last',
};
const PICKS = new Set<Wanted['field']>(['fv', 'lv', 'min', 'max']);

/** Samples above a threshold of some devices (`gt`), each device its own threshold. */
interface Counted {
  point: string;
  devices: { devcId: number; threshold: number }[];
}

/**
 * The wanted statistics of devices of one type over a part, and the counts above thresholds (of the raw rows only),
 * written under their keys. A data point without samples in a bucket gives no statistic there.
 */
async function readWanted(
  database: Database,
  type: SummaryType,
  ids: number[],
  wanted: Wanted[],
  part: Part,
  out: Records,
  counted?: Counted,
) {
  if (!ids.length || (!wanted.length && !counted?.devices.length)) return;
  const metrics: MetricDef[] = [];
  const needs: Needs[] = [];
  const at = (point: string) => {
    const m = metricOf(type, point);
    let i = metrics.indexOf(m);
    if (i < 0) {
      i = metrics.push(m) - 1;
      needs.push({ ...NO_NEEDS });
    }
    return i;
  };
  const cols = wanted.map((w) => {
    const i = at(w.point);
    const need = NEED[w.field];
    if (need) needs[i][need] = true;
    return i;
  });
  // one count per distinct threshold; each device takes its own
  const thresholds = [...new Set(counted?.devices.map((d) => d.threshold))];
  const own = new Map(counted?.devices.map((d) => [d.devcId, thresholds.indexOf(d.threshold)]));
  const ci = counted?.devices.length ? at(counted.point) : -1;
  const rows = await readStats(database, {
    def: TELEMETRY_TYPES[type],
    deviceIds: ids,
    metrics,
    needs,
    above: thresholds.map((param) => ({ metric: metrics[ci], param })),
    from: part.from,
    to: part.to,
    output: part.output,
    levels: [HOURLY],
    times: false, // values only: nothing here merges them with other parts by time
  });
  for (const r of rows) {
    const s: Stat = {};
    for (let j = 0; j < wanted.length; j++) {
      const st = r.stats[cols[j]];
      if (st) s[wanted[j].key] = st[wanted[j].field];
    }
    const gi = own.get(r.deviceId);
    if (gi !== undefined && r.stats[ci]) s.gt = r.gt[gi];
    put(out, r.deviceId, r.bucket, s);
  }
}

/** The statistics of the vessel's devices (by type) over one part of the period, into `out`. */
export async function readPart(
  database: Database,
  plan: VesselPlan,
  byType: Map<SummaryType, number[]>,
  part: Part,
  out: Records,
): Promise<void> {
  if (!part.hours) {
    for (const [type, ids] of byType) await readRange(database, plan, type, ids, part, out);
    return;
  }
  // independent queries: PostgreSQL runs them side by side on the pool
  const work: Promise<unknown>[] = [];
  const seconds = (q: SecondsQuery, key: 'run' | 'flow') =>
    hourSeconds(database, part, q).then((m) => {
      for (const [id, byTs] of m)
        for (const [ts, s] of byTs) put(out, id, ts, key === 'run' ? s : { gt: s.gt, flow: s.run });
    });
  for (const [type, ids] of byType) {
    for (const a of asks(plan, type, ids)) work.push(readWanted(database, type, a.ids, a.wanted, part, out));
    const above = ABOVE[type];
    if (above)
      work.push(seconds({ kind: 'above', type, point: above.point, devices: above.devices(plan, ids) }, above.seconds));
    if (type === 'ae') {
      const devices = ids.map((devcId) => ({ devcId, threshold: AE_RUNNING.threshold }));
      work.push(seconds({ kind: 'aeRunning', type, point: AE_RUNNING.point, devices }, 'run'));
    }
    if (type === 'flowmeter')
      for (const t of TOTALISER_POINTS)
        work.push(
          hourDeltas(database, part, ids, t.point).then((m) => {
            for (const [id, byTs] of m) for (const [ts, litres] of byTs) put(out, id, ts, { [t.keys.out]: litres });
          }),
        );
  }
  await Promise.all(work);
}

/** A range at the base resolution from the raw rows: the statistics and the samples above each threshold. */
async function readRange(
  database: Database,
  plan: VesselPlan,
  type: SummaryType,
  ids: number[],
  part: Part,
  out: Records,
) {
  const above = ABOVE[type];
  for (const a of asks(plan, type, ids)) {
    // §10: the AEs' running flags, for their running samples
    const wanted = type === 'ae' ? [...a.wanted, ...AE_RUNNING.flags] : a.wanted;
    const counted = above && { point: above.point, devices: above.devices(plan, a.ids) };
    // the raw rows' first/last join rows per data point of a read: those apart
    await readWanted(
      database,
      type,
      a.ids,
      wanted.filter((w) => !PICKS.has(w.field)),
      part,
      out,
      counted,
    );
    await readWanted(
      database,
      type,
      a.ids,
      wanted.filter((w) => PICKS.has(w.field)),
      part,
      out,
    );
  }
  if (type === 'ae') {
    // §10: devices without the running flag count samples above 0 rpm: raw rows, only when needed
    const unflagged = ids.filter((id) =>
      [...(out.get(id)?.values() ?? [])].some((s) => (s['c:running'] ?? 0) < (s['c:rpm'] ?? 0)),
    );
    const devices = unflagged.map((devcId) => ({ devcId, threshold: AE_RUNNING.threshold }));
    await readWanted(database, type, unflagged, [], part, out, { point: AE_RUNNING.point, devices });
  }
}

/** Seconds of the kind asked: samples above a threshold (rpm, flow rate) or AE running (§10). */
interface SecondsQuery {
  kind: 'above' | 'aeRunning';
  /** the type (its raw rows, for hours crossing the threshold) and the data point */
  type: SummaryType;
  point: string;
  devices: { devcId: number; threshold: number }[];
}

/** The output bucket a whole hour falls in. */
const outputOf = (part: Part) => {
  const g = part.output;
  return g ? (hour: number) => Math.floor((hour + g.shift) / g.size) * g.size - g.shift : () => part.from;
};

/**
 * Per device and bucket: `run` seconds and `gt` samples counted (§9, §10, §15). The database reads each whole hour's
 * samples from the hourly rollup — the count above the threshold from the rollup when the whole hour is above
 * (vmin > threshold) or not (vmax ≤ threshold), from the raw rows only for the hours that cross it; the seconds are
 * credited here, hour by hour, by the same functions as the partial hours' (summary-domain.ts).
 */
async function hourSeconds(database: Database, part: Part, q: SecondsQuery) {
  const out = new Map<number, Map<number, Stat>>();
  if (!q.devices.length) return out;
  const table = TELEMETRY_TYPES[q.type].table;
  const c = hourlyColumn(q.type, q.point);
  const column = metricOf(q.type, q.point).column;
  const values = q.devices.map(() => '(cast(? as integer), cast(? as double precision))').join(', ');
  const crossing = `(select count(*) from ${table} r
      where r.device_id = c.device_id and r.ts >= c.hour and r.ts < c.hour + 3600 and r.${column} > c.thr)`;
  // samples above the threshold in an hour: from the rollup unless the hour crosses it
  const above = `case when c.vmin > c.thr then c.n when c.vmax <= c.thr then 0 else ${crossing} end`;
  // AE: the running flag sits in the same row as its rpm; the count above 0 rpm is needed only where flags lack
  const flag = q.kind === 'aeRunning' ? hourlyColumn(q.type, 'running') : undefined;
  const flagCols = flag ? `, h.${flag('n')} as fn, h.${flag('sum')} as fs` : ', 0 as fn, 0 as fs';
  const gt = flag ? `case when c.fn >= c.n then 0 else ${above} end` : above;
  const ids = q.devices.map((d) => d.devcId);
  const rows = await queryArrays(
    database,
    `with t(device_id, thr) as (values ${values}),
     c as (
       select h.device_id, h.bucket as hour, h.${c('n')} as n, h.${c('min')} as vmin, h.${c('max')} as vmax,
              h.${c('ft')} as ft, h.${c('lt')} as lt, t.thr${flagCols}
         from ${hourlyTable(q.type)} h join t on t.device_id = h.device_id
        where h.device_id in (${placeholders(ids.length)}) and h.bucket >= ? and h.bucket < ? and h.${c('n')} > 0)
     select device_id, hour, n, ft, lt, fn, fs, ${gt} as gt from c`,
    [...q.devices.flatMap((d) => [d.devcId, d.threshold]), ...ids, part.from, part.to],
  );
  const limit = q.type === 'gps' ? GPS_GAP_LIMIT : GAP_LIMIT;
  const output = outputOf(part);
  const ae = q.kind === 'aeRunning';
  // a row per device and hour (thousands for a long period): summed into its bucket without allocating per row
  let device = Number.NaN;
  let buckets = new Map<number, Stat>();
  for (const r of rows) {
    const id = Number(r[0]);
    const hour = Number(r[1]);
    const n = Number(r[2]);
    const above = Number(r[7]);
    const samples = ae ? runningSamples(n, Number(r[5]), Number(r[6]), above) : above;
    const run = countedSeconds(
      samples,
      hourInterval({ hour, n, firstTs: Number(r[3]), lastTs: Number(r[4]) }, limit),
      3600,
    );
    if (id !== device) {
      device = id;
      buckets = out.get(id) ?? new Map<number, Stat>();
      out.set(id, buckets);
    }
    const b = output(hour);
    const s = buckets.get(b);
    if (s) {
      s.gt = (s.gt ?? 0) + samples;
      s.run = (s.run ?? 0) + run;
    } else buckets.set(b, { gt: samples, run });
  }
  return out;
}

/**
 * Per device and bucket: the totaliser delta chained over the whole hours (§11) — each hour from the previous
 * hour's last reading (the first hour from its own first), by summary-domain.ts `totaliserStep`.
 */
async function hourDeltas(database: Database, part: Part, deviceIds: number[], point: string) {
  const out = new Map<number, Map<number, number>>();
  if (!deviceIds.length) return out;
  const c = hourlyColumn('flowmeter', point);
  const rows = await queryArrays(
    database,
    `select device_id, bucket, ${c('fv')}, ${c('lv')}, ${c('min')}, ${c('max')} from ${hourlyTable('flowmeter')}
      where device_id in (${placeholders(deviceIds.length)}) and bucket >= ? and bucket < ? and ${c('n')} > 0
      order by device_id, bucket`,
    [...deviceIds, part.from, part.to],
  );
  const output = outputOf(part);
  let device: number | undefined;
  let previous = 0;
  let m = new Map<number, number>();
  for (const r of rows) {
    const id = Number(r[0]);
    const last = Number(r[3]);
    const delta = totaliserStep(id === device ? previous : Number(r[2]), {
      last,
      min: Number(r[4]),
      max: Number(r[5]),
    });
    if (id !== device) {
      m = out.get(id) ?? new Map<number, number>();
      out.set(id, m);
    }
    device = id;
    previous = last;
    const b = output(Number(r[1]));
    m.set(b, (m.get(b) ?? 0) + delta);
  }
  return out;
}
