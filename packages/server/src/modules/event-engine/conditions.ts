import { type Thresholds, thresholdsSchema } from '@fleet/shared';
import { type DeviceType, TELEMETRY_TYPES, telemetryType } from '@fleet/shared/telemetry.ts';

/**
 * The threshold side of the event engine (docs/domain.md §30.1): a master event's thresholds resolved against the
 * devices of one asset, and whether they hold for the devices' current values. Pure functions, no database.
 */

/** A value older than this (device time) no longer counts as the device's current value (§30.2, same as "online"). */
export const STALE_SECONDS = 600;

export type Operator = '==' | '!=' | '>' | '<' | '>=' | '<=';

export interface Condition {
  /** the data name as the threshold writes it (old/new data are keyed by it) */
  name: string;
  /** the catalogue key of that data name for the device type; null when the type has no such data */
  key: string | null;
  /** that key's position among the type's metrics (a device's values are in that order); -1 when none */
  index: number;
  operator: Operator;
  /** the operator as a number (OPS), for the per-reading evaluation */
  op: number;
  value: number | string;
  /** the value as a number, worked out once (null: a text threshold) */
  num: number | null;
}

export interface Group {
  /** the threshold's device name: a device unique id, or a device type meaning every device of that type */
  name: string;
  combine: 'and' | 'or';
  /** the asset's devices this group reads */
  devices: AssetDevice[];
  conditions: Condition[];
}

export interface AssetDevice {
  devcId: number;
  uniqueId: string;
  type: string;
}

/** The latest reading of a device: device time and values in its type's metric order (null: not sent). */
export interface Current {
  ts: number;
  /** server clock when it arrived (silence is judged on both clocks, §30.2) */
  received: number;
  values: ArrayLike<number | null | undefined>;
}

const OPS: Operator[] = ['==', '!=', '>', '<', '>=', '<='];

/** A device's values by catalogue key (telemetry_last's data) → in its type's metric order. */
export function valuesInOrder(type: string, byKey: Record<string, number>): (number | null)[] {
  const t = telemetryType(type) as DeviceType | null;
  if (!t) return [];
  return TELEMETRY_TYPES[t].metrics.map((m) => {
    const v = byKey[m.key];
    return typeof v === 'number' ? v : null;
  });
}

/** The data name → catalogue key of a type: the metric key or one of its aliases, any case. */
function metricKey(type: string, name: string): string | null {
  const t = telemetryType(type) as DeviceType | null;
  if (!t) return null;
  const lower = name.trim().toLowerCase();
  for (const m of TELEMETRY_TYPES[t].metrics)
    if (m.key.toLowerCase() === lower || m.aliases?.some((a) => a.toLowerCase() === lower)) return m.key;
  return null;
}

function metricIndex(type: string, key: string | null): number {
  const t = telemetryType(type) as DeviceType | null;
  if (!t || key === null) return -1;
  return TELEMETRY_TYPES[t].metrics.findIndex((m) => m.key === key);
}

const parsed = new Map<string, Thresholds>();

/** Thresholds JSON text → the typed object; unreadable text gives no groups (the event can never hold). */
export function parseThresholds(text: string | null | undefined): Thresholds {
  const key = text ?? '{}';
  let out = parsed.get(key);
  if (out) return out;
  try {
    const r = thresholdsSchema.safeParse(JSON.parse(key));
    out = r.success ? r.data : {};
  } catch {
    out = {};
  }
  if (parsed.size > 1000) parsed.clear(); // every batch parses the same few texts; keep the memo bounded
  parsed.set(key, out);
  return out;
}

/**
 * A threshold's device names → the asset's devices: a name equal to a device's unique id names that device;
 * otherwise a device type name (gps, rpm, power …) names every device of that type on the asset.
 */
export function resolveGroups(thresholds: Thresholds, devices: AssetDevice[]): Group[] {
  return Object.entries(thresholds).map(([name, g]) => {
    const exact = devices.filter((d) => d.uniqueId === name);
    const matched = exact.length ? exact : devices.filter((d) => d.type === name.trim().toLowerCase());
    const type = matched[0]?.type ?? '';
    return {
      name,
      combine: g.conditions_operator,
      devices: matched,
      conditions: Object.entries(g.data).map(([dataName, c]) => ({
        name: dataName,
        key: metricKey(type, dataName),
        index: metricIndex(type, metricKey(type, dataName)),
        operator: c.operator,
        op: OPS.indexOf(c.operator),
        value: c.value,
        num: numeric(c.value),
      })),
    };
  });
}

/** A threshold value as a number: numbers, decimal text, and true/false for flags; other text stays text. */
function numeric(v: number | string): number | null {
  if (typeof v === 'number') return v;
  const t = v.trim().toLowerCase();
  if (t === 'true') return 1;
  if (t === 'false') return 0;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : null;
}

