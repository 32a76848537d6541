import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { redetect } from './redetect.ts';

/** docs/domain.md §37.6: how often the pass runs and how many vessels it takes each time. */
export const VOYAGE_PASS_SECONDS = 60;
export const VOYAGE_PASS_VESSELS = 20;

/** One pass: the dirty vessels, oldest mark first, each re-detected from its last stable boundary. */
export async function runVoyagePass(database: Database, now = nowSeconds()): Promise<number[]> {
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
    await redetect(database, Number(assetId), now);
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
    running = runVoyagePass(database)
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
