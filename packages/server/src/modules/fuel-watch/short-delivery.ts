import type { Db } from '../../db/database.ts';
import { detailsOf, storedLogs, type ToleranceLimits } from '../bunker/bunker-detail.ts';
import { type Finding, r2 } from './finding.ts';

/**
 * docs/domain.md §41.4: the vessel's bunkering logs IN ended in [from, to) that received less than their delivery
 * note beyond the protest tolerance (§24.5's percentage and basis, computed by the bunker module).
 */
export async function shortDeliveries(
  db: Db,
  massId: number,
  o: { from: number; to: number; tolerance: ToleranceLimits },
): Promise<Finding[]> {
  const ids = await db
    .selectFrom('bunker_log')
    .select('bklgId')
    .where('bklgMassId', '=', massId)
    .where('bklgType', '=', 'IN')
    .where('bklgEndDatetime', '>=', o.from)
    .where('bklgEndDatetime', '<', o.to)
    .execute();
  const logs = await storedLogs(
    db,
    ids.map((r) => Number(r.bklgId)),
  );
  const details = await detailsOf(db, logs, o.tolerance);
  const out: Finding[] = [];
  for (const log of logs.sort((a, b) => a.bklgId - b.bklgId)) {
    const d = details.get(log.bklgId)?.detail;
    const t = d?.tolerance;
    const note = log.bklgTargetBunker;
    const received = t?.basis === '15C' ? d?.standard.finalBunker15 : d?.finalBunker;
    if (!d || !t || t.percentage === null || note === null || received === null || received === undefined) continue;
    if (!(t.percentage < -o.tolerance.protest)) continue;
    const device = 'BUNKER';
    out.push({
      rule: 'short_delivery',
      key: `short_delivery:${log.bklgId}`,
      start: log.bklgStartDatetime,
      end: log.bklgEndDatetime,
      active: false,
      oldData: { [device]: { bunker: { litres: r2(note) } } },
      newData: {
        [device]: { bunker: { litres: r2(received), shortLitres: r2(note - received), percentage: t.percentage } },
      },
      threshold: {
        [device]: {
          conditions_operator: 'and',
          data: { percentage: { operator: '<', value: -o.tolerance.protest } },
        },
      },
      reason: {
        key: 'short_delivery',
        values: {
          note: r2(note),
          received: r2(received),
          short: r2(note - received),
          percent: t.percentage,
          protest: o.tolerance.protest,
          basis: t.basis,
        },
      },
    });
  }
  return out;
}
