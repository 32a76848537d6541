import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Time zones (docs/domain.md §1 "The company's time zone"), IANA names:
 * - `company.compTimezone`: the zone the company's days are cut in. Null for the companies that existed before: they
 *   keep the installation's default zone (the zone of TZ_OFFSET), so their days are cut as before;
 * - `user.userTimezone`: the zone a user chose to see the screens in; null: the active company's;
 * - `user.userLanguage`: the language a user chose for the interface (`en`, `id`); null: the browser's (issue 27).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('company').addColumn('compTimezone', 'text').execute();
  await db.schema.alterTable('user').addColumn('userTimezone', 'text').execute();
  await db.schema.alterTable('user').addColumn('userLanguage', 'text').execute();
}
