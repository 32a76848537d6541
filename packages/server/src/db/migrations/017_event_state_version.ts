import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The event engine's per-asset state version (issue 17, docs/decisions.md "Event engine"): every transaction that
 * writes an asset's event_state rows adds one to its version here, in that transaction. A process keeps the states
 * its own last committed evaluation of an asset left, with the version it wrote, and uses them for the asset's next
 * batch only while this row still holds that version — one row read instead of every state of the asset.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_state_version')
    .addColumn('esvMassId', 'integer', (c) => c.primaryKey())
    .addColumn('esvVersion', 'bigint', (c) => c.notNull())
    .execute();
}
