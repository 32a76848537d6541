import {
  type AssetContext,
  bindStates,
  lockAsset,
  noDefinitions,
  noOutcome,
  type Outcome,
  readCurrent,
  saveStates,
  versionAndArrivals,
} from './asset-context.ts';
import {
  type Condition,
  type Current,
  deviceHolds,
  firstFailing,
  type Group,
  hit,
  holdsUntil,
  STALE_SECONDS,
  test,
} from './conditions.ts';
import {
  type AssetConfig,
  type ConfigCache,
  type Definition,
  devicesRead,
  type Reader,
  refreshConfig,
} from './definitions.ts';
import { noEvents } from './event-rows.ts';
import { type EngineReading, inTimeOrder, type ReadingSource } from './readings.ts';
import { PHASE, type State, statesOf } from './state.ts';
import type { Step } from './step.ts';
import { close, reconcile, step, toIdle } from './transitions.ts';

/**
 * The event engine (docs/domain.md §30, docs/decisions.md "Event engine"). Written as generators that yield SQL and
 * receive its rows, so one implementation runs inside the synchronous SQLite ingest transaction and inside the
 * asynchronous PostgreSQL one (drivers in run.ts). Per (gateway, master event) a state row — idle / pending /
 * active, since when, under which threshold snapshot — is written only on a transition, in the same transaction as
 * the readings and the event row; the devices' current values are telemetry_last (also in that transaction). The
 * definitions come from the process's cache (definitions.ts); the sweep reads them afresh (sweep.ts).
 *
 * This file is the evaluation of a batch: per asset, under its lock, the readings in device-time order
 * (readings.ts) against the definitions that read them, moving the states (transitions.ts); asset-context.ts reads
 * and writes what one asset's evaluation needs.
 */

/** A state read that the definitions at hand do not explain: written under definitions this process lacks? */
function unexplained(conf: AssetConfig, states: Map<string, State>): boolean {
  for (const [k, st] of states) {
    const def = conf.byKey.get(k);
    if (def ? def.snapshot !== st.snapshot || def.mcevId !== st.mcevId : st.snapshot !== '') return true;
  }
  return false;
}

/** Whether a holding state still holds after a reading of one of its devices, as far as State.support tells. */
function stillHolds(reader: Reader, st: State, devcId: number, values: Current['values']): boolean {
  const { groups, positions, single } = reader;
  if (reader.at >= 0) return test(reader.op, reader.num, values[reader.at]) || st.support[positions[0]] !== devcId;
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
    const values = r.values;
    const next = { ts: at, received: ctx.now, values };
    current.set(r.deviceId, next);
    const gap = prev !== undefined && at - prev.ts > STALE_SECONDS;
    for (let i = 0; i < readers.length; i++) {
      const reader = readers[i];
      const st = states[reader.state];
      const blocked = st.blocked;
      if (blocked !== null) {
        // most readers of most readings stop here: the one numeric condition compiled on the reader, no calls
        if (reader.at >= 0) {
          if (blocked !== reader.first || !test(reader.op, reader.num, values[reader.at])) continue;
        } else if (!unblocks(blocked, reader.groups, reader.single, values)) continue;
      }
      const def = reader.def;
      // a gap longer than STALE_SECONDS in this device's readings ends what held before it (§30.2)
      if (gap && st.phase !== PHASE.idle) {
        if (st.phase === PHASE.active) close(ctx, st, prev.ts);
        else toIdle(st);
      }
      let holds = true;
      if (st.phase === PHASE.idle || at > st.until || !stillHolds(reader, st, r.deviceId, values)) {
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
    const devcIds = applicable === conf.defs ? conf.devcIds : devicesRead(applicable);
    const { version, arrivals } = yield* versionAndArrivals(massId, devcIds, cache.values);
    const { states, kept } = yield* statesOf(cache.states, massId, version);
    // states this process kept were explained by these very definitions (a reload drops them)
    if (!kept && !checked && unexplained(conf, states)) {
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
      current: yield* readCurrent(conf, devcIds, cache.values, arrivals),
      now,
      outcome,
      events: noEvents(),
    };
    // states kept from this process's last batch under these very definitions were bound and reconciled then
    // (evaluating changes no snapshot), each definition's in the same place
    const same = kept !== null && kept.conf === conf;
    if (same) ctx.stateOf = kept.stateOf;
    else bindStates(ctx);
    // what a configuration change ended closes at the asset's first reading of the batch (§30.5)
    if (full || !same) {
      const changed = reconcile(ctx, first);
      if (!changed && full) cache.reconcile.delete(massId);
    }
    evaluateInOrder(ctx, list);
    for (const id of devices) {
      const c = ctx.current.get(id);
      if (c) outcome.values.set(id, c);
    }
    const saved = yield* saveStates(ctx, postgres);
    outcome.states.set(massId, { version: saved ?? version, states, conf, stateOf: ctx.stateOf });
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
