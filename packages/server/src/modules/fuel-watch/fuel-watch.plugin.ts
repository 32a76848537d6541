import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import type { HookContext, ResourceHooks, ResourceHookTable } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
import { type FuelWatchSettings, syncVesselFuelWatch } from './fuel-watch.ts';

/** docs/domain.md §41.5: how often every vessel is looked at (FUEL_WATCH_SECONDS, 0 = off). */
export const FUEL_WATCH_SECONDS = 3600;

/**
 * The vessels waiting for a fuel-watch pass, worked off one at a time in the background (a pass reads a vessel's
 * 28 days of hours: one vessel at a time keeps it out of the requests' way). One queue per open database.
 */
export class FuelWatchQueue {
  private readonly pending = new Set<number>();
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly lookups = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly settings: FuelWatchSettings,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = nowSeconds,
  ) {}

  schedule(...massIds: number[]) {
    if (this.closed) return;
    for (const id of massIds) if (Number.isInteger(id) && id > 0) this.pending.add(id);
    if (!this.running && this.pending.size) this.running = this.drain();
  }

  /** Queues the vessels a lookup finds (a write's hook): idle() waits for the lookup too. */
  scheduleFound(lookup: Promise<unknown[]>) {
    const tracked: Promise<void> = lookup
      .then((ids) => this.schedule(...ids.map(Number)))
      .catch((err) => this.log.warn({ err: (err as Error).message }, 'fuel watch: cannot find the vessel'))
      .finally(() => this.lookups.delete(tracked));
    this.lookups.add(tracked);
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

  async idle(): Promise<void> {
    while (this.running || this.lookups.size) {
      await Promise.all(this.lookups);
      if (this.running) await this.running;
    }
  }

  async close() {
    this.closed = true;
    this.pending.clear();
    await this.idle();
  }

  private async drain() {
    try {
      while (this.pending.size && !this.closed) {
        const massId = this.pending.values().next().value as number;
        this.pending.delete(massId);
        try {
          await syncVesselFuelWatch(this.database, massId, { ...this.settings, now: this.clock() });
        } catch (err) {
          this.log.warn({ err: (err as Error).message, massId }, 'fuel watch: pass failed');
        }
      }
    } finally {
      this.running = null;
    }
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
