import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { rawHorizon } from '../telemetry/raw-horizon.ts';
import { type RollupLevel, statColumn } from '../telemetry/rollup.ts';
import { placeholders, queryArrays } from '../telemetry/sql.ts';
import { bucketSql } from '../telemetry/stats-read.ts';
import { dayEnded, type StateDay, type StateKey, storeComponent, storedStates } from './day-components.ts';
import {
  type Credits,
  creditBucket,
  creditHour,
  creditSpan,
  type Frame,
  frameDays,
  framePieces,
  HOUR,
  type HourCredit,
} from './summary-domain.ts';
import { DAILY, dailyTable, HOURLY, hourlyTable, metricOf, type SpanState } from './summary-inputs.ts';

/**
 * Time and distance by credited span (docs/domain.md §5–§7, §9, §10, §15): per device and bucket of a frame, the span
 * seconds of its samples, those in a state (running, moving, flowing), the GPS's span distance, and the samples in the
 * state — each sample's span `[ts − span, ts)` split at the buckets and cut at the period by summary-domain.ts
 * `splitSpan`, whatever it was read from:
 * - whole days of the daily rollup (inside the period and one bucket, issue 29) from their daily row, and the other
 *   whole UTC hours (inside the period and one bucket) from the hourly rollup: Σ span and the seconds in the state —
 *   a state stored at ingest (moving, AE running, flow) its own Σ; the rpm threshold all of the hour when its lowest
 *   rpm is above, none when its highest is not, and an hour that crosses it from its raw rows —, less the part of the
 *   hour's first span before the hour (`span_fv` at `span_ft`), which is split like any span;
 * - the rest of the period (edge partial hours, MINUTE buckets, hours a bucket boundary cuts) from the raw rows;
 * - the first sample after the period, whose span may reach back into it.
 * The SQL is the same on both engines.
 */

/** Per device, its credits by bucket. */
export type DeviceCredits = Map<number, Credits>;

/** A device and a range of rollup buckets [a, b) of it. */
type Range = [devcId: number, a: number, b: number];
/**
 * A rollup row's device and presence samples; `crossing`: a day whose rpm crossed the threshold (its hours answer
 * it, or its stored day component).
 */
