import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Scheduled daily reports (issue 15): a user's subscription to a vessel's daily report, and the sent-log that makes
 * a day's mail go once — across restarts and across server processes (unique subscription × day; the row is
 * claimed before the PDF is made) — with the attempts and the next retry of a failed one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('daily_report_subscription')
    .addColumn('drsb_id', 'integer', id)
    .addColumn('drsb_user_id', 'text', (c) => c.notNull().references('user.user_id').onDelete('cascade'))
    .addColumn('drsb_mass_id', 'integer', (c) => c.notNull().references('asset.mass_id').onDelete('cascade'))
    /** the company the user had active when subscribing: the scope the report is made in */
    .addColumn('drsb_comp_id', 'integer', (c) => c.notNull())
    .addColumn('drsb_created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('daily_report_subscription_user_mass', ['drsb_user_id', 'drsb_mass_id'])
    .execute();
  await db.schema
    .createTable('daily_report_sent')
    .addColumn('drsn_id', 'integer', id)
    .addColumn('drsn_drsb_id', 'integer', (c) =>
      c.notNull().references('daily_report_subscription.drsb_id').onDelete('cascade'),
    )
    /** the local day's start (epoch seconds) */
    .addColumn('drsn_day', 'bigint', (c) => c.notNull())
    /** sending | sent | failed */
    .addColumn('drsn_status', 'text', (c) => c.notNull())
    .addColumn('drsn_attempts', 'integer', (c) => c.notNull())
    .addColumn('drsn_last_error', 'text')
    .addColumn('drsn_next_try_time', 'bigint')
    .addColumn('drsn_updated_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('daily_report_sent_once', ['drsn_drsb_id', 'drsn_day'])
    .execute();
}
