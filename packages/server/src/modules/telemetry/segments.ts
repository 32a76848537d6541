import { haversineM } from '@fleet/shared/geo.ts';
import {
  type DeviceType,
  type DeviceTypeDef,
  GAP_LIMIT,
  GPS_GAP_LIMIT,
  SPAN_STATE_RULES,
  storedMetrics,
  TELEMETRY_TYPES,
} from '@fleet/shared/telemetry.ts';
import { litresAt15 } from '@fleet/shared/volume-correction.ts';

/**
 * The per-segment columns ingest stores with each reading (docs/domain.md §5, §6, §11; docs/architecture.md
 * "Ingest"; the `derived` columns of @fleet/shared telemetry.ts): each is computed from the reading and the previous
 * reading of the same device that takes part in the same **chain** — a GPS fix (latitude and longitude), an rpm, a
 * flow rate, a temperature, a totaliser reading. Pure functions here; the SQL that finds the previous readings is
 * written out below for both engines, the write in ingest.ts.
 */

/** A reading in a device's time line: values in `storedMetrics(def)` order. */
export interface SegmentRow {
  ts: number;
  values: (number | null)[];
}

/** A chain of a device type (the readings that take part, in time order) and what it derives. */
export interface Chain {
  /** the readings that take part, as SQL over the table's columns */
  where: string;
  /** the same test on a reading's values */
  member(values: (number | null)[]): boolean;
  /** the stored columns (storedMetrics indexes) the chain writes */
  writes: number[];
  /** the stored columns (storedMetrics indexes) `derive` reads of the previous reading, besides its time */
  reads: number[];
  /**
   * Sets b's columns from a, the chain's previous reading (undefined: b is the device's first). `distance`: b's GPS
   * distance is computed here (the device sent none, or a late fix now precedes b).
   */
  derive(b: SegmentRow, a: SegmentRow | undefined, distance: boolean): void;
  /** A new reading that is not part of the chain: none of its columns (`distance` as in derive). */
  clear(b: SegmentRow, distance: boolean): void;
}

const clearing =
  (writes: number[]) =>
  (b: SegmentRow): void => {
    for (const i of writes) b.values[i] = null;
  };

const at = (def: DeviceTypeDef, key: string) => {
  const i = storedMetrics(def).findIndex((m) => m.key === key);
  if (i < 0) throw new Error(`${def.type} has no stored column ${key}`);
  return i;
};

/** §5 the credited span of b after a: min(t_b − t_a, G); null for the first sample. */
const spanOf = (b: SegmentRow, a: SegmentRow | undefined, limit: number) => (a ? Math.min(b.ts - a.ts, limit) : null);

/**
 * A sample's span in its state (@fleet/shared SPAN_STATE_RULES: GPS moving, AE running, flow): the column and the
 * rule over a reading's values; none for a type whose state is read at query time (rpm, temperature).
 */
function stateOf(def: DeviceTypeDef) {
  const rule = SPAN_STATE_RULES[def.type];
  if (!rule) return undefined;
  const index = new Map(storedMetrics(def).map((m, i) => [m.key, i]));
  // one reader for every call (ingest tests each reading of a batch): no closure per reading
  let values: (number | null)[] = [];
  const valueAt = (k: string) => values[index.get(k)!] ?? null;
  return {
    column: at(def, rule.key),
    holds: (v: (number | null)[]) => {
      values = v;
      return rule.inState(valueAt);
    },
  };
}

/** §5: the span of a device's samples, a sample being a reading whose `key` is present (and its span in the state). */
function spanChain(def: DeviceTypeDef, key: string): Chain {
  const present = at(def, key);
  const span = at(def, 'span');
  const state = stateOf(def);
  const column = storedMetrics(def)[present].column;
  const writes = state ? [span, state.column] : [span];
  return {
    where: `${column} is not null`,
    member: (v) => v[present] !== null,
    writes,
    reads: [],
    derive(b, a) {
      const s = spanOf(b, a, GAP_LIMIT);
      b.values[span] = s;
      if (state) b.values[state.column] = s === null ? null : state.holds(b.values) ? s : 0;
    },
    clear: clearing(writes),
  };
}

