import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Webhooks (issue 31, docs/api.md "Webhooks", docs/operations.md "Webhooks"): a company's subscriptions (a receiver
 * URL, the kinds it wants, its signing secret) and the durable queue of deliveries. A delivery is a row first and
 * is sent by a background worker with retries; a worker claims a row by setting `wbdl_claimed_until` (skip locked on
 * PostgreSQL), so a claim of a process that died runs out and the row is taken again. The row keeps the last answer
 * (status, time, duration, truncated body) for the delivery log.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('webhook')
    .addColumn('wbhk_id', 'integer', id)
    .addColumn('wbhk_comp_id', 'integer', (c) => c.notNull().references('company.comp_id').onDelete('cascade'))
    .addColumn('wbhk_name', 'text', (c) => c.notNull())
    .addColumn('wbhk_url', 'text', (c) => c.notNull())
    /** JSON array of the kinds it receives (event.opened, event.closed, …) */
    .addColumn('wbhk_kinds', 'text', (c) => c.notNull())
    .addColumn('wbhk_active', 'integer', (c) => c.notNull().defaultTo(1))
    /** the HMAC key: kept as is (it must sign), shown to the administrator once when made or rotated */
    .addColumn('wbhk_secret', 'text', (c) => c.notNull())
    .addColumn('wbhk_created_time', 'bigint', (c) => c.notNull())
    .addColumn('wbhk_created_user_id', 'text')
    .addColumn('wbhk_updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_company').on('webhook').column('wbhk_comp_id').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('wbdl_id', 'integer', id)
    .addColumn('wbdl_wbhk_id', 'integer', (c) => c.notNull().references('webhook.wbhk_id').onDelete('cascade'))
    /** the delivery id receivers deduplicate on (X-Fleet-Delivery, the payload's id): the same on every try */
    .addColumn('wbdl_uid', 'text', (c) => c.notNull().unique())
    .addColumn('wbdl_kind', 'text', (c) => c.notNull())
    /** the JSON body, exactly as sent (signed at each try with that try's time) */
    .addColumn('wbdl_payload', 'text', (c) => c.notNull())
    /** pending | delivered | failed */
    .addColumn('wbdl_status', 'text', (c) => c.notNull())
    .addColumn('wbdl_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wbdl_next_try_time', 'bigint', (c) => c.notNull())
    .addColumn('wbdl_claimed_until', 'bigint')
    .addColumn('wbdl_created_time', 'bigint', (c) => c.notNull())
    /** when it was delivered or given up */
    .addColumn('wbdl_done_time', 'bigint')
    /** the last try: when, the receiver's HTTP status (null: no answer), how long (ms), its body (truncated), error */
    .addColumn('wbdl_last_time', 'bigint')
    .addColumn('wbdl_last_status', 'integer')
    .addColumn('wbdl_last_ms', 'integer')
    .addColumn('wbdl_last_body', 'text')
    .addColumn('wbdl_last_error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_due')
    .on('webhook_delivery')
    .columns(['wbdl_status', 'wbdl_next_try_time'])
    .execute();
  await db.schema
    .createIndex('webhook_delivery_log')
    .on('webhook_delivery')
    .columns(['wbdl_wbhk_id', 'wbdl_id'])
    .execute();
  /**
   * The closed voyage legs already told (modules/webhooks/voyage-legs.ts): legs are re-detected and stored again
   * (modules/voyages), so what was told is kept apart, by vessel, start and end; a leg whose end moves is told again.
   */
  await db.schema
    .createTable('webhook_leg_told')
    .addColumn('asset_id', 'integer', (c) => c.notNull())
    .addColumn('start_ts', 'bigint', (c) => c.notNull())
    .addColumn('end_ts', 'bigint', (c) => c.notNull())
    .addColumn('told_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_leg_told_pk', ['asset_id', 'start_ts', 'end_ts'])
    .execute();
}
