import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The event engine's configuration version (issue 17, docs/domain.md §30.5): a one-row counter that every write of
 * what the engine evaluates bumps in the writer's own transaction — master events, event configurations, their
 * asset events, and the devices (their asset, type and unique id name the devices a threshold reads). Triggers do
 * the bump, so every writer counts (the API, the seed, a script, another server process). Each process caches the
 * definitions and compares this counter before trusting its cache (modules/event-engine/definitions.ts).
 */
const WATCHED: { table: string; columns: string[] | null }[] = [
  { table: 'master_event', columns: null },
  { table: 'config_event', columns: null },
  { table: 'asset_event', columns: null },
  { table: 'device', columns: ['devc_type', 'devc_unique_id', 'devc_mass_id'] },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_config_version')
    .addColumn('ecvId', 'integer', (c) => c.primaryKey())
    .addColumn('ecvVersion', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into event_config_version (ecv_id, ecv_version) values (1, 0)`.execute(db);
  const bump = 'update event_config_version set ecv_version = ecv_version + 1 where ecv_id = 1';
  if (dialect === 'postgres') {
    await sql
      .raw(`create function event_config_bump() returns trigger language plpgsql as $$
        begin ${bump}; return null; end $$`)
      .execute(db);
    for (const { table, columns } of WATCHED)
      await sql
        .raw(`create trigger ${table}_event_config after insert or delete or update${columns ? ` of ${columns.join(', ')}` : ''}
          on ${table} for each statement execute function event_config_bump()`)
        .execute(db);
    return;
  }
  for (const { table, columns } of WATCHED)
    for (const op of ['insert', 'delete', columns ? `update of ${columns.join(', ')}` : 'update'])
      await sql
        .raw(`create trigger ${table}_event_config_${op.split(' ')[0]} after ${op} on ${table} begin ${bump}; end`)
        .execute(db);
}
