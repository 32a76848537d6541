import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The asset's capacities and CII ship type (issue 30, docs/domain.md §39): gross tonnage (`massGt`), deadweight in
 * tonnes (`massDwt`) and the MEPC.353(78) ship type (`massCiiType`, a value of CII_SHIP_TYPES). Empty for every
 * existing asset: AER, cgDIST and CII say "capacity not entered" until someone enters them.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('asset').addColumn('massGt', 'double precision').execute();
  await db.schema.alterTable('asset').addColumn('massDwt', 'double precision').execute();
  await db.schema.alterTable('asset').addColumn('massCiiType', 'text').execute();
}
