import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A tank header's fuel type becomes a row of the Fuel Type list (issue 28; docs/decisions.md "Tank header fuel
 * type"): `tank_header.tahd_mfty_id`. Each header whose typed text names a fuel type — the same name, ignoring case
 * and surrounding spaces — is linked to it. The text stays stored: one that names no fuel type is still answered
 * as the header's fuel type (nothing typed is lost) until someone gives the header a fuel type from the list.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tank_header')
    .addColumn('tahdMftyId', 'integer', (c) => c.references('fuel_type.mfty_id').onDelete('restrict'))
    .execute();
  await sql`update tank_header set tahd_mfty_id = (
      select min(f.mfty_id) from fuel_type f where lower(trim(f.mfty_name)) = lower(trim(tank_header.tahd_fuel_type))
    ) where tahd_fuel_type is not null`.execute(db);
}
