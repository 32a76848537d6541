import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Each company's time zone (docs/domain.md §1 "The company's time zone"): an IANA name. Null for the companies that
 * existed before: they keep the installation's default zone (the zone of TZ_OFFSET), so their days are cut as before.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('company').addColumn('compTimezone', 'text').execute();
}
