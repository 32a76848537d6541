import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { runInPool, tenantOf } from '../summary/heavy.ts';
import { detectionOf, detectionTask } from './detection-task.ts';
import { type DetectionRunner, redetect } from './redetect.ts';

/** docs/domain.md §37.6: how often the pass runs and how many vessels it takes each time. */
export const VOYAGE_PASS_SECONDS = 60;
export const VOYAGE_PASS_VESSELS = 20;

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
    await redetect(database, Number(assetId), now, runner);
    done.push(Number(assetId));
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
