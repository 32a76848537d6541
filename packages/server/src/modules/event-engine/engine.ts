import {
  type AssetDevice,
  type Current,
  dataSnapshot,
  eventHolds,
  type Group,
  parseThresholds,
  resolveGroups,
  STALE_SECONDS,
} from './conditions.ts';

/**
 * The event engine (docs/domain.md §30, docs/decisions.md "Event engine"). Written as generators that yield SQL and
 * receive its rows, so one implementation runs inside the synchronous SQLite ingest transaction and inside the
 * asynchronous PostgreSQL one (drivers in run.ts). Per (gateway, master event) a state row — idle / pending /
 * active, since when, under which threshold snapshot — is written only on a transition, in the same transaction as
 * the readings and the event row; the devices' current values are telemetry_last (also in that transaction).
 */

export interface Query {
  text: string;
  params: unknown[];
}
export type Step<T> = Generator<Query, T, Record<string, unknown>[]>;

/** A stored reading handed to the engine: values by catalogue key (non-null ones). */
export interface EngineReading {
  devcId: number;
  massId: number;
  ts: number;
  values: Record<string, number>;
}

export const PHASE = { idle: 0, pending: 1, active: 2 } as const;
type Phase = (typeof PHASE)[keyof typeof PHASE];

/** Advisory lock namespace of the engine (first key of pg_advisory_xact_lock(int, int); the second is the asset). */
export const LOCK_NAMESPACE = 17017;

interface Definition {
  gatewayId: number;
  gatewayUid: string;
  massId: number;
  mcevId: number;
  mevtId: number;
  type: string;
  priority: number;
  duration: number;
  thresholdsText: string;
  /** what a state was evaluated under: a change closes an open event and restarts the duration (§30.5) */
  snapshot: string;
  groups: Group[];
  devcIds: Set<number>;
  /** its state in this evaluation (found once, not per reading) */
  state?: State;
}

interface State {
  gatewayId: number;
  mevtId: number;
  massId: number;
  mcevId: number;
  phase: Phase;
  since: number | null;
  snapshot: string;
  oldData: string | null;
  dirty: boolean;
}

/** An event the engine opened (for the live push and e-mail). */
export interface OpenedEvent {
  massId: number;
  gatewayUid: string;
  mevtId: number;
  type: string;
  priority: number;
  timestamp: number;
}

export interface Outcome {
  opened: OpenedEvent[];
  closed: number;
}

const n = (v: unknown) => Number(v);
const key = (gatewayId: number, mevtId: number) => `${gatewayId}:${mevtId}`;

function* all(text: string, params: unknown[] = []): Step<Record<string, unknown>[]> {
  return yield { text, params };
}

const DEFINITIONS_SQL = (count: number) => `select g.devc_id, g.devc_unique_id, g.devc_mass_id, c.mcev_id, m.mevt_id,
  m.mevt_type, m.mevt_trigger_duration, m.mevt_is_priority, m.mevt_thresholds
  from device g
  join config_event c on c.mcev_devc_id = g.devc_id and c.mcev_is_active = 1
  join asset_event a on a.asev_mcev_id = c.mcev_id
  join master_event m on m.mevt_id = a.asev_mevt_id
  where g.devc_type = 'gateway' and g.devc_mass_id in (${Array(count).fill('?').join(', ')})
  order by g.devc_id, m.mevt_id`;

/** Everything the engine needs about one asset, read under its lock. */
interface AssetContext {
  massId: number;
  defs: Definition[];
  states: Map<string, State>;
  current: Map<number, Current>;
  /** device id → unique id (gateways of closed states whose definition is gone) */
  uids: Map<number, string>;
  now: number;
  outcome: Outcome;
  /** SQL waiting to run (event rows), in order */
  writes: Query[];
}

function definitionsOf(rows: Record<string, unknown>[], devices: AssetDevice[]): Definition[] {
  return rows.map((r) => {
    const thresholdsText = String(r.mevt_thresholds ?? '{}');
    const duration = Math.max(0, n(r.mevt_trigger_duration) || 0);
    const groups = resolveGroups(parseThresholds(thresholdsText), devices);
    return {
      gatewayId: n(r.devc_id),
      gatewayUid: String(r.devc_unique_id),
      massId: n(r.devc_mass_id),
      mcevId: n(r.mcev_id),
      mevtId: n(r.mevt_id),
      type: String(r.mevt_type),
      priority: n(r.mevt_is_priority) === 1 ? 1 : 0,
      duration,
      thresholdsText,
      snapshot: JSON.stringify([duration, thresholdsText]),
      groups,
      devcIds: new Set(groups.flatMap((g) => g.devices.map((d) => d.devcId))),
    };
  });
}

