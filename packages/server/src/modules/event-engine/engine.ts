import {
  type Condition,
  type Current,
  dataSnapshot,
  deviceHolds,
  eventHolds,
  firstFailing,
  type Group,
  hit,
  holdsUntil,
  STALE_SECONDS,
  valuesInOrder,
} from './conditions.ts';
import {
  type AssetConfig,
  assetConfigs,
  type ConfigCache,
  DEFINITIONS_SQL,
  type Definition,
  stateKey as key,
  type Reader,
  refreshConfig,
} from './definitions.ts';
import type { OpenedEvent } from './opened.ts';
import { type AssetStates, PHASE, type Phase, type State } from './state.ts';
import type { Query, Step } from './step.ts';

/**
 * The event engine (docs/domain.md §30, docs/decisions.md "Event engine"). Written as generators that yield SQL and
 * receive its rows, so one implementation runs inside the synchronous SQLite ingest transaction and inside the
 * asynchronous PostgreSQL one (drivers in run.ts). Per (gateway, master event) a state row — idle / pending /
 * active, since when, under which threshold snapshot — is written only on a transition, in the same transaction as
 * the readings and the event row; the devices' current values are telemetry_last (also in that transaction). The
 * definitions come from the process's cache (definitions.ts); the sweep reads them afresh.
 */

export type { Query, Step } from './step.ts';

/** A stored reading handed to the engine: its device, device time and values in catalogue metric order (ingest's rows as they are). */
export interface EngineReading {
  deviceId: number;
  ts: number;
  values: (number | null)[];
}

/** Advisory lock namespace of the engine (first key of pg_advisory_xact_lock(int, int); the second is the asset). */
export const LOCK_NAMESPACE = 17017;

/** What of a state its row keeps. */
const rowOf = (st: State): unknown[] => [st.massId, st.mcevId, st.phase, st.since, st.snapshot, st.oldData];
const sameRow = (a: unknown[], b: unknown[] | null) => b !== null && a.every((v, i) => v === b[i]);

export interface Outcome {
  opened: OpenedEvent[];
  closed: number;
  /** the evaluated devices' values after the batch: once it is committed, `remember` them for the next batch */
  values: Map<number, Current>;
  /** the evaluated assets' states after the batch, with their state version: `remember`ed the same way */
  states: Map<number, AssetStates>;
}

export const noOutcome = (): Outcome => ({ opened: [], closed: 0, values: new Map(), states: new Map() });

const n = (v: unknown) => Number(v);

function* all(text: string, params: unknown[] = []): Step<Record<string, unknown>[]> {
  return yield { text, params };
}

const marks = (count: number) => Array(count).fill('?').join(', ');

