import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * live_ticket: single-use, 30-second tickets that open the live WebSocket (/api/socket?ticket=…) without the
 * session token in a URL. Only the ticket's SHA-256 is stored; kept in the database so that any server process
 * behind the same address can take it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('live_ticket')
    .addColumn('ltck_hash', 'text', (c) => c.primaryKey())
    .addColumn('ltck_sess_hash', 'text', (c) => c.notNull())
    .addColumn('ltck_user_id', 'text', (c) => c.notNull())
    .addColumn('ltck_comp_id', 'integer')
    .addColumn('ltck_expires_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_ticket_expires').on('live_ticket').column('ltck_expires_time').execute();
}
