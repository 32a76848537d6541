import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The webhooks' outbox (issue 31, docs/decisions.md "Webhooks: an outbox in the writer's transaction", docs/domain.md
 * §43): what a change will tell, written in the transaction of the change itself — an event opened or closed (by
 * ingest, the sweep, ROB Below Zero, the fuel watch) and a vessel's new GPS fixes for the `positions` kind. A relay
 * turns the rows into deliveries (webhook_delivery) and deletes them in one transaction, so a crash between the
 * change's commit and the queueing loses nothing and nothing is queued twice.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('webhook_outbox')
    .addColumn('wbox_id', 'integer', id)
    /** event.opened | event.closed | positions */
    .addColumn('wbox_kind', 'text', (c) => c.notNull())
    /** positions: the vessel's company when noted (only its receivers get them); events: null (found by the relay) */
    .addColumn('wbox_comp_id', 'integer')
    .addColumn('wbox_mass_id', 'integer', (c) => c.notNull())
    /** JSON: the event (OpenedEvent / ClosedEvent), or the fixes [[time, lat, lng, speed km/h, track], …] */
    .addColumn('wbox_body', 'text', (c) => c.notNull())
    .addColumn('wbox_created_time', 'bigint', (c) => c.notNull())
    .execute();
  // no index besides the key: each ingest batch of a subscribed vessel inserts a row, and a second B-tree's page cost
  // it measurably (docs/benchmarks.md "Webhook positions"); the relays read the few rows waiting in key order
}
