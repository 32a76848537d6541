import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Event engine (issue 17, docs/domain.md §30):
 * - event_state: per (gateway device, master event) the engine's durable state — phase idle / pending / active,
 *   since when the condition holds, the configuration and threshold snapshot it was evaluated under, and the values
 *   just before it began (the event's old data). Written only on transitions, in the ingest transaction.
 * - event_log: at most one Active (status 1) event per gateway device and event type, enforced by a partial
 *   unique index (two writers can never both open one).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_state')
    .addColumn('evstGatewayId', 'integer', (c) => c.notNull())
    .addColumn('evstMevtId', 'integer', (c) => c.notNull())
    .addColumn('evstMassId', 'integer', (c) => c.notNull())
    .addColumn('evstMcevId', 'integer', (c) => c.notNull())
    .addColumn('evstPhase', 'integer', (c) => c.notNull().defaultTo(0)) // 0 idle, 1 pending, 2 active
    .addColumn('evstSince', 'bigint')
    .addColumn('evstSnapshot', 'text', (c) => c.notNull())
    .addColumn('evstOldData', 'text')
    .addColumn('evstUpdatedTime', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_state_pk', ['evstGatewayId', 'evstMevtId'] as never)
    .execute();
  await db.schema.createIndex('event_state_mass_idx').on('event_state').columns(['evstMassId', 'evstPhase']).execute();
  await sql`create unique index event_log_one_active_uq on event_log (evnt_device_id, evnt_mevt_id) where evnt_status = 1`.execute(
    db,
  );
  await db.schema
    .createIndex('event_log_device_mevt_ts_idx')
    .on('event_log')
    .columns(['evntDeviceId', 'evntMevtId', 'evntTimestamp'])
    .execute();
}
