import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The event log keyed by device identity (issue 23, docs/operations.md "Event log identity"). event_log named its
 * gateway by the unique id text, so visibility followed whoever held that text now (a renamed gateway lost its
 * history, a gateway registered under the old text got it). Now:
 * - evnt_devc_id: the gateway device (device ids are never reused). No foreign key: the rows outlive a deleted
 *   gateway, keep its id, and match no device — visible to nobody;
 * - evnt_mass_id: the asset the gateway was on when the event opened — who may see the event;
 * - evnt_device_id stays as written: the unique id the gateway had then (history, never matched).
 * Existing rows: the gateway of the row's configuration (the engine wrote the row under it); else the gateway that
 * has the row's unique id now, unless that device was created after the row was written (it cannot have written
 * it); else none (kept, visible to nobody). The asset: that gateway's asset now.
 * An open row per device and event type: rows the engine lost track of after a rename (it closed under the new
 * text) are closed here, the newest stays open.
 * Event configurations follow their gateway's unique id from now on (the device rule renames them); those of a
 * gateway renamed before are renamed here, unless another configuration already holds that name and version.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('event_log').addColumn('evnt_devc_id', 'integer').execute();
  await db.schema.alterTable('event_log').addColumn('evnt_mass_id', 'integer').execute();
  await sql`update event_log set evnt_devc_id = coalesce(
      (select c.mcev_devc_id from config_event c join device g on g.devc_id = c.mcev_devc_id
        where c.mcev_id = event_log.evnt_mcev_id and g.devc_type = 'gateway'),
      (select g.devc_id from device g where g.devc_unique_id = event_log.evnt_device_id and g.devc_type = 'gateway'
        and (g.devc_created_time is null or event_log.evnt_created_time is null
          or g.devc_created_time <= event_log.evnt_created_time)))`.execute(db);
  await sql`update event_log set evnt_mass_id = (select g.devc_mass_id from device g where g.devc_id = event_log.evnt_devc_id)
    where evnt_devc_id is not null`.execute(db);
  await sql`update event_log set evnt_status = 0 where evnt_status = 1 and evnt_devc_id is not null and exists (
      select 1 from event_log n where n.evnt_status = 1 and n.evnt_devc_id = event_log.evnt_devc_id
        and n.evnt_mevt_id = event_log.evnt_mevt_id and n.evnt_id > event_log.evnt_id)`.execute(db);

  await sql`drop index event_log_one_active_uq`.execute(db);
  await sql`create unique index event_log_one_active_uq on event_log (evnt_devc_id, evnt_mevt_id) where evnt_status = 1`.execute(
    db,
  );
  // the text is no longer searched: its indexes give way to the device's
  await sql`drop index event_log_device_mevt_ts_idx`.execute(db);
  await sql`drop index event_log_evnt_device_id_evnt_timestamp_idx`.execute(db);
  await db.schema
    .createIndex('event_log_devc_ts_idx')
    .on('event_log')
    .columns(['evnt_devc_id', 'evnt_timestamp'])
    .execute();
  const bare = sql`(select case when substr(g.devc_unique_id, 1, 8) = 'gateway-' then substr(g.devc_unique_id, 9)
    else g.devc_unique_id end from device g where g.devc_id = config_event.mcev_devc_id)`;
  await sql`update config_event set mcev_asset_id = ${bare} where mcev_devc_id is not null and mcev_asset_id <> ${bare}
    and not exists (select 1 from config_event o where o.mcev_asset_id = ${bare} and o.mcev_version = config_event.mcev_version)`.execute(
    db,
  );
}
