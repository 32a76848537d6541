import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** A user's opt-in to an e-mail for every High priority event on a vessel they may see (issue 17); 0 = off. */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('user_event_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