/** The assets among `massIds` the engine has work for: an active configuration, or a state row. */
function* assetsWithWork(massIds: number[]): Step<{ defs: Record<string, unknown>[]; masses: number[] }> {
  if (!massIds.length) return { defs: [], masses: [] };
  const defs = yield* all(DEFINITIONS_SQL(massIds.length), massIds);
  const stateful = yield* all(
    `select distinct evst_mass_id from event_state where evst_mass_id in (${massIds.map(() => '?').join(', ')})`,
    massIds,
  );
  const masses = new Set<number>([...defs.map((r) => n(r.devc_mass_id)), ...stateful.map((r) => n(r.evst_mass_id))]);
  return { defs, masses: [...masses].sort((a, b) => a - b) };
}

/** Locks one asset for the engine (PostgreSQL: transaction advisory lock; SQLite has one writer) and reads it. */
function* loadAsset(
  massId: number,
  defRows: Record<string, unknown>[],
  now: number,
  postgres: boolean,
  outcome: Outcome,
): Step<AssetContext> {
  if (postgres) yield* all('select pg_advisory_xact_lock(?::int4, ?::int4)', [LOCK_NAMESPACE, massId]);
  const deviceRows = yield* all('select devc_id, devc_unique_id, devc_type from device where devc_mass_id = ?', [
    massId,
  ]);
  const devices: AssetDevice[] = deviceRows.map((r) => ({
    devcId: n(r.devc_id),
    uniqueId: String(r.devc_unique_id),
    type: String(r.devc_type),
  }));
  const defs = definitionsOf(
    defRows.filter((r) => n(r.devc_mass_id) === massId),
    devices,
  );
  const states = new Map<string, State>();
  for (const r of yield* all(
    'select evst_gateway_id, evst_mevt_id, evst_mass_id, evst_mcev_id, evst_phase, evst_since, evst_snapshot, evst_old_data from event_state where evst_mass_id = ?',
    [massId],
  ))
    states.set(key(n(r.evst_gateway_id), n(r.evst_mevt_id)), {
      gatewayId: n(r.evst_gateway_id),
      mevtId: n(r.evst_mevt_id),
      massId: n(r.evst_mass_id),
      mcevId: n(r.evst_mcev_id),
      phase: n(r.evst_phase) as Phase,
      since: r.evst_since === null ? null : n(r.evst_since),
      snapshot: String(r.evst_snapshot),
      oldData: r.evst_old_data === null ? null : String(r.evst_old_data),
      dirty: false,
    });
  const current = new Map<number, Current>();
  const involved = [...new Set(defs.flatMap((d) => [...d.devcIds]))];
  if (involved.length)
    for (const r of yield* all(
      `select device_id, ts, data, received_time from telemetry_last where device_id in (${involved.map(() => '?').join(', ')})`,
      involved,
    )) {
      let values: Record<string, number> = {};
      try {
        values = JSON.parse(String(r.data));
      } catch {
        // an unreadable last state counts as no values
      }
      current.set(n(r.device_id), { ts: n(r.ts), received: n(r.received_time), values });
    }
  return {
    massId,
    defs,
    states,
    current,
    uids: new Map(devices.map((d) => [d.devcId, d.uniqueId])),
    now,
    outcome,
    writes: [],
  };
}

function stateOf(ctx: AssetContext, def: Definition): State {
  if (def.state) return def.state;
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
    };
    ctx.states.set(k, st);
  }
  def.state = st;
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
  const uid = ctx.uids.get(st.gatewayId);
  if (uid !== undefined)
    ctx.writes.push({
      text: `update event_log set evnt_status = 0, evnt_duration = case when ? > evnt_timestamp then ? - evnt_timestamp else 0 end,
        evnt_updated_time = ? where evnt_device_id = ? and evnt_mevt_id = ? and evnt_status = 1`,
      params: [end, end, ctx.now, uid, st.mevtId],
    });
  ctx.outcome.closed++;
  toIdle(st);
}

