import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { VesselQueue } from '../../workers/vessel-queue.ts';
import type { HookContext, ResourceHooks, ResourceHookTable } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
import { type FuelWatchSettings, syncVesselFuelWatch } from './fuel-watch.ts';

/** docs/domain.md §41.5: how often every vessel is looked at (FUEL_WATCH_SECONDS, 0 = off). */
export const FUEL_WATCH_SECONDS = 3600;

/** The vessels waiting for a fuel-watch pass (a pass reads a vessel's 28 days of hours). One queue per open database. */
export class FuelWatchQueue extends VesselQueue {
  constructor(
    private readonly database: Database,
    settings: FuelWatchSettings,
    log: FastifyBaseLogger,
    clock: () => number = nowSeconds,
  ) {
    super((massId) => syncVesselFuelWatch(database, massId, { ...settings, now: clock() }), log, 'fuel watch');
  }

  /** Queues every vessel with a gateway (the periodic pass). */
  async scheduleAll() {
    const rows = await this.database.db
      .selectFrom('device')
      .select('devcMassId')
      .distinct()
      .where('devcType', '=', 'gateway')
      .where('devcMassId', 'is not', null)
      .orderBy('devcMassId')
      .execute();
    this.schedule(...rows.map((r) => Number(r.devcMassId)));
  }
}

const queues = new WeakMap<Database, FuelWatchQueue>();

/** The fuel-watch queue of a database, when the server runs one. */
export const fuelWatchQueue = (database: Database): FuelWatchQueue | undefined => queues.get(database);

/** Starts the queue: every FUEL_WATCH_SECONDS every vessel, and a vessel after its bunkering logs are written. */
export const fuelWatchPlugin: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const queue = new FuelWatchQueue(database, { tolerance: config.bunkerTolerance }, app.log);
  queues.set(database, queue);
  const seconds = config.fuelWatchSeconds ?? FUEL_WATCH_SECONDS;
  const timer =
    Number.isFinite(seconds) && seconds > 0
      ? setInterval(() => {
          queue.scheduleAll().catch((err) => app.log.warn({ err: (err as Error).message }, 'fuel watch: pass failed'));
        }, seconds * 1000)
      : undefined;
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await queue.close();
    queues.delete(database);
  });
};

const logVessel = async (ctx: HookContext, bklgId: unknown) =>
  (await ctx.db.selectFrom('bunker_log').select('bklgMassId').where('bklgId', '=', bklgId).executeTakeFirst())
    ?.bklgMassId;

const run = (ctx: HookContext, f: () => Promise<unknown[]>) =>
  fuelWatchQueue(ctx.req.server.deps.database)?.scheduleFound(f());

/**
 * §41.5: after a bunkering log or its adjustments are written, the vessel's pass too (§41.4 short delivery, §41.2
 * checks). The ROB events already hook those moments (a moment is hooked once, crud/hooks.ts): this wraps that
 * table's hooks, running theirs first.
 */
export function withFuelWatch(table: ResourceHookTable): ResourceHookTable {
  const also = (
    name: string,
    vesselOf: (ctx: HookContext, id: unknown) => Promise<unknown>,
    ofStored: (ctx: HookContext, stored: Row) => Promise<unknown>,
  ): ResourceHooks => {
    const base = table[name] ?? {};
    return {
      ...base,
      afterCommit: (ctx, id) => {
        base.afterCommit?.(ctx, id);
        run(ctx, async () => [await vesselOf(ctx, id)]);
      },
      afterDelete: async (ctx, stored) => {
        await base.afterDelete?.(ctx, stored);
        run(ctx, async () => [await ofStored(ctx, stored)]);
      },
    };
  };
  const adjustmentLog = async (ctx: HookContext, id: unknown) =>
    (await ctx.db.selectFrom('bunker_adjustment').select('bklaBklgId').where('bklaId', '=', id).executeTakeFirst())
      ?.bklaBklgId;
  return {
    ...table,
    bunker_log: also('bunker_log', logVessel, async (_ctx, stored) => stored.bklgMassId),
    bunker_adjustment: also(
      'bunker_adjustment',
      async (ctx, id) => logVessel(ctx, await adjustmentLog(ctx, id)),
      (ctx, stored) => logVessel(ctx, stored.bklaBklgId),
    ),
  };
}