/**
 * §6 and §5 for GPS: a fix has latitude and longitude; its span (G_GPS), its distance, the distance on its span and
 * its span when moving (§7).
 */
function gpsChain(def: DeviceTypeDef): Chain {
  const [lat, lon, dist, span, spanDist] = ['latitude', 'longitude', 'distance', 'span', 'spanDistance'].map((k) =>
    at(def, k),
  );
  const moving = stateOf(def)!;
  return {
    where: 'latitude is not null and longitude is not null',
    member: (v) => v[lat] !== null && v[lon] !== null,
    writes: [dist, span, spanDist, moving.column],
    reads: [lat, lon],
    derive(b, a, distance) {
      const v = b.values;
      // the first fix travelled 0 m (spec 002 §5); the others the great circle from the previous fix
      if (distance) v[dist] = a ? haversineM(a.values[lat]!, a.values[lon]!, v[lat]!, v[lon]!) : 0;
      const s = spanOf(b, a, GPS_GAP_LIMIT);
      v[span] = s;
      v[moving.column] = s === null ? null : moving.holds(v) ? s : 0;
      // §6: the part of the distance on the credited span, d × span / L (all of it when L ≤ G_GPS)
      v[spanDist] = s === null || v[dist] === null ? null : (v[dist]! * s) / (b.ts - a!.ts);
    },
    // a reading without a position is not a fix: no span, and no distance unless the device sent one (§6)
    clear(b, distance) {
      b.values[span] = b.values[spanDist] = b.values[moving.column] = null;
      if (distance) b.values[dist] = null;
    },
  };
}

/**
 * §11 a totaliser's delta: V_b − V_a when it rose, 0 at a fall (a reset) and for the meter's first reading;
 * `at15`: the litres also at 15 °C with b's density and temperature.
 */
function deltaChain(def: DeviceTypeDef, totaliser: string, delta: string, at15?: string): Chain {
  const t = at(def, totaliser);
  const d = at(def, delta);
  const d15 = at15 === undefined ? -1 : at(def, at15);
  const [rho, temp] = at15 === undefined ? [-1, -1] : [at(def, 'density'), at(def, 'temperature')];
  return {
    where: `${storedMetrics(def)[t].column} is not null`,
    member: (v) => v[t] !== null,
    writes: d15 < 0 ? [d] : [d, d15],
    reads: [t],
    derive(b, a) {
      const v = b.values;
      const step = a && v[t]! >= a.values[t]! ? v[t]! - a.values[t]! : 0;
      v[d] = step;
      if (d15 >= 0) v[d15] = litresAt15(step, v[rho], v[temp]);
    },
    clear: clearing(d15 < 0 ? [d] : [d, d15]),
  };
}

/** The chains of each device type that has derived columns. */
export const CHAINS: Partial<Record<DeviceType, Chain[]>> = {
  gps: [gpsChain(TELEMETRY_TYPES.gps)],
  rpm: [spanChain(TELEMETRY_TYPES.rpm, 'rpm')],
  ae: [spanChain(TELEMETRY_TYPES.ae, 'rpm')],
  flowmeter: [
    spanChain(TELEMETRY_TYPES.flowmeter, 'volumeFlowrate'),
    deltaChain(TELEMETRY_TYPES.flowmeter, 'volumeInventory', 'volumeDelta', 'volume15Delta'),
    deltaChain(TELEMETRY_TYPES.flowmeter, 'massInventory', 'massDelta'),
  ],
};

/** The stored columns a late reading can change in the readings after it: the derived ones, and GPS distance. */
export function rewriteColumns(def: DeviceTypeDef): number[] {
  return [...new Set((CHAINS[def.type] ?? []).flatMap((c) => c.writes))].sort((a, b) => a - b);
}

