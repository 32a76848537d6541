import type { Group } from './conditions.ts';
import { all, byRowCount, marks, ROWS_PER_STATEMENT, rowStatements, type Step, tuples } from './step.ts';

/**
 * The engine's state per (gateway, master event) — durable in event_state (written on transitions), kept by a
 * process between batches of an asset only while the asset's state version says no one else wrote it; its rows are
 * read and written here.
 */

export const PHASE = { idle: 0, pending: 1, active: 2 } as const;
export type Phase = (typeof PHASE)[keyof typeof PHASE];

export interface State {
  /** the gateway device (event_log names the gateway by it too) */
  gatewayId: number;
  mevtId: number;
  massId: number;
  mcevId: number;
  phase: Phase;
  since: number | null;
  /** '' once its definition is gone (so a process still holding that definition notices the change) */
  snapshot: string;
  oldData: string | null;
  dirty: boolean;
  /** the row as read (null: no row yet): a state that ends the batch as it began is not written again */
  stored: unknown[] | null;
  /**
   * The quick checks of evaluateInOrder, kept in memory for one batch. Between two evaluations of a definition
   * only the device just read has changed (every reading of its devices evaluates it, in device-time order), and
   * time has moved on, which can only make other devices' values stale. So:
   * - `blocked`: idle, and this group of its condition held on none of its devices when last evaluated — staler
   *   values cannot make it hold, so it can hold again only through the device just read, if the group reads that
   *   device and the reading satisfies it;
   * - `until`: pending or active, and its condition held when last evaluated, its devices' support lasting until
   *   then (holdsUntil), `support` naming per group the device that gave it — it still holds if each group that
   *   reads the device just read is satisfied by that reading or held up by another device (whose values have not
   *   changed since, or satisfied the group again when they did).
   */
  blocked: Group | null;
  until: number;
  support: number[];
}

/** One asset's states as an evaluation left them, and the asset's state version then (event_state_version). */
export interface AssetStates {
  version: number;
  states: Map<string, State>;
  /**
   * the asset's definitions they were evaluated (and reconciled) under — definitions.ts's AssetConfig, compared by
   * identity (typed loosely: definitions.ts imports this file) — and the state of each by its index (bindStates)
   */
  conf: object;
  stateOf: State[];
}

/** A state's key: its gateway and master event. */
export const stateKey = (gatewayId: number, mevtId: number) => `${gatewayId}:${mevtId}`;

/** What of a state its row keeps. */
const rowOf = (st: State): unknown[] => [st.massId, st.mcevId, st.phase, st.since, st.snapshot, st.oldData];
const sameRow = (a: unknown[], b: unknown[] | null) => b !== null && a.every((v, i) => v === b[i]);

const n = (v: unknown) => Number(v);

/** The asset's states, read. */
export function* readStates(massId: number): Step<Map<string, State>> {
  const states = new Map<string, State>();
  for (const r of yield* all(
    `select evst_gateway_id, evst_mevt_id, evst_mass_id, evst_mcev_id, evst_phase, evst_since, evst_snapshot,
      evst_old_data from event_state where evst_mass_id = ?`,
    [massId],
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
    states.set(stateKey(st.gatewayId, st.mevtId), st);
  }
  return states;
}

/** The asset's state version: how many transactions have written its states (0: none yet). */
export function* stateVersion(massId: number): Step<number> {
  const rows = yield* all('select esv_version from event_state_version where esv_mass_id = ?', [massId]);
  return rows.length ? n(rows[0].esv_version) : 0;
}

/**
 * The asset's states under its lock: those this process's last committed batch of the asset left (`remember`), while
 * the asset's state version is still the one that batch wrote (`kept`); otherwise read (`kept` null). The kept ones
 * are taken out of the cache for the batch, which changes them: they go back only once it commits.
 */
export function* statesOf(
  cached: Map<number, AssetStates>,
  massId: number,
  version: number,
): Step<{ states: Map<string, State>; kept: AssetStates | null }> {
  const kept = cached.get(massId);
  cached.delete(massId);
  if (!kept || kept.version !== version) return { states: yield* readStates(massId), kept: null };
  for (const st of kept.states.values()) {
    // the quick checks are worked out afresh in each batch (another process may have moved the values on)
    st.blocked = null;
    st.until = Number.NEGATIVE_INFINITY;
  }
  return { states: kept.states, kept };
}

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

const BUMP_SQL = `insert into event_state_version (esv_mass_id, esv_version) values (?, 1) on conflict (esv_mass_id)
  do update set esv_version = event_state_version.esv_version + 1 returning esv_version`;

/**
 * Writes the states changed since read (`dirty`) and bumps the asset's state version; returns the new version, or
 * null when no state changed. PostgreSQL: the states and the bump in one statement (a writable CTE: one round trip);
 * SQLite (no writable CTE, no round trip either) runs them one after the other.
 */
export function* writeStates(
  massId: number,
  states: Map<string, State>,
  now: number,
  postgres = false,
): Step<number | null> {
  const changed: unknown[][] = [];
  for (const st of states.values()) {
    if (!st.dirty) continue;
    st.dirty = false;
    // unchanged since read (a hold that began and broke within the batch), or idle and never stored: no write
    const row = rowOf(st);
    if (sameRow(row, st.stored) || (st.stored === null && st.phase === PHASE.idle)) continue;
    st.stored = row;
    changed.push([st.gatewayId, st.mevtId, st.massId, st.mcevId, st.phase, st.since, st.snapshot, st.oldData, now]);
  }
  if (!changed.length) return null;
  let rows: Record<string, unknown>[];
  if (postgres && changed.length <= ROWS_PER_STATEMENT) {
    const params: unknown[] = [];
    for (const r of changed) for (const v of r) params.push(v);
    params.push(massId);
    rows = yield* all(`with s as (${STATES_SQL(changed.length)}) ${BUMP_SQL}`, params);
  } else {
    yield* rowStatements(changed, STATES_SQL, postgres);
    rows = yield* all(BUMP_SQL, [massId]);
  }
  return n(rows[0].esv_version);
}
