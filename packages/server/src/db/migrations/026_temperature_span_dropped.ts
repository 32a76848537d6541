import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A temperature sensor's `span` goes (docs/decisions.md "State spans at ingest"): 021 stored the §5 span of every
 * temperature reading and 023 kept its count, sum and first value in the rollups, but no figure reads a temperature
 * sensor's time — its mean is of its samples (docs/domain.md §16). One in five stored readings is a temperature
 * reading; the column cost every one of them a previous-reading lookup and a wider row at ingest.
 * Frozen here: the rollup levels and the statistics 023 left (`_n`, `_sum`, `_fv`, `_ft`).
 */
const LEVELS = ['hourly', 'daily'] as const;
const STATS = ['n', 'sum', 'fv', 'ft'] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const level of LEVELS)
    for (const stat of STATS)
      await db.schema.alterTable(`telemetry_temperature_${level}`).dropColumn(`span_${stat}`).execute();
  await db.schema.alterTable('telemetry_temperature').dropColumn('span').execute();
}