/** A batch reading of one device: its values (extended to storedMetrics), and whether ingest computes its distance. */
export interface NewReading extends SegmentRow {
  computeDistance?: boolean;
}

/** What the database holds around one device's batch readings (the queries below). */
export interface StoredAround {
  /** per chain, the device's last stored reading of the chain before the batch's first reading */
  previous: (SegmentRow | undefined)[];
  /**
   * the stored readings from the batch's first reading on: every one up to its last, and per chain the first
   * reading of the chain after its last (empty when the batch comes after everything stored: the usual case)
   */
  later: SegmentRow[];
}

/**
 * Fills the derived columns of one device's new readings (sorted by time, none at a stored reading's time) and
 * returns the stored readings whose derived columns change because a new reading now precedes them (late or out of
 * order), with their new values — each chain's next stored reading after a new one.
 */
export function deriveSegments(def: DeviceTypeDef, rows: NewReading[], around: StoredAround): SegmentRow[] {
  const chains = CHAINS[def.type] ?? [];
  if (!rows.length || !chains.length) return [];
  if (!around.later.length) {
    // the usual case: the batch comes after everything stored, each chain runs on from its previous reading
    chains.forEach((chain, ci) => {
      let a = around.previous[ci];
      for (const row of rows) {
        if (!chain.member(row.values)) chain.clear(row, !!row.computeDistance);
        else {
          chain.derive(row, a, !!row.computeDistance);
          a = row;
        }
      }
    });
    return [];
  }
  const last = rows[rows.length - 1].ts;
  type Item = { row: SegmentRow; fresh: boolean; distance: boolean };
  const items: Item[] = [];
  // a new reading at a stored reading's time is a duplicate: the stored one stays
  const stored = new Set(around.later.map((r) => r.ts));
  for (const row of rows) if (!stored.has(row.ts)) items.push({ row, fresh: true, distance: !!row.computeDistance });
  for (const row of around.later) items.push({ row, fresh: false, distance: true });
  items.sort((a, b) => a.row.ts - b.row.ts);
  const changed = new Set<SegmentRow>();
  chains.forEach((chain, ci) => {
    let a = around.previous[ci];
    let aFresh = false;
    for (const it of items) {
      const v = it.row.values;
      if (!chain.member(v)) {
        if (it.fresh) chain.clear(it.row, it.distance);
        continue;
      }
      if (it.fresh) chain.derive(it.row, a, it.distance);
      else if (aFresh) {
        // the stored reading's segment now starts at a new reading: its columns are computed again
        const before = chain.writes.map((i) => v[i]);
        chain.derive(it.row, a, true);
        if (chain.writes.some((i, k) => v[i] !== before[k])) changed.add(it.row);
      }
      // a stored reading after the batch's last is loaded only as a chain's next one: the chain ends there
      if (!it.fresh && it.row.ts > last) break;
      a = it.row;
      aFresh = it.fresh;
    }
  });
  return [...changed];
}

// ---------------------------------------------------------------- the stored readings around a batch

const columnsOf = (def: DeviceTypeDef) => storedMetrics(def).map((m) => m.column);
const previousSql = new Map<string, string>();
const laterSql = new Map<DeviceType, string>();

/**
 * What precedes a batch, for all its devices of one type in one statement (written once for both engines; one
 * statement per type and batch, not per device — on PostgreSQL each statement is a round trip): per device
 * (`d`, with the batch's first time) and chain, the time and the read columns of the chain's last stored reading
 * before the batch (`p<k>_ts`, `p<k>_<column>`), and the time of the first stored reading at or after the batch's
 * first (`next_ts`: only then is `laterStatement` needed). Each is a seek on the key (device, ts). Parameters:
 * `previousParams`.
 */
