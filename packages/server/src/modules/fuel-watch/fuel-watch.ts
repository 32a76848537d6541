import { SYSTEM_EVENTS } from '@fleet/shared';
import type { Database } from '../../db/database.ts';
import type { ToleranceLimits } from '../bunker/bunker-detail.ts';
import {
  type ClosedEvent,
  type OpenedEvent,
  publishEventLogChanged,
  publishEventsOpened,
  writeEventLogChange,
} from '../event-engine/opened.ts';
import { runKysely } from '../event-engine/run.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';
import { abnormalConsumption } from './abnormal-consumption.ts';
import type { Finding, FuelWatchRule } from './finding.ts';
import { flowWhileStopped } from './flow-stopped.ts';
import { robDropUnexplained } from './rob-drop.ts';
import { shortDeliveries } from './short-delivery.ts';
import { HOUR, readVesselHours } from './vessel-hours.ts';

const DAY = 86_400;
/** docs/domain.md §41: the window a pass brings in line */
export const WINDOW_SECONDS = 14 * DAY;
/** a finding is pushed and mailed when first written only if it concerns the last 24 hours */
const MAIL_SECONDS = DAY;

const RULES: Record<FuelWatchRule, string> = {
  abnormal_consumption: SYSTEM_EVENTS.abnormalConsumption.key,
  rob_drop_unexplained: SYSTEM_EVENTS.robDropUnexplained.key,
  flow_engine_stopped: SYSTEM_EVENTS.flowEngineStopped.key,
  short_delivery: SYSTEM_EVENTS.shortDelivery.key,
};

export interface FuelWatchSettings {
  tolerance: ToleranceLimits;
}

/** docs/domain.md §41: every finding of one vessel's window `[now − 14 days, now)` (ended hours only). */
export async function vesselFindings(
  database: Database,
  massId: number,
  o: FuelWatchSettings & { now: number },
): Promise<Finding[]> {
  const to = Math.floor(o.now / HOUR) * HOUR;
  const from = to - WINDOW_SECONDS;
  const out: Finding[] = [];
  const plan = await loadVesselPlan(database.db, massId);
  if (plan) {
    // §41.1's models reach 14 days before the window's first hour
    const hours = await readVesselHours(database, plan, { from: from - WINDOW_SECONDS, to, now: o.now });
    for (const engine of hours.engines) {
      out.push(...abnormalConsumption(engine, { from, to }));
      out.push(...flowWhileStopped(engine, { from, to }));
    }
    out.push(...robDropUnexplained(hours, { from, to, busy: await ledgerEntries(database, massId, from, to) }));
  }
  out.push(...(await shortDeliveries(database.db, massId, { from, to: o.now + 1, tolerance: o.tolerance })));
  return out;
}

/** §41.2: the spans of the vessel's bunkering logs and the times of its ROB adjustments near [from, to). */
async function ledgerEntries(database: Database, massId: number, from: number, to: number) {
  const db = database.db;
  const logs = await db
    .selectFrom('bunker_log')
    .select(['bklgStartDatetime', 'bklgEndDatetime'])
    .where('bklgMassId', '=', massId)
    .where('bklgEndDatetime', '>=', from - DAY)
    .where('bklgStartDatetime', '<', to)
    .execute();
  const adjustments = await db
    .selectFrom('rob_adjustment')
    .innerJoin('rob', 'rob.mrobId', 'rob_adjustment.robaMrobId')
    .select('rob_adjustment.robaTime')
    .where('rob.mrobMassId', '=', massId)
    .where('rob_adjustment.robaTime', '>=', from - DAY)
    .where('rob_adjustment.robaTime', '<', to)
    .execute();
  return [
    ...logs.map((l): [number, number] => [Number(l.bklgStartDatetime), Number(l.bklgEndDatetime)]),
    ...adjustments.map((a): [number, number] => [Number(a.robaTime), Number(a.robaTime)]),
  ];
}

export interface SyncResult {
  inserted: number;
  updated: number;
  deleted: number;
}

/**
 * Brings the fuel-watch events of one vessel's window in line with its findings (docs/domain.md §41): a new
 * finding is inserted (and, when it concerns the last 24 hours, pushed and mailed as a High event), one found again
 * brought up to date, an event of the window whose finding is gone removed. Idempotent.
 */