/** Everything the engine needs about one asset in one evaluation, read under its lock. */
interface AssetContext {
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

/**
 * A batch's event rows, written together at its end (a statement each, not one per event: on PostgreSQL every
 * statement is a round trip). Events open before the batch that it closes are updated; events it opens are
 * inserted as they end up — an event that opened and closed within the batch is inserted closed, so the inserts
 * never meet an open row of the same event (one active per gateway and event type, event_log_one_active_uq).
 */
interface EventWrites {
  /** [gateway device id, master event, end, now] of events open before the batch */
  closed: unknown[][];
  /** the rows of events opened in the batch, in EVENT_COLUMNS order */
  opened: unknown[][];
  /** the row opened in the batch and still open, per state */
  open: Map<State, unknown[]>;
}

const noEvents = (): EventWrites => ({ closed: [], opened: [], open: new Map() });

/**
 * An event row names its gateway by device id and the asset it was on (who may see it, migration 018);
 * evnt_device_id keeps the unique id the gateway had when the event opened (history, never matched).
 */
const EVENT_COLUMNS = `evnt_timestamp, evnt_device_id, evnt_mevt_id, evnt_mcev_id, evnt_status, evnt_is_priority,
  evnt_duration, evnt_old_data, evnt_new_data, evnt_threshold, evnt_created_time, evnt_updated_time, evnt_devc_id,
  evnt_mass_id`;
/** positions in an opened row */
const ROW_TS = 0;
const ROW_STATUS = 4;
const ROW_DURATION = 6;

/** An asset without definitions (its states, if any, are closed by reconcile). */
const noDefinitions = (massId: number): AssetConfig => ({
  massId,
  defs: [],
  byKey: new Map(),
  readersOf: new Map(),
  deviceTypes: new Map(),
});

/** Locks one asset for the engine (PostgreSQL: transaction advisory lock; SQLite has one writer). */
function* lockAsset(massId: number, postgres: boolean): Step<void> {
  if (postgres) yield* all('select pg_advisory_xact_lock(?::int4, ?::int4)', [LOCK_NAMESPACE, massId]);
}

/** The asset's states, read. */
function* readStates(conf: AssetConfig): Step<Map<string, State>> {
  const states = new Map<string, State>();
  for (const r of yield* all(
    `select evst_gateway_id, evst_mevt_id, evst_mass_id, evst_mcev_id, evst_phase, evst_since, evst_snapshot,
      evst_old_data from event_state where evst_mass_id = ?`,
    [conf.massId],
  )) {
    const st: State = {
      gatewayId: n(r.evst_gateway_id),
      mevtId: n(r.evst_mevt_id),
      massId: n(r.evst_mass_id),
      mcevId: n(r.evst_mcev_id),
      phase: n(r.evst_phase) as Phase,
      since: r.evst_since === null ? null : n(r.evst_since),
      snapshot: String(r.evst_snapshot),
      oldData: r.evst_old_data === null ? null : String(r.evst_old_data),
      dirty: false,
      stored: null,
      blocked: null,
      until: Number.NEGATIVE_INFINITY,
      support: [],
    };
    st.stored = rowOf(st);
    states.set(key(st.gatewayId, st.mevtId), st);
  }
  return states;
}

/** The asset's state version: how many transactions have written its states (0: none yet). */
function* stateVersion(massId: number): Step<number> {
  const rows = yield* all('select esv_version from event_state_version where esv_mass_id = ?', [massId]);
  return rows.length ? n(rows[0].esv_version) : 0;
}

/**
 * The asset's states under its lock: those this process's last committed batch of the asset left (`remember`), while
 * the asset's state version is still the one that batch wrote; otherwise read. The kept ones are taken out of the
 * cache for the batch, which changes them: they go back only once it commits.
 */
function* statesOf(
  cache: ConfigCache,
  conf: AssetConfig,
  version: number,
): Step<{ states: Map<string, State>; read: boolean }> {
  const kept = cache.states.get(conf.massId);
  cache.states.delete(conf.massId);
  if (!kept || kept.version !== version) return { states: yield* readStates(conf), read: true };
  for (const st of kept.states.values()) {
    // the quick checks are worked out afresh in each batch (another process may have moved the values on)
    st.blocked = null;
    st.until = Number.NEGATIVE_INFINITY;
  }
  return { states: kept.states, read: false };
}

/**
 * The current values of the devices `defs` read (telemetry_last: before this batch's readings). Values this process
 * evaluated and committed (`known`, see remember) are used as they are when telemetry_last still holds that reading
 * (same device time and arrival): only the other rows' data is read and parsed.
 */
function* readCurrent(
  conf: AssetConfig,
  defs: Iterable<Definition>,
  known?: Map<number, Current>,
): Step<Map<number, Current>> {
  const current = new Map<number, Current>();
  const read = new Set<number>();
  for (const def of defs) for (const id of def.devcIds) read.add(id);
  let devcIds = [...read];
  if (!devcIds.length) return current;
  // the check costs a query of its own: only when some of these devices' values are at hand
  if (known && devcIds.some((id) => known.has(id))) {
    const stored = yield* all(
      `select device_id, ts, received_time from telemetry_last where device_id in (${marks(devcIds.length)})`,
      devcIds,
    );
    devcIds = [];
    for (const r of stored) {
      const id = n(r.device_id);
      const c = known.get(id);
      if (c && c.ts === n(r.ts) && c.received === n(r.received_time)) current.set(id, c);
      else devcIds.push(id);
    }
    if (!devcIds.length) return current;
  }
  for (const r of yield* all(
    `select device_id, ts, data, received_time from telemetry_last where device_id in (${marks(devcIds.length)})`,
    devcIds,
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

/** A state read that the definitions at hand do not explain: written under definitions this process lacks? */
function unexplained(conf: AssetConfig, states: Map<string, State>): boolean {
  for (const [k, st] of states) {
    const def = conf.byKey.get(k);
    if (def ? def.snapshot !== st.snapshot || def.mcevId !== st.mcevId : st.snapshot !== '') return true;
  }
  return false;
}

/** Each definition's state, by its index, for the batch (an idle one made for a definition without a row). */
function bindStates(ctx: AssetContext): void {
  for (const def of ctx.conf.defs) ctx.stateOf[def.index] = stateOf(ctx, def);
}

function stateOf(ctx: AssetContext, def: Definition): State {
  const k = key(def.gatewayId, def.mevtId);
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

function toIdle(st: State) {
  st.phase = PHASE.idle;
  st.since = null;
  st.oldData = null;
  st.dirty = true;
}

/** Closes the open event of a state at `end` (device time): Non Active, duration end − start. */
function close(ctx: AssetContext, st: State, end: number) {
  const row = ctx.events.open.get(st);
  if (row) {
    // opened in this batch: inserted closed
    row[ROW_STATUS] = 0;
    row[ROW_DURATION] = Math.max(0, end - (row[ROW_TS] as number));
    ctx.events.open.delete(st);
  } else ctx.events.closed.push([st.gatewayId, st.mevtId, end, ctx.now]);
  ctx.outcome.closed++;
  toIdle(st);
}

/** Opens the event of a pending state whose duration has passed; `at` is when that was established. */
function open(ctx: AssetContext, def: Definition, st: State, at: number, dataAt: number) {
  const since = st.since ?? at;
  const newData = JSON.stringify(dataSnapshot(def.groups, ctx.current, dataAt));
  const row = [
    since,
    def.gatewayUid,
    def.mevtId,
    def.mcevId,
    1,
    def.priority,
    Math.max(0, at - since),
    st.oldData ?? '{}',
    newData,
    def.thresholdsText,
    ctx.now,
    ctx.now,
    def.gatewayId,
    def.massId,
  ];
  ctx.events.opened.push(row);
  ctx.events.open.set(st, row);
  st.phase = PHASE.active;
  st.dirty = true;
  ctx.outcome.opened.push({
    massId: def.massId,
    gatewayUid: def.gatewayUid,
    mevtId: def.mevtId,
    type: def.type,
    priority: def.priority,
    timestamp: since,
  });
}

/**
 * A state whose definition is gone (configuration switched, event removed, thresholds or duration edited) closes
 * its open event at `at` and starts over under the new definition (§30.5). Returns whether any state changed.
 */
function reconcile(ctx: AssetContext, at: number): boolean {
  let changed = false;
  for (const [k, st] of ctx.states) {
    const def = ctx.conf.byKey.get(k);
    if (def && def.snapshot === st.snapshot) {
      if (st.mcevId !== def.mcevId) {
        // a new version with the same definition carries the state over
        st.mcevId = def.mcevId;
        st.dirty = true;
        changed = true;
      }
      continue;
    }
    if (!def && st.phase === PHASE.idle && st.snapshot === '') continue;
    changed = true;
    if (st.phase === PHASE.active) close(ctx, st, at);
    else if (st.phase === PHASE.pending) toIdle(st);
    st.snapshot = def ? def.snapshot : '';
    if (def) st.mcevId = def.mcevId;
    st.dirty = true;
  }
  return changed;
}

/** The reading being evaluated: its device's values before and after it. */
interface Change {
  devcId: number;
  prev: Current | undefined;
  next: Current;
}

/** The values just before this reading, for the thresholds' data: the event's old data. */
function oldDataOf(ctx: AssetContext, def: Definition, change: Change, at: number): string {
  if (change.prev) ctx.current.set(change.devcId, change.prev);
  else ctx.current.delete(change.devcId);
  const text = JSON.stringify(dataSnapshot(def.groups, ctx.current, at));
  ctx.current.set(change.devcId, change.next);
  return text;
}

/** Whether a holding state still holds after a reading of one of its devices, as far as State.support tells. */
function stillHolds(reader: Reader, st: State, devcId: number, values: Current['values']): boolean {
  const { groups, positions, single } = reader;
  if (single) return hit(single, values) || st.support[positions[0]] !== devcId;
  for (let i = 0; i < groups.length; i++)
    if (st.support[positions[i]] === devcId && !deviceHolds(groups[i], values)) return false;
  return true;
}

/** Whether a reading can make a definition's blocked group hold: the group reads its device and it satisfies it. */
function unblocks(blocked: Group, groups: Group[], single: Condition | null, values: Current['values']): boolean {
  // `single` is the one condition of the one group reading this device
  if (single) return groups[0] === blocked && hit(single, values);
  return groups.includes(blocked) && deviceHolds(blocked, values);
}

/** One definition evaluated at device time `at` after a reading of one of its devices: its condition `holds`. */
function step(ctx: AssetContext, def: Definition, st: State, at: number, change: Change, holds: boolean) {
  if (st.phase === PHASE.idle) {
    if (!holds) return;
    st.phase = PHASE.pending;
    st.since = at;
    st.oldData = oldDataOf(ctx, def, change, at);
    st.dirty = true;
    if (def.duration === 0) open(ctx, def, st, at, at);
  } else if (st.phase === PHASE.pending) {
    if (!holds) toIdle(st);
    else if (at - (st.since ?? at) >= def.duration) open(ctx, def, st, at, at);
  } else if (!holds) close(ctx, st, at);
}

/** Rows per multi-row statement (its parameters stay far below either engine's limit). */
const ROWS_PER_STATEMENT = 200;

/** `rows` as statements of at most ROWS_PER_STATEMENT rows: `text(n)` is the statement for n rows. */
function* rowStatements(rows: unknown[][], text: (count: number) => string): Generator<Query> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const end = Math.min(rows.length, i + ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    for (let j = i; j < end; j++) for (const v of rows[j]) params.push(v);
    yield { text: text(end - i), params };
  }
}

const tuples = (count: number, tuple: string) => Array(count).fill(tuple).join(', ');

/** A statement's text for a number of rows, built once per number. */
function byRowCount(text: (count: number) => string): (count: number) => string {
  const texts = new Map<number, string>();
  return (count) => {
    let t = texts.get(count);
    if (t === undefined) {
      t = text(count);
      texts.set(count, t);
    }
    return t;
  };
}

// PostgreSQL types a VALUES list's columns from its first row: the casts name them (SQLite reads them as written)
const CLOSE_SQL = byRowCount(
  (count) => `with ending (devc_id, mevt_id, end_ts, updated) as (values
    (cast(? as integer), cast(? as integer), cast(? as bigint), cast(? as bigint))${count > 1 ? `, ${tuples(count - 1, '(?, ?, ?, ?)')}` : ''})
  update event_log set evnt_status = 0, evnt_updated_time = ending.updated,
    evnt_duration = case when ending.end_ts > event_log.evnt_timestamp then ending.end_ts - event_log.evnt_timestamp else 0 end
  from ending where event_log.evnt_devc_id = ending.devc_id and event_log.evnt_mevt_id = ending.mevt_id
    and event_log.evnt_status = 1`,
);

const OPEN_SQL = byRowCount(
  (count) => `insert into event_log (${EVENT_COLUMNS}) values ${tuples(count, `(${marks(14)})`)}
  on conflict (evnt_devc_id, evnt_mevt_id) where evnt_status = 1 do nothing`,
);

const STATES_SQL = byRowCount(
  (
    count,
  ) => `insert into event_state (evst_gateway_id, evst_mevt_id, evst_mass_id, evst_mcev_id, evst_phase, evst_since,
    evst_snapshot, evst_old_data, evst_updated_time) values ${tuples(count, `(${marks(9)})`)}
  on conflict (evst_gateway_id, evst_mevt_id) do update set evst_mass_id = excluded.evst_mass_id,
    evst_mcev_id = excluded.evst_mcev_id, evst_phase = excluded.evst_phase, evst_since = excluded.evst_since,
    evst_snapshot = excluded.evst_snapshot, evst_old_data = excluded.evst_old_data,
    evst_updated_time = excluded.evst_updated_time`,
);

/**
 * Writes the batch's event rows (closes first: an event closed and opened again in one batch must leave its open row
 * before the new one arrives) and its changed states; returns the asset's new state version, or null when no state
 * changed.
 */
function* saveStates(ctx: AssetContext): Step<number | null> {
  const { closed, opened } = ctx.events;
  ctx.events = noEvents();
  yield* rowStatements(closed, CLOSE_SQL);
  yield* rowStatements(opened, OPEN_SQL);
  const changed: unknown[][] = [];
  for (const st of ctx.states.values()) {
    if (!st.dirty) continue;
    st.dirty = false;
    // unchanged since read (a hold that began and broke within the batch), or idle and never stored: no write
    const row = rowOf(st);
    if (sameRow(row, st.stored) || (st.stored === null && st.phase === PHASE.idle)) continue;
    st.stored = row;
    changed.push([st.gatewayId, st.mevtId, st.massId, st.mcevId, st.phase, st.since, st.snapshot, st.oldData, ctx.now]);
  }
  if (!changed.length) return null;
  yield* rowStatements(changed, STATES_SQL);
  const rows = yield* all(
    `insert into event_state_version (esv_mass_id, esv_version) values (?, 1) on conflict (esv_mass_id)
      do update set esv_version = event_state_version.esv_version + 1 returning esv_version`,
    [ctx.conf.massId],
  );
  return n(rows[0].esv_version);
}

/**
 * A batch's stored readings for the engine by asset, each device's in time order, asked for once the definitions
 * are current: `wanted` says which devices the engine reads (a device some definition reads, or any device of an
 * asset to reconcile).
 */
export type ReadingSource = (wanted: (devcId: number, massId: number) => boolean) => Map<number, EngineReading[]>;

/**
 * Evaluates the readings a batch stored (call before telemetry_last takes them: its rows are the values the
 * devices had before the batch). Per asset, in device-time order; a reading not newer than its device's current
 * one (late, out of order, duplicate) is stored but not evaluated (§30.3). Definitions come from `cache`; readings
 * no definition reads are not even handed over, and an asset none of whose definitions reads a device of the batch
 * costs no query.
 */
export function* evaluateReadings(
  source: ReadingSource,
  now: number,
  postgres: boolean,
  cache: ConfigCache,
): Step<Outcome> {
  const outcome = noOutcome();
  yield* refreshConfig(cache, false);
  const wanted = (devcId: number, massId: number) =>
    cache.devices.has(devcId) || (cache.reconcile.size > 0 && cache.reconcile.has(massId));
  const byMass = source(wanted);
  // assets in one order for every writer (PostgreSQL: advisory locks taken in the same order cannot deadlock)
  for (const massId of [...byMass.keys()].sort((a, b) => a - b))
    yield* evaluateAsset(massId, byMass.get(massId)!, now, postgres, cache, outcome, () =>
      // the definitions changed under this batch: its readings asked for again by the new ones
      source(wanted).get(massId),
    );
  return outcome;
}

/** Up to this many runs are merged (a linear pick per reading); more are sorted. */
const MERGE_DEVICES = 32;

/**
 * The readings in device-time order, same times by device id. The source hands each device's readings together
 * and in time order: those runs are merged, cheaper than a sort with a comparator; many runs are sorted.
 */
export function inTimeOrder(list: EngineReading[]): EngineReading[] {
  const starts: number[] = [0];
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1];
    const b = list[i];
    if (b.deviceId === a.deviceId && b.ts > a.ts) continue;
    starts.push(i);
    if (starts.length > MERGE_DEVICES) return list.sort(byTime);
  }
  const k = starts.length;
  if (k === 1) return list;
  const ends = starts.slice(1);
  ends.push(list.length);
  const out: EngineReading[] = new Array(list.length);
  for (let o = 0; o < list.length; o++) {
    let best = -1;
    for (let j = 0; j < k; j++) {
      if (starts[j] === ends[j]) continue;
      if (best < 0) {
        best = j;
        continue;
      }
      const r = list[starts[j]];
      const b = list[starts[best]];
      if (r.ts < b.ts || (r.ts === b.ts && r.deviceId < b.deviceId)) best = j;
    }
    out[o] = list[starts[best]++];
  }
  return out;
}

const byTime = (a: EngineReading, b: EngineReading) => a.ts - b.ts || a.deviceId - b.deviceId;

/**
 * The asset's readings evaluated in device-time order, each against the definitions reading its device, with the
 * quick checks of State.blocked / State.until. A plain function, not part of the generator, so V8 optimises it.
 */
function evaluateInOrder(ctx: AssetContext, read: EngineReading[]) {
  const readersOf = ctx.conf.readersOf;
  const current = ctx.current;
  const states = ctx.stateOf;
  for (const r of inTimeOrder(read)) {
    const readers = readersOf.get(r.deviceId);
    if (readers === undefined) continue; // no definition reads it (an asset to reconcile hands all its readings)
    const at = r.ts;
    const prev = current.get(r.deviceId);
    if (prev && at <= prev.ts) continue; // late, out of order or a duplicate: stored, not evaluated (§30.3)
    const next = { ts: at, received: ctx.now, values: r.values };
    current.set(r.deviceId, next);
    const gap = prev !== undefined && at - prev.ts > STALE_SECONDS;
    for (let i = 0; i < readers.length; i++) {
      const reader = readers[i];
      const { def, groups, single } = reader;
      const st = states[def.index];
      const blocked = st.blocked;
      if (blocked !== null && !unblocks(blocked, groups, single, next.values)) continue;
      // a gap longer than STALE_SECONDS in this device's readings ends what held before it (§30.2)
      if (gap && st.phase !== PHASE.idle) {
        if (st.phase === PHASE.active) close(ctx, st, prev.ts);
        else toIdle(st);
      }
      let holds = true;
      if (st.phase === PHASE.idle || at > st.until || !stillHolds(reader, st, r.deviceId, next.values)) {
        st.until = holdsUntil(def.groups, current, at, st.support);
        holds = st.until >= at;
      }
      // nothing to do for an idle state that does not hold or an active one that does
      if (holds ? st.phase !== PHASE.active : st.phase !== PHASE.idle)
        step(ctx, def, st, at, { devcId: r.deviceId, prev, next }, holds);
      // idle after an evaluation means it did not hold (an idle state that holds turns pending)
      st.blocked = st.phase === PHASE.idle ? firstFailing(def.groups, current, at) : null;
    }
  }
}

function* evaluateAsset(
  massId: number,
  readings: EngineReading[],
  now: number,
  postgres: boolean,
  cache: ConfigCache,
  outcome: Outcome,
  relist: () => EngineReading[] | undefined,
): Step<void> {
  let list = readings;
  let locked = false;
  let checked = false;
  for (;;) {
    if (!list.length) return;
    const conf = cache.assets.get(massId) ?? noDefinitions(massId);
    const full = cache.reconcile.has(massId);
    // the devices some definition reads (a device's readings come together), and those definitions
    const devices = new Set<number>();
    let first = list[0].ts;
    let device = Number.NaN;
    for (const r of list) {
      if (r.ts < first) first = r.ts;
      if (r.deviceId === device) continue;
      device = r.deviceId;
      if (conf.readersOf.has(device)) devices.add(device);
    }
    // the definitions reading them: all of the asset's when the batch has every device they read
    let applicable = conf.defs;
    if (devices.size < conf.readersOf.size) {
      const some = new Set<Definition>();
      for (const id of devices) for (const { def } of conf.readersOf.get(id)!) some.add(def);
      applicable = [...some];
    }
    if (!devices.size && !full) return;
    if (!locked) yield* lockAsset(massId, postgres);
    locked = true;
    const version = yield* stateVersion(massId);
    const { states, read } = yield* statesOf(cache, conf, version);
    // states this process kept were explained by these very definitions (a reload drops them)
    if (read && !checked && unexplained(conf, states)) {
      // perhaps written by a process that already has newer definitions: compare with the database before acting
      checked = true;
      if (yield* refreshConfig(cache, true)) {
        list = relist() ?? [];
        continue;
      }
    }
    const ctx: AssetContext = {
      conf,
      states,
      stateOf: [],
      current: yield* readCurrent(conf, applicable, cache.values),
      now,
      outcome,
      events: noEvents(),
    };
    bindStates(ctx);
    // what a configuration change ended closes at the asset's first reading of the batch (§30.5)
    if (!reconcile(ctx, first) && full) cache.reconcile.delete(massId);
    evaluateInOrder(ctx, list);
    for (const id of devices) {
      const c = ctx.current.get(id);
      if (c) outcome.values.set(id, c);
    }
    outcome.states.set(massId, { version: (yield* saveStates(ctx)) ?? version, states });
    return;
  }
}

/**
 * A batch's evaluation committed: its devices' values are telemetry_last's rows now (readCurrent checks that), its
 * assets' states are event_state's rows at the version it wrote (statesOf checks that).
 */
export function remember(cache: ConfigCache, outcome: Outcome): void {
  for (const [id, c] of outcome.values) cache.values.set(id, c);
  for (const [massId, kept] of outcome.states) cache.states.set(massId, kept);
}

/** The assets with a pending or active state: the sweep's work list. */
export function* sweepTargets(): Step<number[]> {
  const rows = yield* all('select distinct evst_mass_id from event_state where evst_phase <> 0 order by evst_mass_id');
  return rows.map((r) => n(r.evst_mass_id));
}

/**
 * The sweep of one asset at server time `now` (§30.4): closes what a configuration change ended, closes events and
 * drops pending holds of devices gone silent, and opens pending events whose duration has passed while their
 * devices are live and the condition still holds on their latest values. Reads the asset's definitions afresh.
 */
export function* sweepAsset(massId: number, now: number, postgres: boolean): Step<Outcome> {
  const outcome = noOutcome();
  yield* lockAsset(massId, postgres);
  const defRows = yield* all(DEFINITIONS_SQL(1), [massId]);
  const deviceRows = yield* all(
    'select devc_id, devc_unique_id, devc_type, devc_mass_id from device where devc_mass_id = ?',
    [massId],
  );
  const conf = assetConfigs(defRows, deviceRows).get(massId) ?? noDefinitions(massId);
  const ctx: AssetContext = {
    conf,
    states: yield* readStates(conf),
    stateOf: [],
    current: yield* readCurrent(conf, conf.defs),
    now,
    outcome,
    events: noEvents(),
  };
  reconcile(ctx, now);
  for (const def of conf.defs) {
    const st = ctx.states.get(key(def.gatewayId, def.mevtId));
    if (!st || st.phase === PHASE.idle) continue;
    let lastTs = -1;
    let lastReceived = -1;
    for (const id of def.devcIds) {
      const c = ctx.current.get(id);
      if (c && c.ts > lastTs) lastTs = c.ts;
      if (c && c.received > lastReceived) lastReceived = c.received;
    }
    const silent = lastTs < 0 || (now - lastTs > STALE_SECONDS && now - lastReceived > STALE_SECONDS);
    if (silent) {
      // it held at least its duration when it opened, and up to the last reading
      if (st.phase === PHASE.active) close(ctx, st, Math.max(lastTs, (st.since ?? lastTs) + def.duration));
      else toIdle(st);
      continue;
    }
    const live = now - lastTs <= STALE_SECONDS;
    const since = st.since ?? now;
    if (
      st.phase === PHASE.pending &&
      live &&
      now - since >= def.duration &&
      eventHolds(def.groups, ctx.current, lastTs)
    )
      open(ctx, def, st, now, lastTs);
  }
  yield* saveStates(ctx);
  return outcome;
}