export function previousStatement(def: DeviceTypeDef, devices: number): string {
  const key = `${def.type}|${devices}`;
  let text = previousSql.get(key);
  if (!text) {
    const chains = CHAINS[def.type] ?? [];
    const cols = columnsOf(def);
    const seek = (column: string, where: string, order: 'asc' | 'desc') =>
      `(select ${column} from ${def.table} where ${where} order by ts ${order} limit 1)`;
    const before = (c: Chain) => `device_id = d.id and ts < d.t0 and ${c.where}`;
    const selects = chains.flatMap((c, k) => [
      `${seek('ts', before(c), 'desc')} as p${k}_ts`,
      ...c.reads.map((i) => `${seek(cols[i], before(c), 'desc')} as p${k}_${cols[i]}`),
    ]);
    const rows = Array.from({ length: devices }, () => '(cast(? as integer), cast(? as bigint))').join(', ');
    text = `with d(id, t0) as (values ${rows})
      select d.id, ${selects.join(', ')}, ${seek('ts', 'device_id = d.id and ts >= d.t0', 'asc')} as next_ts from d`;
    previousSql.set(key, text);
  }
  return text;
}

/** Parameters of `previousStatement`: each device and the time of its batch's first reading. */
export const previousParams = (devices: { deviceId: number; first: number }[]) =>
  devices.flatMap((d) => [d.deviceId, d.first]);

/** The `previousStatement` rows → per device, what precedes its batch and whether stored readings follow its first. */
export function previousOf(
  def: DeviceTypeDef,
  rows: Record<string, unknown>[],
): Map<number, { previous: (SegmentRow | undefined)[]; laterExists: boolean }> {
  const chains = CHAINS[def.type] ?? [];
  const cols = columnsOf(def);
  const out = new Map<number, { previous: (SegmentRow | undefined)[]; laterExists: boolean }>();
  for (const r of rows) {
    const previous = chains.map((c, k): SegmentRow | undefined => {
      const ts = r[`p${k}_ts`];
      if (ts === null || ts === undefined) return undefined;
      // only the columns the chain's derive reads: the rest of the previous reading is not needed
      const values: (number | null)[] = new Array(cols.length).fill(null);
      for (const i of c.reads) {
        const v = r[`p${k}_${cols[i]}`];
        values[i] = v === null || v === undefined ? null : Number(v);
      }
      return { ts: Number(ts), values };
    });
    out.set(Number(r.id), { previous, laterExists: r.next_ts !== null && r.next_ts !== undefined });
  }
  return out;
}

/**
 * The stored readings a late or out-of-order batch of one device lands among (parameters `laterParams`): every one
 * from the batch's first reading to its last, and per chain the first reading of the chain after its last.
 */
export function laterStatement(def: DeviceTypeDef): string {
  let text = laterSql.get(def.type);
  if (!text) {
    const chains = CHAINS[def.type] ?? [];
    const cols = columnsOf(def).join(', ');
    const one = (k: number, where: string) =>
      `select * from (select ${k} as k, ts, ${cols} from ${def.table} where ${where} order by ts asc limit 1) as q${k}`;
    text = [
      `select * from (select -1 as k, ts, ${cols} from ${def.table} where device_id = ? and ts >= ? and ts <= ?) as b`,
      ...chains.map((c, k) => one(k, `device_id = ? and ts > ? and ${c.where}`)),
    ].join('\nunion all ');
    laterSql.set(def.type, text);
  }
  return text;
}

/** Parameters of `laterStatement`. */
export const laterParams = (def: DeviceTypeDef, deviceId: number, first: number, last: number) => [
  deviceId,
  first,
  last,
  ...(CHAINS[def.type] ?? []).flatMap(() => [deviceId, last]),
];

/** The `laterStatement` rows → the stored readings in time order, each once. */
export function laterOf(def: DeviceTypeDef, rows: Record<string, unknown>[]): SegmentRow[] {
  const cols = columnsOf(def);
  const byTs = new Map<number, SegmentRow>();
  for (const r of rows) {
    const ts = Number(r.ts);
    if (!byTs.has(ts))
      byTs.set(ts, { ts, values: cols.map((c) => (r[c] === null || r[c] === undefined ? null : Number(r[c]))) });
  }
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}
