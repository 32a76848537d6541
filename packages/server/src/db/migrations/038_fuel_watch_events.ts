import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Abnormal consumption and possible fuel loss in the Event Log (docs/domain.md §41, §30.7):
 * - event_log.evnt_watch_key: the finding a fuel-watch row is (rule, engine or log, start); one row per key;
 * - event_log.evnt_reason: the reason's key and numbers (JSON), written out in the reader's language by the screen;
 * - the engine's "one Active event per gateway and type" index leaves these rows out: two engines may be abnormal
 *   at once (the engine's own insert names the same predicate, event-rows.ts);
 * - the four system master events (High priority, no thresholds). A master event the users already named so becomes
 *   it, as in 022. The frozen texts below are those of @fleet/shared SYSTEM_EVENTS at the time of writing.
 */
const EVENTS = [
  ['abnormal_consumption', 'Abnormal Consumption', 'an engine burnt well above its own consumption model (§41.1)'],
  ['rob_drop_unexplained', 'ROB Drop Unexplained', 'the tanks dropped more than the consumption explains (§41.2)'],
  [
    'flow_engine_stopped',
    'Flow While Engine Stopped',
    "an engine's flow meter counted fuel while it was stopped (§41.3)",
  ],
  [
    'short_delivery',
    'Short Delivery',
    'a bunkering received less than its delivery note beyond the protest tolerance (§41.4)',
  ],
] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('event_log').addColumn('evnt_watch_key', 'text').execute();
  await db.schema.alterTable('event_log').addColumn('evnt_reason', 'text').execute();
  await sql`create unique index event_log_watch_key_uq on event_log (evnt_watch_key) where evnt_watch_key is not null`.execute(
    db,
  );
  await sql`drop index event_log_one_active_uq`.execute(db);
  await sql`create unique index event_log_one_active_uq on event_log (evnt_devc_id, evnt_mevt_id)
    where evnt_status = 1 and evnt_watch_key is null`.execute(db);
  const now = Math.floor(Date.now() / 1000);
  for (const [key, type, what] of EVENTS) {
    const description = `System event: ${what}. Written by the fuel watch; it cannot be changed.`;
    await sql`update master_event set mevt_system = ${key}, mevt_thresholds = '{}', mevt_trigger_duration = 0,
        mevt_is_priority = 1, mevt_comp_id = null
      where mevt_type = ${type} and mevt_system is null`.execute(db);
    await sql`insert into master_event (mevt_type, mevt_trigger_duration, mevt_is_priority, mevt_description,
        mevt_thresholds, mevt_system, mevt_created_time)
      select ${type}, 0, 1, ${description}, '{}', ${key}, ${now}
      where not exists (select 1 from master_event where mevt_system = ${key})`.execute(db);
  }
  await sql`delete from asset_event where asev_mevt_id in (select mevt_id from master_event where mevt_system is not null)`.execute(
    db,
  );
}
