import { type MetricDef, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { readsInTurn } from '../telemetry/sql.ts';
import { type Needs, NO_NEEDS, readStats } from '../telemetry/stats-read.ts';
import { aeShares, bucketIn, cellGrid, type Frame, framePieces, HOUR } from './summary-domain.ts';
import { asks, DAILY, HOURLY, metricOf, SPAN_STATES, type SummaryType, type Wanted } from './summary-inputs.ts';
import { mergeStat, type Stat } from './summary-period.ts';
import { type DeviceCredits, readSpans } from './summary-spans.ts';
import { AE_NAMES, type AeName, type VesselPlan } from './summary-vessel.ts';

/**
 * The one reader of a vessel's figures for the summary, per device and bucket of a frame (docs/domain.md §1):
 * - `readSamples`: the statistics of the samples inside each bucket (counts, means, first/last, the litres of §11 —
 *   they belong to the reading that counted them) through telemetry's statistics reader (stats-read.ts `readStats`:
 *   whole days from the daily rollup where the buckets are unions of them, whole hours from the hourly one, the rest
 *   from the raw rows), under the keys of summary-period.ts;
 * - `readCredits`: time and distance by credited span (summary-spans.ts);
 * - for §13, the AE meter's litres per cell (a piece of a bucket inside one UTC hour) and each AE's share of every
 *   UTC hour the period touches, from its running over the whole hour.
 */

/** Per device, its records by bucket. */
export type Records = Map<number, Map<number, Stat>>;

/**
 * Writes values into a device's bucket, merging keys of the same bucket; `add`: pieces of one bucket read apart (in
 * time order) add up as records do (summary-period.ts `mergeStat`).
 */
function put(out: Records, devcId: number, ts: number, values: Stat, add = false) {
  const have = slot(out, devcId, ts);
  if (add) mergeStat(have, values);
  else Object.assign(have, values);
}

/** A device's record of a bucket, made empty where there is none yet: written into in place. */
function slot(out: Records, devcId: number, ts: number): Stat {
  let byTs = out.get(devcId);
  if (!byTs) {
    byTs = new Map();
    out.set(devcId, byTs);
  }
  let have = byTs.get(ts);
  if (!have) {
    have = {};
    byTs.set(ts, have);
  }
  return have;
}

const NEED: Record<Wanted['field'], keyof Needs | null> = { n: null, total: 'total', fv: 'first', lv: 'last' };

/** The wanted statistics of devices of one type over the frame, written under their keys. */
async function readWanted(
  database: Database,
  type: SummaryType,
  ids: number[],
  wanted: Wanted[],
  f: Frame,
  out: Records,
) {
  if (!ids.length || !wanted.length) return;
  const metrics: MetricDef[] = [];
  const needs: Needs[] = [];
  const cols = wanted.map((w) => {
    const m = metricOf(type, w.point);
    let i = metrics.indexOf(m);
    if (i < 0) {
      i = metrics.push(m) - 1;
      needs.push({ ...NO_NEEDS });
    }
    const need = NEED[w.field];
    if (need) needs[i][need] = true;
    return i;
  });
  const rows = await readStats(database, {
    def: TELEMETRY_TYPES[type],
    deviceIds: ids,
    metrics,
    needs,
    from: f.start,
    to: f.end,
    output: f.grid,
    // issue 29: whole days from the daily rollup where they fit the buckets (readStats planSegments), else hours
    levels: f.days ? [DAILY, HOURLY] : [HOURLY],
    times: false, // values only: readStats itself asks for the times when it merges pieces
  });
  // without a grid readStats names each piece of the period by its own start: in that order they are in time order
  if (!f.grid) rows.sort((a, b) => a.bucket - b.bucket);
  for (const r of rows) {
    // without a grid the period is one bucket: its pieces add up (merged); with one, a bucket's row is written once
    const s: Stat = f.grid ? slot(out, r.deviceId, r.bucket) : {};
    for (let j = 0; j < wanted.length; j++) {
      const st = r.stats[cols[j]];
      if (st) s[wanted[j].key] = st[wanted[j].field];
    }
    if (!f.grid) put(out, r.deviceId, f.start, s, true);
  }
}

/**
 * The statistics of the samples of the vessel's devices (by type) in each bucket of the frame, into `out`; those
 * answered for the period only (`Wanted.period`) once for the whole period, into `period` (by device).
 */
export async function readSamples(
  database: Database,
  plan: VesselPlan,
  byType: Map<SummaryType, number[]>,
  f: Frame,
  out: Records,
  period: Map<number, Stat>,
): Promise<void> {
  const work: (() => Promise<void>)[] = [];
  const whole: Frame = { ...f, grid: null };
  const totals: Records = new Map();
  for (const [type, ids] of byType)
    for (const a of asks(plan, type, ids)) {
      const each = f.grid ? a.wanted.filter((w) => !w.period) : a.wanted;
      work.push(() => readWanted(database, type, a.ids, each, f, out));
      const period = a.wanted.filter((w) => w.period);
      if (f.grid) work.push(() => readWanted(database, type, a.ids, period, whole, totals));
    }
  await readsInTurn(database, work);
  for (const [id, byTs] of totals) for (const s of byTs.values()) period.set(id, s);
}

/**
 * Time and distance by span (§5–§7, §9, §10, §15) of the vessel's devices in each bucket of the frame, into `out`:
 * `span` (s), the state's seconds under its key (`run`, `flow`), `dist` (m, GPS), `gt` (samples in the state).
 */
export async function readCredits(
  database: Database,
  plan: VesselPlan,
  byType: Map<SummaryType, number[]>,
  f: Frame,
  out: Records,
): Promise<void> {
  const work: (() => Promise<void>)[] = [];
  for (const [type, ids] of byType) {
    const state = SPAN_STATES[type];
    if (!state) continue;
    work.push(() =>
      readSpans(database, state, state.devices(plan, ids), f).then((credits) => {
        for (const [id, byBucket] of credits)
          for (const [ts, c] of byBucket) {
            const s: Stat = { span: c.span, [state.key]: c.state };
            if (state.count && f.grid) s.gt = c.count;
            if (state.distance) s.dist = c.distance;
            put(out, id, ts, s);
          }
      }),
    );
  }
  await readsInTurn(database, work);
}

/**
 * §13: the AE meter's litres M = δ(AE_IN) − δ(AE_OUT) per cell of the frame (summary-domain.ts `cellGrid`: each cell
 * inside one bucket and one UTC hour), named by the cell's start. Empty without an AE meter.
 */
export async function aeMeterCells(database: Database, plan: VesselPlan, f: Frame): Promise<Map<number, number>> {
  const cells = new Map<number, number>();
  const meters = [plan.meters.AE_IN, plan.meters.AE_OUT];
  if (!meters[0]) return cells;
  const ids = meters.filter((d) => d !== undefined).map((d) => d.devcId);
  // the whole hours (inside the period and one bucket) are cells themselves, from the hourly rollup; the rest of the
  // period is cut into cells from the raw rows
  const pieces = framePieces(f);
  const read = (from: number, to: number, grid: Frame['grid'], levels: readonly (typeof HOURLY)[]) =>
    readStats(database, {
      def: TELEMETRY_TYPES.flowmeter,
      deviceIds: ids,
      metrics: [metricOf('flowmeter', 'volumeDelta')],
      needs: [{ ...NO_NEEDS, total: true }],
      from,
      to,
      output: grid,
      levels,
      times: false,
    });
  const parts = await Promise.all([
    pieces.hours
      ? read(...pieces.hours, { size: HOUR, shift: 0 }, [HOURLY]).then((rows) =>
          rows.filter((r) => pieces.whole(r.bucket)),
        )
      : [],
    ...pieces.raw.map(([a, b]) => read(a, b, cellGrid(f.grid), [])),
  ]);
  for (const rows of parts)
    for (const r of rows) {
      const litres = r.stats[0]?.total ?? 0;
      const sign = r.deviceId === meters[0].devcId ? 1 : -1;
      cells.set(r.bucket, (cells.get(r.bucket) ?? 0) + sign * litres);
    }
  return cells;
}

/** §13: each AE's share of every UTC hour the frame touches, and the AEs' credits per hour it was read from. */
export interface AeHours {
  shares: Map<number, Partial<Record<AeName, number>>>;
  /** per AE device, its credits by UTC hour (over `hours`) */
  credits: DeviceCredits;
  /** the hours read: the frame's, widened to whole UTC hours */
  hours: Frame;
}

/**
 * §13: each AE's share of the metered litres per UTC hour the frame touches, from the AEs' estimates over the whole
 * hour (running hours × rate; the hours are read whole even when the period cuts them), evenly when none ran.
 */
export async function aeHourShares(database: Database, plan: VesselPlan, f: Frame): Promise<AeHours> {
  const shares = new Map<number, Partial<Record<AeName, number>>>();
  const names = AE_NAMES.filter((n) => plan.ae[n]);
  const hours: Frame = {
    start: Math.floor(f.start / HOUR) * HOUR,
    end: Math.ceil(f.end / HOUR) * HOUR,
    grid: { size: HOUR, shift: 0 },
  };
  const credits = await readSpans(
    database,
    SPAN_STATES.ae!,
    names.map((n) => ({ devcId: plan.ae[n]!.devcId, threshold: 0 })),
    hours,
  );
  const estimates = new Map<number, Partial<Record<AeName, number>>>();
  for (const n of names) {
    const d = plan.ae[n]!;
    for (const [hour, c] of credits.get(d.devcId) ?? []) {
      const e = estimates.get(hour) ?? {};
      e[n] = (c.state / HOUR) * d.rate;
      estimates.set(hour, e);
    }
  }
  for (let h = hours.start; h < hours.end; h += HOUR) shares.set(h, aeShares(estimates.get(h) ?? {}, names));
  return { shares, credits, hours };
}

/** The frame's period is whole UTC hours and its buckets (if any) unions of them. */
export function hourAligned(f: Frame): boolean {
  const whole = (x: number) => x % HOUR === 0;
  return whole(f.start) && whole(f.end) && (!f.grid || (whole(f.grid.size) && whole(f.grid.shift)));
}

/**
 * The AEs' credits of an hour-aligned frame from those of its UTC hours (`aeHourShares`): the same sums as
 * `readCredits` reads, without reading them twice.
 */
export function aeCreditsFromHours(ae: AeHours, f: Frame, out: Records): void {
  for (const [id, byHour] of ae.credits)
    for (const [hour, c] of byHour) {
      const b = bucketIn(f, hour);
      const s = out.get(id)?.get(b);
      put(out, id, b, { span: (s?.span ?? 0) + c.span, run: (s?.run ?? 0) + c.state });
    }
}
