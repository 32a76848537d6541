import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { noOutcome, type Outcome, sweepAsset, sweepTargets } from './engine.ts';
import { publishEventsOpened } from './opened.ts';
import { runPg, runSqlite } from './run.ts';

/** How often the sweep runs (docs/domain.md §30.4); EVENT_SWEEP_SECONDS=0 turns it off. */
export const SWEEP_SECONDS = 15;

/**
 * One sweep at server time `now`: every asset with a pending or active state, each in its own transaction under
 * the asset's lock (PostgreSQL: the same advisory lock ingest takes, so any number of processes may sweep).
 */
export async function runSweep(database: Database, now = nowSeconds()): Promise<Outcome> {
  const total = noOutcome();
  const add = (o: Outcome) => {
    publishEventsOpened(database, o.opened); // after its commit (SQLite: the transaction has returned)
    total.opened.push(...o.opened);
    total.closed += o.closed;
  };
  if (database.dialect === 'sqlite') {
    const sqlite = database.sqlite;
    for (const massId of runSqlite(sqlite, sweepTargets()))
      add(sqlite.transaction(() => runSqlite(sqlite, sweepAsset(massId, now, false)))());
    return total;
  }
  const pool = database.pool;
  const targets = await runPg(pool, sweepTargets());
  for (const massId of targets) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const outcome = await runPg(client, sweepAsset(massId, now, true));
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

/** Runs the sweep every SWEEP_SECONDS while the server is up. */
export const eventSweepPlugin: FastifyPluginAsync = async (app) => {
  const seconds = Number(process.env.EVENT_SWEEP_SECONDS ?? SWEEP_SECONDS);
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
