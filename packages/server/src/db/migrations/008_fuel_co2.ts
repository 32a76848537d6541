import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * CO₂ emitted (docs/domain.md §23): each fuel type keeps its IMO conversion factor (t CO₂ per t fuel,
 * MEPC.364(79)) and its standard density (kg/m³, used when no density was measured); each asset may name the
 * fuel type it burns. Existing fuel types whose names say which IMO fuel class they are get the factor and
 * the class's typical density; any other keeps empty values (CO₂ shows '-' until an administrator sets them).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('fuel_type').addColumn('mfty_co2_factor', 'double precision').execute();
  await db.schema.alterTable('fuel_type').addColumn('mfty_density', 'double precision').execute();
  await db.schema
    .alterTable('asset')
    .addColumn('mass_mfty_id', 'integer', (c) => c.references('fuel_type.mfty_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('asset_mass_mfty_id_idx').on('asset').column('mass_mfty_id').execute();

  // IMO classes by name: diesel / gas oil 3.206, light fuel oil 3.151, heavy fuel oil 3.114
  const classes: [pattern: string, factor: number, density: number][] = [
    ['%hsd%', 3.206, 845],
    ['%diesel%', 3.206, 845],
    ['%mgo%', 3.206, 860],
    ['%gas oil%', 3.206, 860],
    ['%dexlite%', 3.206, 840],
    ['%lfo%', 3.151, 900],
    ['%light fuel oil%', 3.151, 900],
    ['%mfo%', 3.114, 960],
    ['%hfo%', 3.114, 980],
    ['%heavy fuel oil%', 3.114, 980],
    ['%marine fuel oil%', 3.114, 960],
  ];
  for (const [pattern, factor, density] of classes) {
    await sql`update fuel_type set mfty_co2_factor = ${factor}, mfty_density = ${density}
      where mfty_co2_factor is null and lower(mfty_name) like ${pattern}`.execute(db);
  }
}