/** One comparison `reading operator value`; a missing reading never satisfies a condition. */
export function compare(
  reading: number | null | undefined,
  operator: Operator,
  value: number | string,
  v: number | null = numeric(value),
): boolean {
  if (reading === undefined || reading === null) return false;
  if (v === null) {
    // text thresholds can only be (un)equal to the reading's text
    if (operator === '==') return String(reading) === String(value).trim();
    if (operator === '!=') return String(reading) !== String(value).trim();
    return false;
  }
  switch (operator) {
    case '==':
      return reading === v;
    case '!=':
      return reading !== v;
    case '>':
      return reading > v;
    case '<':
      return reading < v;
    case '>=':
      return reading >= v;
    case '<=':
      return reading <= v;
  }
}

/** A device's values that count at time `at`: its latest reading, unless older than STALE_SECONDS. */
function fresh(current: Map<number, Current>, devcId: number, at: number): Current | undefined {
  const c = current.get(devcId);
  return c && at - c.ts <= STALE_SECONDS ? c : undefined;
}

/** One condition on a device's values; numbers compared inline (this runs for every reading and definition). */
export function hit(x: Condition, values: Current['values']): boolean {
  if (x.index < 0) return false;
  const v = values[x.index];
  if (v === null || v === undefined) return false;
  const t = x.num;
  if (t === null) return compare(v, x.operator, x.value, t);
  return test(x.op, t, v);
}

/** A reading's value `v` against a numeric threshold `t` under the operator number `op` (OPS); a missing value never holds. */
export function test(op: number, t: number, v: number | null | undefined): boolean {
  if (v === null || v === undefined) return false;
  switch (op) {
    case 0:
      return v === t;
    case 1:
      return v !== t;
    case 2:
      return v > t;
    case 3:
      return v < t;
    case 4:
      return v >= t;
    default:
      return v <= t;
  }
}

/** A group's conditions on one device's values: all of them (and) or one (or). */
export function deviceHolds(group: Group, values: Current['values']): boolean {
  const conditions = group.conditions;
  if (!conditions.length) return false;
  if (group.combine === 'and') {
    for (const x of conditions) if (!hit(x, values)) return false;
    return true;
  }
  for (const x of conditions) if (hit(x, values)) return true;
  return false;
}

/**
 * Until when an event's condition holds at the latest without another reading: min over its groups of the latest
 * time a satisfying device's value stays current (max of its ts + STALE_SECONDS); -Infinity when it does not hold
 * at `at` (an event without groups never does). `support`, when given, receives per group the device giving that
 * time.
 */
export function holdsUntil(groups: Group[], current: Map<number, Current>, at: number, support?: number[]): number {
  if (!groups.length) return -Infinity;
  let until = Infinity;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    let best = -Infinity;
    let by = -1;
    for (const d of g.devices) {
      const c = current.get(d.devcId);
      if (!c || at - c.ts > STALE_SECONDS) continue;
      const end = c.ts + STALE_SECONDS;
      if (end > best && deviceHolds(g, c.values)) {
        best = end;
        by = d.devcId;
      }
    }
    if (best === -Infinity) return -Infinity;
    if (best < until) until = best;
    if (support) support[i] = by;
  }
  return until;
}

/**
 * The first of an event's groups that holds on none of its devices at `at` (null: each holds somewhere). Time
 * passing only makes values staler, so such a group can hold again only through a new reading of one of its devices.
 */
export function firstFailing(groups: Group[], current: Map<number, Current>, at: number): Group | null {
  for (const g of groups) {
    let holds = false;
    for (const d of g.devices) {
      const c = current.get(d.devcId);
      if (c && at - c.ts <= STALE_SECONDS && deviceHolds(g, c.values)) {
        holds = true;
        break;
      }
    }
    if (!holds) return g;
  }
  return null;
}

/** An event's condition: every group holds at `at`. */
export function eventHolds(groups: Group[], current: Map<number, Current>, at: number): boolean {
  return holdsUntil(groups, current, at) >= at;
}

/** Old/new data (spec 002 §3.7): device unique id → device type → data name → value, for the thresholds' data. */
export function dataSnapshot(
  groups: Group[],
  current: Map<number, Current>,
  at: number,
): Record<string, Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, Record<string, number>>> = {};
  for (const g of groups)
    for (const d of g.devices) {
      const c = fresh(current, d.devcId, at);
      if (!c) continue;
      for (const x of g.conditions) {
        const v = x.index < 0 ? null : c.values[x.index];
        if (v === null || v === undefined) continue;
        out[d.uniqueId] ??= {};
        out[d.uniqueId][d.type] ??= {};
        out[d.uniqueId][d.type][x.name] = v;
      }
    }
  return out;
}
