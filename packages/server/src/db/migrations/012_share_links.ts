import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * share_link: signed, expiring, revocable read-only links to one vessel's report for one period (docs/decisions.md
 * "Share report links"). The token itself is never stored — only its id (jti); the signature is checked with the
 * key named in the token (share_link_key, so keys can be rotated). A session opened with a link carries the link's
 * id (session_token.sess_share_link_id) and is limited to that link's reads.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('share_link_key')
    .addColumn('slky_id', 'text', (c) => c.primaryKey())
    .addColumn('slky_secret', 'text', (c) => c.notNull())
    .addColumn('slky_created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('share_link')
    .addColumn('slnk_id', 'text', (c) => c.primaryKey())
    .addColumn('slnk_key_id', 'text', (c) => c.notNull())
    .addColumn('slnk_user_id', 'text', (c) => c.notNull())
    .addColumn('slnk_comp_id', 'integer', (c) => c.notNull())
    .addColumn('slnk_mass_id', 'integer', (c) => c.notNull())
    .addColumn('slnk_start', 'bigint', (c) => c.notNull())
    .addColumn('slnk_end', 'bigint', (c) => c.notNull())
    .addColumn('slnk_expires_time', 'bigint', (c) => c.notNull())
    .addColumn('slnk_created_time', 'bigint', (c) => c.notNull())
    .addColumn('slnk_revoked_time', 'bigint')
    .addColumn('slnk_opened_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slnk_last_opened_time', 'bigint')
    .execute();
  await db.schema.createIndex('share_link_user').on('share_link').column('slnk_user_id').execute();
  await db.schema.alterTable('session_token').addColumn('sess_share_link_id', 'text').execute();
}
