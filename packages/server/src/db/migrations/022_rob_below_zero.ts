import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * ROB below zero in the Event Log (docs/domain.md §25.5, §30.7):
 * - master_event.mevt_system: the key of a system master event (null for the users' own); one row per key;
 * - the system master event 'ROB Below Zero' (Normal priority, no thresholds). A master event the users already
 *   named so becomes it (its thresholds are emptied: no reading condition opens a system event);
 * - event_log.evnt_mrob_id: the ROB profile whose run below zero the row is; one row per profile and run start.
 * The frozen texts below are those of @fleet/shared SYSTEM_EVENTS at the time of writing.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('master_event').addColumn('mevt_system', 'text').execute();
  await sql`create unique index master_event_system_uq on master_event (mevt_system) where mevt_system is not null`.execute(
    db,
  );
  await db.schema.alterTable('event_log').addColumn('evnt_mrob_id', 'integer').execute();
  await sql`create unique index event_log_rob_run_uq on event_log (evnt_mrob_id, evnt_timestamp) where evnt_mrob_id is not null`.execute(
    db,
  );
  const now = Math.floor(Date.now() / 1000);
  const description =
    'System event: the fuel on board of a ROB profile went below zero (docs/domain.md §25.5). Written from the ROB ledger; it cannot be changed.';
  await sql`update master_event set mevt_system = 'rob_below_zero', mevt_thresholds = '{}', mevt_trigger_duration = 0
    where mevt_type = 'ROB Below Zero'`.execute(db);
  await sql`insert into master_event (mevt_type, mevt_trigger_duration, mevt_is_priority, mevt_description,
      mevt_thresholds, mevt_system, mevt_created_time)
    select 'ROB Below Zero', 0, 0, ${description}, '{}', 'rob_below_zero', ${now}
    where not exists (select 1 from master_event where mevt_system = 'rob_below_zero')`.execute(db);
  // the renamed user event, if any, may have been in event configurations: a system event is in none
  await sql`delete from asset_event where asev_mevt_id in (select mevt_id from master_event where mevt_system is not null)`.execute(
    db,
  );
}
