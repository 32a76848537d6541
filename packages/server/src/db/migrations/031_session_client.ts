import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Where a session was opened (issue 28, docs/api.md "A user's access, administered"): the client address the server
 * saw (the connection's peer, or X-Forwarded-For's client with TRUST_PROXY) and the browser's User-Agent, cut to
 * 300 characters. Sessions opened before this version have neither (null).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('session_token').addColumn('sessAddress', 'varchar(64)').execute();
  await db.schema.alterTable('session_token').addColumn('sessUserAgent', 'varchar(300)').execute();
}
