import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** When a device key last let readings in (epoch seconds; null: never), shown in the key list of a gateway. */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('device_key').addColumn('dkey_last_used_time', 'bigint').execute();
}
