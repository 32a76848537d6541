/**
 * The remain-on-board ledger of docs/domain.md §25 — pure, no database. Litres throughout.
 */

import type { RobBelowZeroRun, RobEntryType, RobInterval, RobLedgerEntry, RobSummaryAnswer } from '@fleet/shared';

export type { RobInterval };

const DAY = 86400;

/** §25.4 the start of the daily / weekly (Monday) / monthly interval holding ts, in the timezone (hours east). */
export function intervalStart(ts: number, interval: RobInterval, tzHours: number): number {
  const shift = Math.round(tzHours * 3600);
  const local = ts + shift;
  const day = Math.floor(local / DAY);
  if (interval === 'daily') return day * DAY - shift;
  if (interval === 'weekly') return (day - ((day + 3) % 7)) * DAY - shift; // 1970-01-01 was a Thursday
  const d = new Date(day * DAY * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000 - shift;
}

/** §25.4 the start of the interval after the one starting at `start`. */
export function nextIntervalStart(start: number, interval: RobInterval, tzHours: number): number {
  if (interval === 'daily') return start + DAY;
  if (interval === 'weekly') return start + 7 * DAY;
  const shift = Math.round(tzHours * 3600);
  const d = new Date((start + shift) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000 - shift;
}

export interface LedgerBunker {
  id: number;
  time: number;
  type: 'IN' | 'OUT';
  /** the log's final bunker received (docs/domain.md §24.2); null when nothing was measured */
  amount: number | null;
  note: string;
}

export interface LedgerAdjustment {
  id: number;
  time: number;
  type: number; // 1 reset, 2 adjust
  value: number;
  note: string | null;
}

export interface LedgerInput {
  start: number;
  end: number;
  initial: number;
  now: number;
  tz: number;
  interval: RobInterval;
  /** the vessel's fuel (§25.2) per hour, or per whole local day without an event inside, in time order */
  fuel: FuelEntry[];
  bunkers: LedgerBunker[];
  adjustments: LedgerAdjustment[];
}

/** [start, litres, end] of one hour or one whole local day of the vessel's fuel (docs/domain.md §25.2), not clamped. */
export type FuelEntry = [start: number, litres: number, end: number];

export type EntryType = RobEntryType;
export type LedgerEntry = RobLedgerEntry;
export type LedgerDetail = RobSummaryAnswer['details'][number];
export type LedgerSummary = RobSummaryAnswer['rob'] & {
  details: LedgerDetail[];
  /**
   * §25.5: the starts of the fuel entries longer than an hour (whole days) in which a run began — read those days
   * per hour and run the ledger again to know the hour (the balances do not change: a day is the sum of its hours)
   */
  coarse: number[];
};

const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

/**
 * §25: the balance starts at the initial value at the profile's start; at each instant the bunkerings and
 * adjustments of that instant apply first (bunker IN adds, OUT subtracts; adjustment type 1 resets, type 2
 * adds), then the fuel of the segment that starts there is consumed. Segments split at interval starts and
 * at event times; an hour's fuel belongs to the segment holding the hour's start (the profile's start for the
 * hour it falls in). The ledger ends at min(profile end, now).
 */
export function robLedger(input: LedgerInput): LedgerSummary {
  const S = input.start;
  const E = Math.max(S, Math.min(input.end, input.now));
  const inWindow = (t: number) => t >= S && t <= E;
  const bunkers = input.bunkers.filter((b) => inWindow(b.time)).sort((a, b) => a.time - b.time || a.id - b.id);
  const adjustments = input.adjustments.filter((a) => inWindow(a.time)).sort((a, b) => a.time - b.time || a.id - b.id);

  // segment boundaries: S, every interval start inside (S, E), every event time
  const bounds = new Set<number>([S]);
  let next = nextIntervalStart(intervalStart(S, input.interval, input.tz), input.interval, input.tz);
  while (next < E) {
    bounds.add(next);
    next = nextIntervalStart(next, input.interval, input.tz);
  }
  for (const b of bunkers) bounds.add(b.time);
  for (const a of adjustments) bounds.add(a.time);
  const times = [...bounds].sort((a, b) => a - b);

  // fuel per segment (by the segment's start), only for segments that hold measured hours; the entries are kept
  // in time order for §25.5 (the hour in which the balance fell below zero)
  const perSegment = new Map<number, { litres: number; entries: FuelEntry[] }>();
  let k = 0;
  for (const entry of input.fuel) {
    const at = Math.max(entry[0], S);
    if (at >= E && !(at === S && S === E)) continue;
    while (k + 1 < times.length && times[k + 1] <= at) k++;
    const segment = perSegment.get(times[k]) ?? { litres: 0, entries: [] };
    perSegment.set(times[k], segment);
    segment.litres += entry[1];
    segment.entries.push(entry);
  }

  const details = new Map<number, LedgerDetail>();
  let balance = input.initial;
  let consumption = 0;
  let adjTotal = 0;
  let adjLast: number | null = null;
  const bunkerTotals: LedgerSummary['bunker'] = {};
  const put = (t: number, type: EntryType, change: number, note: string) => {
    const key = intervalStart(t, input.interval, input.tz);
    const detail = details.get(key) ?? { time: key, startInventory: balance, endInventory: balance, logs: {} };
    details.set(key, detail);
    balance += change;
    detail.logs[String(t)] ??= {};
    const slot = detail.logs[String(t)];
    const prev = slot[type];
    slot[type] = prev
      ? {
          note: `${prev.note}\n${note}`,
          inventoryChange: (prev.inventoryChange ?? Number.NaN) + change,
          endInventory: balance,
        }
      : { note, inventoryChange: change, endInventory: balance };
    detail.endInventory = balance;
  };

  // §25.5 runs below zero
  const runs: RobBelowZeroRun[] = [];
  const coarse: number[] = [];
  let run: RobBelowZeroRun | null = null;

  let bi = 0;
  let ai = 0;
  for (const [ti, t] of times.entries()) {
    const beforeInstant = balance;
    let lastEvent: EntryType | null = null;
    for (; bi < bunkers.length && bunkers[bi].time === t; bi++) {
      const b = bunkers[bi];
      if (b.amount === null) continue;
      lastEvent = 'bunker';
      const sign = b.type === 'OUT' ? -1 : 1;
      put(t, 'bunker', sign * b.amount, b.note);
      const total = bunkerTotals[b.type] ?? { totalVolume: 0, count: 0 };
      bunkerTotals[b.type] = total;
      total.totalVolume = (total.totalVolume ?? Number.NaN) + b.amount;
      total.count++;
    }
    for (; ai < adjustments.length && adjustments[ai].time === t; ai++) {
      const a = adjustments[ai];
      const change = a.type === 1 ? a.value - balance : a.value;
      const label = a.type === 1 ? `Reset to ${fmt(a.value)} L` : `Adjusted by ${fmt(a.value)} L`;
      put(t, 'adjustments', change, a.note ? `${label}: ${a.note}` : label);
      adjTotal += change;
      adjLast = change;
      lastEvent = 'adjustments';
    }
    // §25.5: the instant's bunkerings and adjustments are one step
    if (lastEvent !== null) {
      if (run && balance >= 0) {
        run.end = t;
        run = null;
      } else if (run) run.lowest = Math.min(run.lowest ?? balance, balance);
      else if (balance < 0) {
        run = { start: t, end: null, entry: { time: t, type: lastEvent }, before: beforeInstant, lowest: balance };
        runs.push(run);
      }
    }
    const f = perSegment.get(t);
    if (f !== undefined) {
      const used = Math.max(0, f.litres);
      const before = balance;
      put(t, 'fuelcons', -used, 'Fuel consumption (main and auxiliary engines)');
      consumption += used;
      if (run) run.lowest = Math.min(run.lowest ?? balance, balance);
      else if (balance < 0 && before >= 0) {
        // the end of the first hour after which the running balance is below zero, within the segment
        const segmentEnd = Math.min(times[ti + 1] ?? E, E);
        let start = segmentEnd;
        let running = before;
        for (const [from, litres, to] of f.entries) {
          running -= litres;
          if (running < 0) {
            start = Math.min(to, segmentEnd);
            if (to - from > 3600) coarse.push(from);
            break;
          }
        }
        run = { start, end: null, entry: { time: t, type: 'fuelcons' }, before, lowest: balance };
        runs.push(run);
      }
    }
  }

  return {
    balances: { start: input.initial, last: balance },
    consumption: { totalVolume: consumption },
    adjustments: { totalVolume: adjTotal, lastVolume: adjLast, count: adjustments.length },
    bunker: bunkerTotals,
    belowZero: runs,
    details: [...details.values()].sort((a, b) => a.time - b.time),
    coarse,
  };
}
