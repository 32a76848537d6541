import { type RobBelowZeroRun, SYSTEM_EVENTS, zoneOffsetHours } from '@fleet/shared';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { VesselQueue } from '../../workers/vessel-queue.ts';
import { assetTimeZone } from '../access/time-zones.ts';
import type { ToleranceLimits } from '../bunker/bunker-detail.ts';
import type { HookContext, ResourceHooks, ResourceHookTable } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
import {
  type ClosedEvent,
  type OpenedEvent,
  publishEventLogChanged,
  writeEventLogChange,
} from '../event-engine/opened.ts';
import { runKysely } from '../event-engine/run.ts';
import { lockVesselRob } from './rob-lock.ts';
import { robSummary } from './rob-summary.ts';

/** How often the profiles running now are checked (docs/domain.md §25.5; ROB_EVENT_SECONDS, 0 = off). */
export const ROB_EVENT_SECONDS = 300;
/** A profile that ended less than this long ago is still checked (its last run closes). */
const RECENT_SECONDS = 86_400;

const THRESHOLD = JSON.stringify({
  ROB: { conditions_operator: 'and', data: { balance: { operator: '<', value: 0 } } },
});
const litres = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** One event row of a run below zero, as §25.5 wants it. */
export interface RobEventRow {
  mrobId: number;
  ts: number;
  status: 0 | 1;
  duration: number;
  oldData: string;
  newData: string;
}

/**
 * docs/domain.md §25.5: the events of one profile's runs below zero — one per run, at its start; Active while the
 * run is open and the profile still runs (end after now), else Non Active for end − start (an open run of an ended
 * profile: until the profile's end, the ledger's end).
 */
export function robEventRows(
  profile: { mrobId: number; end: number },
  runs: RobBelowZeroRun[],
  until: number,
  now: number,
): RobEventRow[] {
  const device = `ROB profile ${profile.mrobId}`;
  return runs.map((r) => {
    const active = r.end === null && profile.end > now;
    return {
      mrobId: profile.mrobId,
      ts: r.start,
      status: active ? 1 : 0,
      duration: active ? 0 : Math.max(0, (r.end ?? until) - r.start),
      oldData: JSON.stringify({ [device]: { rob: { balance: litres(r.before) } } }),
      newData: JSON.stringify({ [device]: { rob: { balance: litres(r.lowest) } } }),
    };
  });
}

export interface RobEventSettings {
  /** the installation's default zone, for a company without one (docs/domain.md §1) */
  defaultTimeZone: string;
  tolerance: ToleranceLimits;
}

/**
 * Brings the ROB events of one vessel in line with its profiles' ledgers as they are now (docs/domain.md §25.5):
 * a new run gets its event, a run found again (same profile and start) is brought up to date, an event whose run
 * is gone (or whose profile is gone) is removed. The ledgers are computed first (daily intervals in the vessel's
 * company's time zone, as the ROB screen opens), the rows written under the vessel's ROB lock.
 */
