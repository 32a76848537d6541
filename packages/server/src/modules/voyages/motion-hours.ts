import type { Database } from '../../db/database.ts';

/**
 * Motion hours (docs/domain.md §37.1): per vessel, the seconds under way and the seconds with a main engine running
 * while not under way, summed over the UTC hours whose start lies in [start, end). Written by voyage detection;
 * a vessel without rows answers 0 and 0. Other screens (the fleet efficiency table, emissions) read them here.
 */
export async function motionTotals(
  database: Database,
  assetIds: number[],
  start: number,
  end: number,
): Promise<Map<number, { underwaySeconds: number; idleRunningSeconds: number }>> {
  const out = new Map<number, { underwaySeconds: number; idleRunningSeconds: number }>();
  for (const id of assetIds) out.set(id, { underwaySeconds: 0, idleRunningSeconds: 0 });
  if (!assetIds.length || !(end > start)) return out;
  const rows = await database.db
    .selectFrom('voyage_motion_hour')
    .select((eb) => [
      'assetId',
      eb.fn.sum<number>('underwaySeconds').as('underway'),
      eb.fn.sum<number>('idleRunningSeconds').as('idle'),
    ])
    .where('assetId', 'in', assetIds)
    .where('hour', '>=', start)
    .where('hour', '<', end)
    .groupBy('assetId')
    .execute();
  for (const r of rows)
    out.set(Number(r.assetId), { underwaySeconds: Number(r.underway ?? 0), idleRunningSeconds: Number(r.idle ?? 0) });
  return out;
}
