import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import {
  type AssetContext,
  lockAsset,
  noDefinitions,
  noOutcome,
  type Outcome,
  readCurrent,
  saveStates,
} from './asset-context.ts';
import { eventHolds, STALE_SECONDS } from './conditions.ts';
import { assetConfigs, DEFINITIONS_SQL } from './definitions.ts';
import { noEvents } from './event-rows.ts';
import { publishEventLogChanged, publishEventsOpened, writeEventLogChange } from './opened.ts';
import { runPg, runSqlite } from './run.ts';
import { PHASE, readStates } from './state.ts';
import { all, type Step } from './step.ts';
import { close, open, reconcile, toIdle } from './transitions.ts';

/** How often the sweep runs (docs/domain.md §30.4); EVENT_SWEEP_SECONDS=0 turns it off. */
export const SWEEP_SECONDS = 15;

/** The assets with a pending or active state: the sweep's work list. */
export function* sweepTargets(): Step<number[]> {
  const rows = yield* all('select distinct evst_mass_id from event_state where evst_phase <> 0 order by evst_mass_id');
  return rows.map((r) => Number(r.evst_mass_id));
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
    states: yield* readStates(massId),
    stateOf: [],
    current: yield* readCurrent(conf, conf.devcIds),
    now,
    outcome,
    events: noEvents(),
  };
  reconcile(ctx, now);
  for (const def of conf.defs) {
    const st = ctx.states.get(def.key);
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
  yield* saveStates(ctx, postgres);
  return outcome;
}

/**
 * One sweep at server time `now`: every asset with a pending or active state, each in its own transaction under
 * the asset's lock (PostgreSQL: the same advisory lock ingest takes, so any number of processes may sweep).
 */
export async function runSweep(database: Database, now = nowSeconds()): Promise<Outcome> {
  const total = noOutcome();
  const add = (o: Outcome) => {
    publishEventsOpened(database, o.opened); // after its commit (SQLite: the transaction has returned)
    publishEventLogChanged(database, o.opened, o.closedEvents);
    total.opened.push(...o.opened);
    total.closed += o.closed;
  };
  if (database.dialect === 'sqlite') {
    const sqlite = database.sqlite;
    for (const massId of runSqlite(sqlite, sweepTargets()))
      add(sqlite.transaction(() => runSqlite(sqlite, sweepWithOutbox(database, massId, now, false)))());
    return total;
  }
  const pool = database.pool;
  const targets = await runPg(pool, sweepTargets());
  for (const massId of targets) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const outcome = await runPg(client, sweepWithOutbox(database, massId, now, true));
      await client.query('commit');
      add(outcome);
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return total;
}

/** An asset's sweep and, in its transaction, what must commit with its changes (the webhooks' outbox). */
function* sweepWithOutbox(database: Database, massId: number, now: number, postgres: boolean): Step<Outcome> {
  const o = yield* sweepAsset(massId, now, postgres);
  yield* writeEventLogChange(database, o.opened, o.closedEvents, now);
  return o;
}

/** Runs the sweep every SWEEP_SECONDS while the server is up. */
export const eventSweepPlugin: FastifyPluginAsync = async (app) => {
  const seconds = app.deps.config.eventSweepSeconds ?? SWEEP_SECONDS;
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSweep(app.deps.database)
      .catch((err) => app.log.warn({ err: (err as Error).message }, 'event sweep failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