export async function syncVesselFuelWatch(
  database: Database,
  massId: number,
  o: FuelWatchSettings & { now: number },
): Promise<SyncResult> {
  const db = database.db;
  const out: SyncResult = { inserted: 0, updated: 0, deleted: 0 };
  const gateway = await db
    .selectFrom('device')
    .select(['devcId', 'devcUniqueId'])
    .where('devcMassId', '=', massId)
    .where('devcType', '=', 'gateway')
    .orderBy('devcId')
    .executeTakeFirst();
  // a vessel without a gateway has nothing to show its events under (as §25.5)
  if (!gateway) return out;
  const masters = await db
    .selectFrom('master_event')
    .select(['mevtId', 'mevtType', 'mevtSystem', 'mevtIsPriority'])
    .where('mevtSystem', 'in', Object.values(RULES))
    .execute();
  const master = new Map(masters.map((m) => [String(m.mevtSystem), m]));
  const findings = await vesselFindings(database, massId, o);
  const windowStart = Math.floor(o.now / HOUR) * HOUR - WINDOW_SECONDS;
  const wanted = new Map(
    findings.filter((f) => f.start >= windowStart && master.has(RULES[f.rule])).map((f) => [f.key, f]),
  );
  const rowOf = (f: Finding) => ({
    evntStatus: f.active ? 1 : 0,
    evntDuration: f.active ? 0 : f.end - f.start,
    evntOldData: JSON.stringify(f.oldData),
    evntNewData: JSON.stringify(f.newData),
    evntThreshold: JSON.stringify(f.threshold),
    evntReason: JSON.stringify(f.reason),
  });
  const opened: OpenedEvent[] = [];
  const closed: ClosedEvent[] = [];

  await db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('event_log')
      .select([
        'evntId',
        'evntWatchKey',
        'evntStatus',
        'evntDuration',
        'evntOldData',
        'evntNewData',
        'evntThreshold',
        'evntReason',
      ])
      .where('evntMassId', '=', massId)
      .where('evntWatchKey', 'is not', null)
      .where('evntTimestamp', '>=', windowStart)
      .execute();
    const gone: number[] = [];
    for (const row of stored) {
      const want = wanted.get(String(row.evntWatchKey));
      wanted.delete(String(row.evntWatchKey));
      if (!want) {
        gone.push(Number(row.evntId));
        continue;
      }
      const next = rowOf(want);
      if (
        Number(row.evntStatus) === next.evntStatus &&
        Number(row.evntDuration) === next.evntDuration &&
        row.evntOldData === next.evntOldData &&
        row.evntNewData === next.evntNewData &&
        row.evntThreshold === next.evntThreshold &&
        row.evntReason === next.evntReason
      )
        continue;
      await trx
        .updateTable('event_log')
        .set({ ...next, evntUpdatedTime: o.now })
        .where('evntId', '=', row.evntId)
        .execute();
      out.updated++;
      // an Active finding that ended: told to the webhooks like the engine's closings
      if (Number(row.evntStatus) === 1 && next.evntStatus === 0)
        closed.push({
          massId,
          gatewayId: Number(gateway.devcId),
          mevtId: Number(master.get(RULES[want.rule])!.mevtId),
          end: want.end,
          evntId: Number(row.evntId),
        });
    }
    if (gone.length) {
      await trx.deleteFrom('event_log').where('evntId', 'in', gone).execute();
      out.deleted = gone.length;
    }
    for (const f of wanted.values()) {
      const m = master.get(RULES[f.rule])!;
      const r = await trx
        .insertInto('event_log')
        .values({
          evntTimestamp: f.start,
          evntDeviceId: gateway.devcUniqueId,
          evntMevtId: m.mevtId,
          evntMcevId: null,
          evntIsPriority: Number(m.mevtIsPriority),
          ...rowOf(f),
          evntCreatedTime: o.now,
          evntUpdatedTime: o.now,
          evntDevcId: gateway.devcId,
          evntMassId: massId,
          evntWatchKey: f.key,
        })
        // another process wrote it first
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      const inserted = Number(r.numInsertedOrUpdatedRows ?? 0);
      out.inserted += inserted;
      if (inserted && (f.active || f.end >= o.now - MAIL_SECONDS))
        opened.push({
          massId,
          gatewayUid: String(gateway.devcUniqueId),
          mevtId: Number(m.mevtId),
          type: String(m.mevtType),
          priority: Number(m.mevtIsPriority),
          timestamp: f.start,
        });
    }
    // what must commit with these changes (the webhooks' outbox): in this transaction
    await runKysely(trx, database.dialect === 'postgres', writeEventLogChange(database, opened, closed, o.now));
  });
  // after the commit, in this process only: the live push and the mail of High events (§30, event-mail.ts)
  publishEventsOpened(database, opened);
  // and to every event-log listener (the webhooks), openings and closings alike
  publishEventLogChanged(database, opened, closed);
  return out;
}