/** Opens the event of a pending state whose duration has passed; `at` is when that was established. */
function open(ctx: AssetContext, def: Definition, st: State, at: number, dataAt: number) {
  const since = st.since ?? at;
  const newData = JSON.stringify(dataSnapshot(def.groups, ctx.current, dataAt));
  ctx.writes.push({
    text: `insert into event_log (evnt_timestamp, evnt_device_id, evnt_mevt_id, evnt_mcev_id, evnt_status, evnt_is_priority,
      evnt_duration, evnt_old_data, evnt_new_data, evnt_threshold, evnt_created_time, evnt_updated_time)
      values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)
      on conflict (evnt_device_id, evnt_mevt_id) where evnt_status = 1 do nothing`,
    params: [
      since,
      def.gatewayUid,
      def.mevtId,
      def.mcevId,
      def.priority,
      Math.max(0, at - since),
      st.oldData ?? '{}',
      newData,
      def.thresholdsText,
      ctx.now,
      ctx.now,
    ],
  });
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
 * its open event at `at` and starts over under the new definition (§30.5).
 */
function reconcile(ctx: AssetContext, at: number) {
  const defs = new Map(ctx.defs.map((d) => [key(d.gatewayId, d.mevtId), d]));
  for (const [k, st] of ctx.states) {
    const def = defs.get(k);
    if (def && def.snapshot === st.snapshot) {
      if (st.mcevId !== def.mcevId) {
        // a new version with the same definition carries the state over
        st.mcevId = def.mcevId;
        st.dirty = true;
      }
      continue;
    }
    if (st.phase === PHASE.active) close(ctx, st, at);
    else if (st.phase === PHASE.pending) toIdle(st);
    if (def) {
      st.snapshot = def.snapshot;
      st.mcevId = def.mcevId;
      st.dirty = true;
    }
  }
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

/** One definition evaluated at device time `at` after a reading of one of its devices. */
function step(ctx: AssetContext, def: Definition, st: State, at: number, change: Change) {
  const holds = eventHolds(def.groups, ctx.current, at);
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

function* saveStates(ctx: AssetContext): Step<void> {
  for (const q of ctx.writes) yield q;
  ctx.writes = [];
  for (const st of ctx.states.values()) {
    if (!st.dirty) continue;
    yield {
      text: `insert into event_state (evst_gateway_id, evst_mevt_id, evst_mass_id, evst_mcev_id, evst_phase, evst_since,
        evst_snapshot, evst_old_data, evst_updated_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
        on conflict (evst_gateway_id, evst_mevt_id) do update set evst_mass_id = excluded.evst_mass_id,
        evst_mcev_id = excluded.evst_mcev_id, evst_phase = excluded.evst_phase, evst_since = excluded.evst_since,
        evst_snapshot = excluded.evst_snapshot, evst_old_data = excluded.evst_old_data,
        evst_updated_time = excluded.evst_updated_time`,
      params: [st.gatewayId, st.mevtId, st.massId, st.mcevId, st.phase, st.since, st.snapshot, st.oldData, ctx.now],
    };
    st.dirty = false;
  }
}

/**
 * Evaluates the readings a batch stored (call before telemetry_last takes them: its rows are the values the
 * devices had before the batch). Per asset, in device-time order; a reading not newer than its device's current
 * one (late, out of order, duplicate) is stored but not evaluated (§30.3).
 */
export function* evaluateReadings(readings: EngineReading[], now: number, postgres: boolean): Step<Outcome> {
  const outcome: Outcome = { opened: [], closed: 0 };
  const byMass = new Map<number, EngineReading[]>();
  for (const r of readings) {
    let list = byMass.get(r.massId);
    if (!list) {
      list = [];
      byMass.set(r.massId, list);
    }
    list.push(r);
  }
  const { defs, masses } = yield* assetsWithWork([...byMass.keys()].sort((a, b) => a - b));
  for (const massId of masses) {
    const list = byMass.get(massId)!.sort((a, b) => a.ts - b.ts || a.devcId - b.devcId);
    const ctx = yield* loadAsset(massId, defs, now, postgres, outcome);
    reconcile(ctx, list[0].ts);
    const defsOf = new Map<number, Definition[]>();
    for (const def of ctx.defs)
      for (const id of def.devcIds) {
        const l = defsOf.get(id);
        if (l) l.push(def);
        else defsOf.set(id, [def]);
      }
    for (const r of list) {
      const prev = ctx.current.get(r.devcId);
      if (prev && r.ts <= prev.ts) continue;
      const next = { ts: r.ts, received: now, values: r.values };
      ctx.current.set(r.devcId, next);
      const change: Change = { devcId: r.devcId, prev, next };
      for (const def of defsOf.get(r.devcId) ?? []) {
        const st = stateOf(ctx, def);
        // a gap longer than STALE_SECONDS in this device's readings ends what held before it (§30.2)
        if (prev && r.ts - prev.ts > STALE_SECONDS && st.phase !== PHASE.idle) {
          if (st.phase === PHASE.active) close(ctx, st, prev.ts);
          else toIdle(st);
        }
        step(ctx, def, st, r.ts, change);
      }
    }
    yield* saveStates(ctx);
  }
  return outcome;
}

/** The assets with a pending or active state: the sweep's work list. */
export function* sweepTargets(): Step<number[]> {
  const rows = yield* all('select distinct evst_mass_id from event_state where evst_phase <> 0 order by evst_mass_id');
  return rows.map((r) => n(r.evst_mass_id));
}

/**
 * The sweep of one asset at server time `now` (§30.4): closes what a configuration change ended, closes events and
 * drops pending holds of devices gone silent, and opens pending events whose duration has passed while their
 * devices are live and the condition still holds on their latest values.
 */
export function* sweepAsset(massId: number, now: number, postgres: boolean): Step<Outcome> {
  const outcome: Outcome = { opened: [], closed: 0 };
  const defRows = yield* all(DEFINITIONS_SQL(1), [massId]);
  const ctx = yield* loadAsset(massId, defRows, now, postgres, outcome);
  reconcile(ctx, now);
  for (const def of ctx.defs) {
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
