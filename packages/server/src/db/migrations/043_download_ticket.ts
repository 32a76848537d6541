import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * download_ticket (issue 31, docs/api.md "Exports"): single-use, 60-second tickets that let the browser download a
 * streamed export by a plain link (`…/export.csv?ticket=…`) without the session token in a URL. A ticket is bound to
 * the session that asked for it and to the one URL it was asked for; only its SHA-256 is stored, in the database so
 * that any server process behind the same address can take it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('download_ticket')
    .addColumn('dltk_hash', 'text', (c) => c.primaryKey())
    .addColumn('dltk_sess_hash', 'text', (c) => c.notNull())
    /** the path and query the ticket is good for (the ticket parameter left out) */
    .addColumn('dltk_url', 'text', (c) => c.notNull())
    .addColumn('dltk_expires_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_ticket_expires').on('download_ticket').column('dltk_expires_time').execute();
}
