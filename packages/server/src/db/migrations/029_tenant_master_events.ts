import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A tenant's own master events (issue 28, docs/decisions.md "Tenants"): master_event.mevt_comp_id is the company
 * that owns the event — seen, written and evaluated only for that company — or null for a shared event every
 * tenant reads and only a platform administrator writes (every row before this migration). A company that still
 * owns events is not deleted (no cascade: the delete is refused, naming them).
 * The engine evaluates an own event only on its company's vessels: an asset moved to another company changes what
 * it evaluates, so that move bumps the configuration version too (migration 016).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('master_event')
    .addColumn('mevt_comp_id', 'integer', (c) => c.references('company.comp_id'))
    .execute();
  await db.schema.createIndex('master_event_comp_idx').on('master_event').column('mevt_comp_id').execute();
  const bump = 'update event_config_version set ecv_version = ecv_version + 1 where ecv_id = 1';
  if (dialect === 'postgres') {
    await sql
      .raw(`create trigger asset_event_config after update of mass_comp_id
        on asset for each statement execute function event_config_bump()`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger asset_event_config_update after update of mass_comp_id on asset begin ${bump}; end`)
    .execute(db);
}