interface Bucket {
  deviceId: number;
  crossing: boolean;
  n: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function readSpans(
  database: Database,
  state: SpanState,
  devices: { devcId: number; threshold: number }[],
  f: Frame,
): Promise<DeviceCredits> {
  const out: DeviceCredits = new Map();
  if (!devices.length || f.start >= f.end) return out;
  for (const d of devices) out.set(d.devcId, new Map());
  const pieces = framePieces(f);
  // the samples in the state are answered per bucket only (§9 `count`): not counted for the period's totals
  const counting = state.count && f.grid !== null;
  const values = devices.map(() => '(cast(? as integer), cast(? as double precision))').join(', ');
  const thresholds = devices.flatMap((d) => [d.devcId, d.threshold]);
  const ids = devices.map((d) => d.devcId);
  const threshold = new Map(devices.map((d) => [d.devcId, d.threshold]));
  const table = TELEMETRY_TYPES[state.type].table;
  // the raw readings before the horizon are gone (telemetry/raw-horizon.ts): the first sample after a period ending on
  // a whole hour before it comes from that hour's rollup (the summary refuses raw pieces before it: summary-load.ts)
  const horizon = await rawHorizon(database);
  const afterGone = f.end < horizon && f.end % HOUR === 0;
  await Promise.all([
    pieces.hours ? wholeRollups(pieces.hours) : undefined,
    rawRows(pieces.raw, !afterGone),
    afterGone ? afterFromRollup() : undefined,
  ]);
  return out;

  /**
   * The whole hours [h1, h2), each credited as a whole hour of the frame — those of a whole day of the daily rollup
   * (summary-domain.ts `frameDays`, issue 29) as one: its row. A day whose rpm crossed the threshold (neither all nor
   * none of its samples above it) has no state seconds in its row: its hours are read as before.
   */
  async function wholeRollups([h1, h2]: [number, number]) {
    const days = frameDays(f);
    // per device, the ranges of hours the hourly rollup answers
    let hourly: Range[] = ids.map((id) => [id, h1, h2]);
    // crossing days recomputed from their hours, to be stored (issue 29, day-components.ts)
    const recompute = new Map<string, StateKey & StateDay & { firstTs: number }>();
    if (days && f.days) {
      const size = f.days.size;
      const crossing = new Set<string>();
      const crossed: (HourCredit & Bucket)[] = [];
      for (const d of await rollupRows(
        DAILY,
        ids.map((id) => [id, ...days.range]),
      )) {
        if (!days.whole(d.hour)) continue; // a bucket boundary cuts it: its hours
        if (d.crossing) crossed.push(d);
        else creditHour(out.get(d.deviceId)!, f, d);
      }
      // a crossing day's seconds above the threshold from its stored component, when it was computed with this
      // threshold from this daily row; else from its hours, and stored once the day has ended
      const keys = crossed.map((d) => ({
        deviceId: d.deviceId,
        day: d.hour,
        threshold: threshold.get(d.deviceId)!,
        n: d.n,
        span: d.span,
      }));
      const stored = await storedStates(database, keys);
      keys.forEach((k, i) => {
        const id = `${k.deviceId}|${k.day}`;
        const c = stored.get(id);
        if (c) {
          creditHour(out.get(k.deviceId)!, f, { ...crossed[i], ...c, count: counting ? c.count : 0 });
          return;
        }
        crossing.add(id);
        if (dayEnded(k.day, size))
          recompute.set(id, { ...k, state: 0, count: 0, firstState: false, firstTs: Number.POSITIVE_INFINITY });
      });
      // a whole day without a row has no samples, nor have its hours: left out like a credited one
      hourly = ids.flatMap((id) => {
        const left: Range[] = [];
        const add = (a: number, b: number) => {
          const last = left[left.length - 1];
          if (last && last[2] === a) last[2] = b;
          else if (a < b) left.push([id, a, b]);
        };
        let at = h1;
        for (let day = days.range[0]; day < days.range[1]; day += size)
          if (days.whole(day) && !crossing.has(`${id}|${day}`)) {
            add(at, day);
            at = day + size;
          }
        add(at, h2);
        return left;
      });
    }
    if (!hourly.length) return;
    // a recomputed day's component counts its samples above the threshold whether or not this read wants them
    for (const h of await rollupRows(HOURLY, hourly, recompute.size > 0)) {
      if (!pieces.whole(h.hour)) continue; // a bucket boundary cuts it: read from the raw rows
      creditHour(out.get(h.deviceId)!, f, { ...h, count: counting ? h.count : 0 });
      if (!recompute.size || !f.days) continue;
      const day = Math.floor((h.hour + f.days.shift) / f.days.size) * f.days.size - f.days.shift;
      const r = recompute.get(`${h.deviceId}|${day}`);
      if (!r) continue;
      r.state += h.state;
      r.count += h.count;
      // the day's first sample is its first hour's
      if (h.firstTs !== null && h.firstTs < r.firstTs) {
        r.firstTs = h.firstTs;
        r.firstState = h.firstState;
      }
    }
    if (recompute.size) await storeComponent(database, { kind: 'rpm', rows: [...recompute.values()] });
  }

  /** Per device and UTC hour in [h1, h2) with samples: the hour's spans from its hourly rollup row. */
  function hourRows(h1: number, h2: number) {
    return rollupRows(
      HOURLY,
      ids.map((id) => [id, h1, h2]),
    );
  }

  /**
   * Per device and rollup bucket (hour or day) inside its ranges with samples: the bucket's spans from its rollup
   * row. An hour before the raw horizon whose rpm crossed the threshold takes what the retention kept of its raw rows
   * (`telemetry_rpm_threshold_hours`, with the threshold in force when they were deleted); a day whose rpm crossed it
   * comes back `crossing`, without state seconds, for its hours to answer.
   */
  async function rollupRows(level: RollupLevel, ranges: Range[], count = false): Promise<(HourCredit & Bucket)[]> {
    const day = level !== HOURLY;
    const counted = counting || count;
    const h = (point: string, stat: Parameters<typeof statColumn>[1]) =>
      `h.${statColumn(metricOf(state.type, point), stat)}`;
    const distance = state.distance
      ? `, ${h('spanDistance', 'sum')} as ds, ${h('spanDistance', 'fv')} as dfv, ${h('spanDistance', 'ft')} as dft`
      : '';
    const cols = state.distance ? ', c.ds, c.dfv, c.dft' : '';
    const inState = state.inState('r', 'c.thr');
    const ofHour = `r.device_id = c.device_id and r.ts >= c.hour and r.ts < c.hour + ${HOUR} and ${state.present('r')}`;
    const kept = (column: string) =>
      `(select z.${column} from telemetry_rpm_threshold_hours z where z.device_id = c.device_id and z.bucket = c.hour)`;
    const gone = `c.hour < ${Math.trunc(horizon)}`;
    // per bucket: its state seconds, the samples in the state (counted per bucket) and whether its first sample is in
    // the state — a stored state from the rollup alone; else all or none of the bucket from its extremes, and an hour
    // that crosses the threshold from its raw rows (index range scans, one per such hour; its first sample's state
    // one key lookup), or before the raw horizon from what the retention kept of them (a day: its hours)
    const [seconds, samples, first] = state.stored
      ? [h(state.stored, 'sum'), '0', `case when ${h(state.stored, 'fv')} > 0 then 1 else 0 end`]
      : day
        ? ['case c.k when 1 then c.ss else 0 end', counting ? 'case c.k when 1 then c.pn else 0 end' : '0', 'c.k']
        : [
            `case c.k when 1 then c.ss when 0 then 0 when -1 then case when ${gone} then coalesce(${kept('state_span')}, 0) else (
             select sum(case when ${inState} then r.span else 0 end) from ${table} r where ${ofHour}) end end`,
            counted
              ? `case c.k when 1 then c.pn when 0 then 0 else case when ${gone} then coalesce(${kept('state_n')}, 0) else (
                 select count(*) from ${table} r where ${ofHour} and ${inState}) end end`
              : '0',
            `case c.k when 1 then 1 when 0 then 0 else case when ${gone} then coalesce(${kept('first_state')}, 0) else (
             select case when ${inState} then 1 else 0 end from ${table} r
              where r.device_id = c.device_id and r.ts = c.sft) end end`,
          ];
    const k = state.stored
      ? ''
      : `, case when ${state.all!(h, 'w.thr')} then 1 when ${state.none!(h, 'w.thr')} then 0 else -1 end as k`;
    // one row per range with its device's threshold: one index range scan each (a separate list of the devices
    // joined too would let SQLite pair each device's key with another's range)
    const within = ranges
      .map(() => '(cast(? as integer), cast(? as double precision), cast(? as bigint), cast(? as bigint))')
      .join(', ');
    const rows = await queryArrays(
      database,
      `with w(device_id, thr, a, b) as (values ${within}),
       c as (
         select h.device_id, h.bucket as hour, w.thr, ${h('span', 'sum')} as ss, ${h('span', 'fv')} as sfv,
                ${h('span', 'ft')} as sft, ${h(state.presence, 'n')} as pn${distance}${state.stored ? `, ${seconds} as st, ${first} as sf` : k}
           from w join ${(day ? dailyTable : hourlyTable)(state.type)} h
                on h.device_id = w.device_id and h.bucket >= w.a and h.bucket < w.b
          where ${h(state.presence, 'n')} > 0)
       select c.device_id, c.hour, c.ss, c.sfv, c.sft, ${state.stored ? 'c.st' : seconds}, ${samples},
              ${state.stored ? 'c.sf' : first}, ${state.stored ? '1' : 'c.k'}, c.pn${cols}
         from c`,
      ranges.flatMap(([id, a, b]) => [id, threshold.get(id), a, b]),
    );
    return rows.map((r) => ({
      deviceId: Number(r[0]),
      hour: Number(r[1]),
      span: Number(r[2] ?? 0),
      firstSpan: num(r[3]),
      firstTs: num(r[4]),
      state: Number(r[5] ?? 0),
      count: Number(r[6] ?? 0),
      firstState: Number(r[7]) === 1,
      crossing: Number(r[8]) === -1,
      n: Number(r[9] ?? 0),
      distance: state.distance ? Number(r[10] ?? 0) : undefined,
      firstDistance: state.distance ? num(r[11]) : undefined,
      firstDistanceTs: state.distance ? num(r[12]) : undefined,
    }));
  }

  /**
   * The first sample after a period that ends on a whole hour before the raw horizon, from that hour's rollup row:
   * its first span (`span_fv` at `span_ft`), in its state, with its distance — what the raw rows after the period
   * gave (a span is at most the gap limit, so a later first sample of the hour reaches nothing of the period).
   */
  async function afterFromRollup() {
    for (const h of await hourRows(f.end, f.end + HOUR))
      creditSpan(out.get(h.deviceId)!, f, {
        ts: h.firstTs ?? f.end,
        span: h.firstSpan,
        state: h.firstState,
        distance: h.firstDistanceTs === h.firstTs ? h.firstDistance : null,
      });
  }

  /**
   * The raw rows of `ranges` (inside the period) and the first sample after it. The database sums the spans that lie
   * wholly inside one bucket and the period, by bucket, and counts the samples in the state by their own bucket; only
   * the spans that cross a boundary come one by one, split here.
   */
  async function rawRows(ranges: [number, number][], readAfter: boolean) {
    const grid = f.grid;
    const start = Math.trunc(f.start);
    const inState = `case when ${state.inState('r', 't.thr')} then 1 else 0 end`;
    const dist = state.distance ? 'r.span_distance' : '0';
    // the span [ts − span, ts) inside the period and one bucket (whole seconds — a stored span is a difference of
    // times — so its last second is ts − 1): its start no earlier than the start of ts − 1's bucket, i.e. the offset
    // of ts − 1 in its bucket at least span − 1 — integer arithmetic on the key, no bucket of ts − span computed
    const offset = grid ? `(r.ts - 1 + ${grid.shift}) % ${grid.size}` : '';
    const inside = `r.ts - r.span >= ${start}${grid ? ` and ${offset} >= r.span - 1` : ''}`;
    // the bucket's number (bucket = number × size − shift); no grid: one bucket, named by the period's start
    const key = grid ? `(r.ts - 1 + ${grid.shift}) / ${grid.size}` : '0';
    const bucketOfKey = (k: unknown) => (grid ? Number(k) * grid.size - grid.shift : start);
    // the seconds in the state: a state stored at ingest is its own column (the span when in the state, else 0)
    const stateSeconds = state.stored ? `r.${metricOf(state.type, state.stored).column}` : `${inState} * r.span`;
    // the rows of some time ranges: one index range scan each (an `or` of ranges would scan the device's rows)
    const rowsOf = (rs: [number, number][]) => ({
      text: `(${rs
        .map(() => `select * from ${table} where device_id in (${placeholders(ids.length)}) and ts >= ? and ts < ?`)
        .join(' union all ')}) r join t on t.device_id = r.device_id`,
      params: rs.flatMap(([a, b]) => [...ids, a, b]),
    });
    const head = `with t(device_id, thr) as (values ${values})`;
    const within = rowsOf(ranges);
    const after = rowsOf([[f.end, f.end + state.limit]]);
    const none = Promise.resolve([] as unknown[][]);
    const [grouped, counted, single, next] = await Promise.all([
      !ranges.length
        ? none
        : queryArrays(
            database,
            `${head}
             select r.device_id, ${key} as k, sum(r.span), sum(${stateSeconds}), sum(coalesce(${dist}, 0))
               from ${within.text}
              where ${state.present('r')} and r.span is not null and ${inside}
              group by r.device_id${grid ? ', k' : ''}`,
            [...thresholds, ...within.params],
          ),
      !ranges.length || !counting
        ? none
        : queryArrays(
            database,
            `${head}
             select r.device_id, ${bucketSql('r.ts', grid!)}, sum(${inState})
               from ${within.text}
              where ${state.present('r')}
              group by r.device_id, ${bucketSql('r.ts', grid!)}`,
            [...thresholds, ...within.params],
          ),
      !ranges.length
        ? none
        : queryArrays(
            database,
            `${head}
             select r.device_id, r.ts, r.span, ${inState}, ${dist}
               from ${within.text}
              where ${state.present('r')} and r.span is not null and not (${inside})`,
            [...thresholds, ...within.params],
          ),
      !readAfter
        ? none
        : queryArrays(
            database,
            `${head}
         select r.device_id, r.ts, r.span, ${inState}, ${dist}
           from ${after.text}
          where ${state.present('r')} and r.span is not null`,
            [...thresholds, ...after.params],
          ),
    ]);
    for (const r of grouped)
      creditBucket(out.get(Number(r[0]))!, bucketOfKey(r[1]), {
        span: Number(r[2]),
        state: Number(r[3]),
        distance: Number(r[4]),
      });
    for (const r of counted) creditBucket(out.get(Number(r[0]))!, Number(r[1]), { count: Number(r[2]) });
    for (const r of single) credit(r);
    // after the period only the first sample of each device counts: its span may reach back into the period
    const first = new Map<number, unknown[]>();
    for (const r of next) {
      const id = Number(r[0]);
      const have = first.get(id);
      if (!have || Number(r[1]) < Number(have[1])) first.set(id, r);
    }
    for (const r of first.values()) credit(r);
  }

  function credit(r: unknown[]) {
    creditSpan(out.get(Number(r[0]))!, f, {
      ts: Number(r[1]),
      span: num(r[2]),
      state: Number(r[3]) === 1,
      distance: num(r[4]),
    });
  }
}