export async function syncVesselRobEvents(
  database: Database,
  massId: number,
  o: RobEventSettings & { now: number },
): Promise<{ inserted: number; updated: number; deleted: number }> {
  const db = database.db;
  const system = await db
    .selectFrom('master_event')
    .select(['mevtId', 'mevtIsPriority'])
    .where('mevtSystem', '=', SYSTEM_EVENTS.robBelowZero.key)
    .executeTakeFirst();
  const profiles = await db
    .selectFrom('rob')
    .selectAll()
    .where('mrobMassId', '=', massId)
    .where('mrobStartTime', '<=', o.now)
    .execute();
  const wanted = new Map<string, RobEventRow>();
  const zone = await assetTimeZone(db, massId, o.defaultTimeZone);
  if (system)
    for (const profile of profiles) {
      const s = await robSummary(database, profile, {
        interval: 'daily',
        tz: zoneOffsetHours(zone, Number(profile.mrobStartTime)),
        now: o.now,
        tolerance: o.tolerance,
      });
      const rows = robEventRows(
        { mrobId: Number(profile.mrobId), end: Number(profile.mrobEndTime) },
        s.rob.belowZero,
        s.until,
        o.now,
      );
      for (const r of rows) wanted.set(`${r.mrobId}:${r.ts}`, r);
    }
  const gateway = await db
    .selectFrom('device')
    .select(['devcId', 'devcUniqueId'])
    .where('devcMassId', '=', massId)
    .where('devcType', '=', 'gateway')
    .orderBy('devcId')
    .executeTakeFirst();

  // what changed Active ↔ Non Active, told to the event log's listeners (webhooks) once committed
  const opened: OpenedEvent[] = [];
  const closed: ClosedEvent[] = [];
  const out = await db.transaction().execute(async (trx) => {
    await lockVesselRob(trx, database.dialect, massId);
    const stored = await trx
      .selectFrom('event_log')
      .select(['evntId', 'evntMrobId', 'evntTimestamp', 'evntStatus', 'evntDuration', 'evntOldData', 'evntNewData'])
      .where('evntMassId', '=', massId)
      .where('evntMrobId', 'is not', null)
      .execute();
    const out = { inserted: 0, updated: 0, deleted: 0 };
    const gone: number[] = [];
    for (const row of stored) {
      const key = `${Number(row.evntMrobId)}:${Number(row.evntTimestamp)}`;
      const want = wanted.get(key);
      wanted.delete(key);
      if (!want) {
        gone.push(Number(row.evntId));
        continue;
      }
      if (
        Number(row.evntStatus) === want.status &&
        Number(row.evntDuration) === want.duration &&
        row.evntOldData === want.oldData &&
        row.evntNewData === want.newData
      )
        continue;
      await trx
        .updateTable('event_log')
        .set({
          evntStatus: want.status,
          evntDuration: want.duration,
          evntOldData: want.oldData,
          evntNewData: want.newData,
          evntUpdatedTime: o.now,
        })
        .where('evntId', '=', row.evntId)
        .execute();
      out.updated++;
      if (Number(row.evntStatus) === 1 && want.status === 0 && system && gateway)
        closed.push(robClosed(massId, gateway.devcId, system.mevtId, want, row.evntId));
    }
    if (gone.length) {
      await trx.deleteFrom('event_log').where('evntId', 'in', gone).execute();
      out.deleted = gone.length;
    }
    // a vessel without a gateway has nothing to show its events under (§25.5): none is written until it has one
    if (system && gateway)
      for (const want of wanted.values()) {
        const r = await trx
          .insertInto('event_log')
          .values({
            evntTimestamp: want.ts,
            evntDeviceId: gateway.devcUniqueId,
            evntMevtId: system.mevtId,
            evntMcevId: null,
            evntStatus: want.status,
            evntIsPriority: Number(system.mevtIsPriority),
            evntDuration: want.duration,
            evntOldData: want.oldData,
            evntNewData: want.newData,
            evntThreshold: THRESHOLD,
            evntCreatedTime: o.now,
            evntUpdatedTime: o.now,
            evntDevcId: gateway.devcId,
            evntMassId: massId,
            evntMrobId: want.mrobId,
          })
          // another process wrote it first; or the gateway still has an Active one of another vessel (§30.6 index)
          .onConflict((oc) => oc.doNothing())
          .returning('evntId')
          .executeTakeFirst();
        if (!r) continue;
        out.inserted++;
        opened.push({
          massId,
          gatewayUid: gateway.devcUniqueId,
          mevtId: Number(system.mevtId),
          type: SYSTEM_EVENTS.robBelowZero.type,
          priority: Number(system.mevtIsPriority),
          timestamp: want.ts,
          evntId: Number(r.evntId),
        });
        if (want.status === 0) closed.push(robClosed(massId, gateway.devcId, system.mevtId, want, r.evntId));
      }
    // what must commit with these changes (the webhooks' outbox): in this transaction
    await runKysely(trx, database.dialect === 'postgres', writeEventLogChange(database, opened, closed, o.now));
    return out;
  });
  publishEventLogChanged(database, opened, closed);
  return out;
}

const robClosed = (massId: number, devcId: unknown, mevtId: unknown, row: RobEventRow, evntId: unknown) => ({
  massId,
  gatewayId: Number(devcId),
  mevtId: Number(mevtId),
  end: row.ts + row.duration,
  evntId: Number(evntId),
});

/** The vessels whose ROB events the periodic pass checks: a profile begun and ending after now − 1 day. */
async function runningVessels(database: Database, now: number): Promise<number[]> {
  const rows = await database.db
    .selectFrom('rob')
    .select('mrobMassId')
    .distinct()
    .where('mrobStartTime', '<=', now)
    .where('mrobEndTime', '>=', now - RECENT_SECONDS)
    .orderBy('mrobMassId')
    .execute();
  return rows.map((r) => Number(r.mrobMassId));
}

/**
 * The vessels waiting for their ROB events to be brought in line (a write answers first; the sync follows it). One
 * queue per open database.
 */
