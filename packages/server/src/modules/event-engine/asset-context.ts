import { type Current, valuesInOrder } from './conditions.ts';
import type { AssetConfig, Definition } from './definitions.ts';
import { type EventWrites, noEvents, writeEvents } from './event-rows.ts';
import type { ClosedEvent, OpenedEvent } from './opened.ts';
import { type AssetStates, PHASE, type State, stateVersion, writeStates } from './state.ts';
import { all, byRowCount, marks, type Step } from './step.ts';

/**
 * One asset in one evaluation (a batch's or the sweep's): what is read under the asset's lock — its definitions,
 * states and devices' current values — and the rows written at the end; and what the evaluation reports back.
 */

/** Advisory lock namespace of the engine (first key of pg_advisory_xact_lock(int, int); the second is the asset). */
export const LOCK_NAMESPACE = 17017;

export interface Outcome {
  opened: OpenedEvent[];
  closed: number;
  /** the closed events themselves (for the webhooks) */
  closedEvents: ClosedEvent[];
  /** the evaluated devices' values after the batch: once it is committed, `remember` them for the next batch */
  values: Map<number, Current>;
  /** the evaluated assets' states after the batch, with their state version: `remember`ed the same way */
  states: Map<number, AssetStates>;
}

export const noOutcome = (): Outcome => ({
  opened: [],
  closed: 0,
  closedEvents: [],
  values: new Map(),
  states: new Map(),
});

const n = (v: unknown) => Number(v);

/** Everything the engine needs about one asset in one evaluation, read under its lock. */
export interface AssetContext {
  conf: AssetConfig;
  /** the states read, by key */
  states: Map<string, State>;
  /** the state of each definition by its index (bindStates: found once per batch, not per reading) */
  stateOf: State[];
  current: Map<number, Current>;
  now: number;
  outcome: Outcome;
  /** the event rows written at the end (saveStates): see EventWrites */
  events: EventWrites;
}

/** An asset without definitions (its states, if any, are closed by reconcile). */
export const noDefinitions = (massId: number): AssetConfig => ({
  massId,
  defs: [],
  byKey: new Map(),
  readersOf: new Map(),
  deviceTypes: new Map(),
  devcIds: [],
});

/** Locks one asset for the engine (PostgreSQL: transaction advisory lock; SQLite has one writer). */
export function* lockAsset(massId: number, postgres: boolean): Step<void> {
  if (postgres) yield* all('select pg_advisory_xact_lock(?::int4, ?::int4)', [LOCK_NAMESPACE, massId]);
}

/** telemetry_last's device time and arrival of a device, as readCurrent compares them with the values at hand. */
export type Arrivals = Map<number, { ts: number; received: number }>;

/** The statement of versionAndArrivals for `count` devices, its text built once per count (one per asset: every batch). */
const VERSION_AND_ARRIVALS_SQL = byRowCount(
  (count) => `select v.esv_version, t.device_id, t.ts, t.received_time from (select 1 as one) o
      left join event_state_version v on v.esv_mass_id = ?
      left join telemetry_last t on t.device_id in (${marks(count)})`,
);

/**
 * The asset's state version (state.ts) and — when some of `devcIds`' values are at hand (`known`) — telemetry_last's
 * time and arrival of those devices, in one statement: the batch's two reads under the asset's lock in one round
 * trip (PostgreSQL). `arrivals` is null when no value is at hand (readCurrent then reads every row).
 */
export function* versionAndArrivals(
  massId: number,
  devcIds: number[],
  known: Map<number, Current>,
): Step<{ version: number; arrivals: Arrivals | null }> {
  if (!devcIds.some((id) => known.has(id))) return { version: yield* stateVersion(massId), arrivals: null };
  const rows = yield* all(VERSION_AND_ARRIVALS_SQL(devcIds.length), [massId, ...devcIds]);
  const arrivals: Arrivals = new Map();
  for (const r of rows)
    if (r.device_id !== null) arrivals.set(n(r.device_id), { ts: n(r.ts), received: n(r.received_time) });
  const version = rows[0].esv_version;
  return { version: version === null || version === undefined ? 0 : n(version), arrivals };
}

/**
 * The current values of the devices `devcIds` (telemetry_last: before this batch's readings). Values this process
 * evaluated and committed (`known`, see remember) are used as they are when telemetry_last still holds that reading
 * (same device time and arrival: `arrivals`, read by versionAndArrivals): only the other rows' data is read and
 * parsed.
 */
export function* readCurrent(
  conf: AssetConfig,
  devcIds: number[],
  known?: Map<number, Current>,
  arrivals?: Arrivals | null,
): Step<Map<number, Current>> {
  const current = new Map<number, Current>();
  if (!devcIds.length) return current;
  let rest = devcIds;
  if (known && arrivals) {
    rest = [];
    for (const id of devcIds) {
      const c = known.get(id);
      const a = arrivals.get(id);
      // a device without a telemetry_last row has no values (nothing to read either)
      if (!a) continue;
      if (c && c.ts === a.ts && c.received === a.received) current.set(id, c);
      else rest.push(id);
    }
    if (!rest.length) return current;
  }
  for (const r of yield* all(
    `select device_id, ts, data, received_time from telemetry_last where device_id in (${marks(rest.length)})`,
    rest,
  )) {
    const id = n(r.device_id);
    let byKey: Record<string, number> = {};
    try {
      byKey = JSON.parse(String(r.data)) ?? {};
    } catch {
      // an unreadable last state counts as no values
    }
    const type = conf.deviceTypes.get(id);
    current.set(id, { ts: n(r.ts), received: n(r.received_time), values: type ? valuesInOrder(type, byKey) : [] });
  }
  return current;
}

/** Each definition's state, by its index, for the batch (an idle one made for a definition without a row). */
export function bindStates(ctx: AssetContext): void {
  for (const def of ctx.conf.defs) ctx.stateOf[def.index] = stateOf(ctx, def);
}

function stateOf(ctx: AssetContext, def: Definition): State {
  const k = def.key;
  let st = ctx.states.get(k);
  if (!st) {
    st = {
      gatewayId: def.gatewayId,
      mevtId: def.mevtId,
      massId: def.massId,
      mcevId: def.mcevId,
      phase: PHASE.idle,
      since: null,
      snapshot: def.snapshot,
      oldData: null,
      dirty: true,
      stored: null,
      blocked: null,
      until: Number.NEGATIVE_INFINITY,
      support: [],
    };
    ctx.states.set(k, st);
  }
  return st;
}

/**
 * Writes the batch's event rows (event-rows.ts) and its changed states; returns the asset's new state version, or
 * null when no state changed.
 */
export function* saveStates(ctx: AssetContext, postgres: boolean): Step<number | null> {
  const events = ctx.events;
  ctx.events = noEvents();
  yield* writeEvents(events, postgres);
  return yield* writeStates(ctx.conf.massId, ctx.states, ctx.now, postgres);
}
