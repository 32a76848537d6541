import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The durable mail outbox (issue 23, docs/operations.md "Mail outbox"): every mail (High events, password reset,
 * daily report) is a row here first and is sent by a background loop with retries, so an SMTP failure or a restart
 * loses none. A worker claims a row by setting `mlob_claimed_until` (skip locked on PostgreSQL); a claim of a process
 * that died runs out and the row is taken again. Attachments (the daily report PDF, bounded in size) are rows of
 * their own; the body and the attachments are erased once the mail is sent or has failed for good.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('mlob_id', 'integer', id)
    /** event | password-reset | daily-report | mail: for the logs and the backlog */
    .addColumn('mlob_kind', 'text', (c) => c.notNull())
    /** one address or several, comma-separated */
    .addColumn('mlob_to', 'text', (c) => c.notNull())
    .addColumn('mlob_subject', 'text', (c) => c.notNull())
    .addColumn('mlob_text', 'text', (c) => c.notNull())
    .addColumn('mlob_html', 'text', (c) => c.notNull())
    /** the action link of the mail, logged when mails go to DATA_DIR/outbox files (no SMTP) */
    .addColumn('mlob_link', 'text')
    /** pending | sent | failed */
    .addColumn('mlob_status', 'text', (c) => c.notNull())
    .addColumn('mlob_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mlob_next_try_time', 'bigint', (c) => c.notNull())
    .addColumn('mlob_claimed_until', 'bigint')
    .addColumn('mlob_last_error', 'text')
    .addColumn('mlob_created_time', 'bigint', (c) => c.notNull())
    /** when it was sent or given up */
    .addColumn('mlob_done_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['mlob_status', 'mlob_next_try_time'])
    .execute();
  await db.schema
    .createTable('mail_outbox_attachment')
    .addColumn('mloa_id', 'integer', id)
    .addColumn('mloa_mlob_id', 'integer', (c) => c.notNull().references('mail_outbox.mlob_id').onDelete('cascade'))
    .addColumn('mloa_filename', 'text', (c) => c.notNull())
    .addColumn('mloa_content_type', 'text', (c) => c.notNull())
    .addColumn('mloa_content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_attachment_mail')
    .on('mail_outbox_attachment')
    .column('mloa_mlob_id')
    .execute();
}