export class RobEventQueue extends VesselQueue {
  constructor(
    private readonly database: Database,
    settings: RobEventSettings,
    log: FastifyBaseLogger,
    private readonly clock: () => number = nowSeconds,
  ) {
    super((massId) => syncVesselRobEvents(database, massId, { ...settings, now: clock() }), log, 'ROB events');
  }

  /** Queues every vessel with a profile running now (the periodic pass). */
  async scheduleRunning() {
    this.schedule(...(await runningVessels(this.database, this.clock())));
  }
}

const queues = new WeakMap<Database, RobEventQueue>();

/** The ROB event queue of a database, when the server runs one (robEventsPlugin). */
export const robEventQueue = (database: Database): RobEventQueue | undefined => queues.get(database);

/**
 * Starts the ROB event queue: syncs after writes (robEventHooks) and, every ROB_EVENT_SECONDS, of the vessels with a
 * profile running now (new fuel readings).
 */
export const robEventsPlugin: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const queue = new RobEventQueue(
    database,
    { defaultTimeZone: config.defaultTimeZone, tolerance: config.bunkerTolerance },
    app.log,
  );
  queues.set(database, queue);
  const seconds = config.robEventSeconds ?? ROB_EVENT_SECONDS;
  const timer =
    Number.isFinite(seconds) && seconds > 0
      ? setInterval(() => {
          queue
            .scheduleRunning()
            .catch((err) => app.log.warn({ err: (err as Error).message }, 'ROB events: pass failed'));
        }, seconds * 1000)
      : undefined;
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await queue.close();
    queues.delete(database);
  });
};

// ---- what a write changes: the vessels whose ledgers it touches

const profileVessel = async (ctx: HookContext, mrobId: unknown) =>
  (await ctx.db.selectFrom('rob').select('mrobMassId').where('mrobId', '=', mrobId).executeTakeFirst())?.mrobMassId;

const logVessel = async (ctx: HookContext, bklgId: unknown) =>
  (await ctx.db.selectFrom('bunker_log').select('bklgMassId').where('bklgId', '=', bklgId).executeTakeFirst())
    ?.bklgMassId;

/** The vessel a bunkering log had before an update (it may move to another vessel), by request. */
const vesselBefore = new WeakMap<object, unknown>();

/** A write's vessel, looked up after the commit (a deleted row's from what it was). */
function afterWrites(
  vesselOf: (ctx: HookContext, id: unknown) => Promise<unknown>,
  storedVessel: (ctx: HookContext, stored: Row) => Promise<unknown>,
): ResourceHooks {
  const run = (ctx: HookContext, f: () => Promise<unknown[]>) =>
    robEventQueue(ctx.req.server.deps.database)?.scheduleFound(f());
  return {
    afterCommit: (ctx, id) => run(ctx, async () => [await vesselOf(ctx, id), vesselBefore.get(ctx.req)]),
    afterDelete: async (ctx, stored) => run(ctx, async () => [await storedVessel(ctx, stored)]),
  };
}

/**
 * docs/domain.md §25.5: the writes that change a ledger queue their vessel for a ROB event sync — profiles, their
 * adjustments, bunkering logs and their adjustments (the final amount).
 */
export const robEventHooks: ResourceHookTable = {
  rob: afterWrites(
    (ctx, id) => profileVessel(ctx, id),
    async (_ctx, stored) => stored.mrobMassId,
  ),
  rob_adjustment: afterWrites(
    async (ctx, id) =>
      profileVessel(
        ctx,
        (await ctx.db.selectFrom('rob_adjustment').select('robaMrobId').where('robaId', '=', id).executeTakeFirst())
          ?.robaMrobId,
      ),
    (ctx, stored) => profileVessel(ctx, stored.robaMrobId),
  ),
  bunker_log: {
    ...afterWrites(
      (ctx, id) => logVessel(ctx, id),
      async (_ctx, stored) => stored.bklgMassId,
    ),
    // a log moved to another vessel changes that vessel's ledger too
    beforeUpdate: async (ctx, stored) => {
      vesselBefore.set(ctx.req, stored.bklgMassId);
    },
  },
  bunker_adjustment: afterWrites(
    async (ctx, id) =>
      logVessel(
        ctx,
        (await ctx.db.selectFrom('bunker_adjustment').select('bklaBklgId').where('bklaId', '=', id).executeTakeFirst())
          ?.bklaBklgId,
      ),
    (ctx, stored) => logVessel(ctx, stored.bklaBklgId),
  ),
};
