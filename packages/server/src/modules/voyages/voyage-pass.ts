import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { runInPool, tenantOf } from '../summary/heavy.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';
import { detectionOf, detectionTask } from './detection-task.ts';
import { type DetectionRunner, redetect } from './redetect.ts';
import { voyagesAnswer } from './voyages-answer.ts';

/** docs/domain.md §37.6: how often the pass runs and how many vessels it takes each time. */
export const VOYAGE_PASS_SECONDS = 60;
export const VOYAGE_PASS_VESSELS = 20;
/** The pass computes the figures of the closed legs of this many last days ahead of the screens (§37.6). */
export const VOYAGE_WARM_DAYS = 35;

/** Detection in the heavy pool, in the vessel's company's line (docs/domain.md §36). */
export const inHeavyPool =
  (database: Database): DetectionRunner =>
  async (vessel, assetId, from) =>
    detectionOf(
      await runInPool(database, await tenantOf(database, assetId), detectionTask, {
        plan: { massId: assetId },
        vessel,
        from,
      }),
    );

/**
 * One pass: the dirty vessels, oldest mark first, each re-detected from its last stable boundary (with `runner`, the
 * reading and detecting run there; the writes here).
 */
export async function runVoyagePass(
  database: Database,
  now = nowSeconds(),
  runner?: DetectionRunner,
): Promise<number[]> {
  const dirty = await database.db
    .selectFrom('voyage_state')
    .select('assetId')
    .where('dirtyFrom', 'is not', null)
    .orderBy('dirtyFrom')
    .orderBy('assetId')
    .limit(VOYAGE_PASS_VESSELS)
    .execute();
  const done: number[] = [];
  for (const { assetId } of dirty) {
    const id = Number(assetId);
    await redetect(database, id, now, runner);
    // the recent legs' figures ready before anyone asks (one summary computation a leg, cached per detection)
    const plan = await loadVesselPlan(database.db, id);
    if (plan) await voyagesAnswer(database, plan, now - VOYAGE_WARM_DAYS * 86400, now, now);
    done.push(id);
  }
  return done;
}

/** The timer of the pass; one pass at a time, stopped with the app. */
export const voyagePassPlugin: FastifyPluginAsync = async (app) => {
  const { database } = app.deps;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runVoyagePass(database, nowSeconds(), inHeavyPool(database))
      .catch((err) => app.log.warn({ err: (err as Error).message }, 'voyages: detection pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, VOYAGE_PASS_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
