import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * API tokens (issue 31, docs/api.md "Authentication", docs/decisions.md "API tokens"): a named secret an administrator
 * makes for an integration, bound to a company and a role until it expires or is revoked. Each token acts through its
 * own service account (`apit_user_id`: a `user` row with no login, one `user_company` row for the token's company and
 * one `user_role` row), so its permissions and scope are read by the same queries as a person's. Only the SHA-256 of
 * the secret is stored; `apit_public_id` is the part of the token that finds the row.
 *
 * `api_token_use`: the requests made with a token, counted per minute (reads, writes, refused by the rate limit) —
 * kept in memory and written once a minute, not a row per request.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('api_token')
    .addColumn('apit_id', 'integer', id)
    .addColumn('apit_public_id', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('apit_secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('apit_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('apit_user_id', 'text', (c) => c.notNull().unique().references('user.user_id').onDelete('cascade'))
    .addColumn('apit_comp_id', 'integer', (c) => c.notNull().references('company.comp_id').onDelete('cascade'))
    .addColumn('apit_role_id', 'integer', (c) => c.notNull().references('role.role_id').onDelete('cascade'))
    .addColumn('apit_created_user_id', 'text', (c) => c.notNull())
    .addColumn('apit_created_time', 'bigint', (c) => c.notNull())
    .addColumn('apit_expires_time', 'bigint', (c) => c.notNull())
    .addColumn('apit_revoked_time', 'bigint')
    .addColumn('apit_revoked_user_id', 'text')
    .addColumn('apit_last_used_time', 'bigint')
    .addColumn('apit_last_used_address', 'varchar(64)')
    .execute();
  await db.schema.createIndex('api_token_comp').on('api_token').column('apit_comp_id').execute();
  await db.schema
    .createTable('api_token_use')
    .addColumn('apiu_token_id', 'integer', (c) => c.notNull().references('api_token.apit_id').onDelete('cascade'))
    /** the minute's start, epoch seconds */
    .addColumn('apiu_minute', 'bigint', (c) => c.notNull())
    .addColumn('apiu_reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apiu_writes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apiu_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_token_use_pk', ['apiu_token_id', 'apiu_minute'])
    .execute();
  await db.schema.createIndex('api_token_use_minute').on('api_token_use').column('apiu_minute').execute();
}
