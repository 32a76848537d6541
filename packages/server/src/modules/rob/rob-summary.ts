import type { Database } from '../../db/database.ts';
import { detailsOf, storedLogs, type ToleranceLimits } from '../bunker/bunker-detail.ts';
import { finiteOrNull, storedNumber } from '../bunker/finite.ts';
import type { Row } from '../crud/rows.ts';
import { type LedgerInput, type RobInterval, robLedger } from './rob-ledger.ts';
import { vesselFuel } from './vessel-fuel.ts';

/** docs/domain.md §25: loads what a profile's ledger needs and runs it. */
export async function robSummary(
  database: Database,
  profile: Row,
  o: { interval: RobInterval; tz: number; now: number; tolerance: ToleranceLimits },
) {
  const db = database.db;
  const massId = Number(profile.mrobMassId);
  const start = Number(profile.mrobStartTime);
  const end = Number(profile.mrobEndTime);
  const until = Math.max(start, Math.min(end, o.now));
  const [logRows, adjRows] = await Promise.all([
    db
      .selectFrom('bunker_log')
      .select(['bklgId', 'bklgEndDatetime'])
      .where('bklgMassId', '=', massId)
      .where('bklgEndDatetime', '>=', start)
      .where('bklgEndDatetime', '<=', until)
      .execute(),
    db
      .selectFrom('rob_adjustment')
      .select(['robaId', 'robaTime', 'robaType', 'robaValue', 'robaNote'])
      .where('robaMrobId', '=', profile.mrobId)
      .execute(),
  ]);
  // the ledger splits its segments at these times: the fuel is needed per hour only on the days they fall in
  const splits = [...logRows.map((r) => Number(r.bklgEndDatetime)), ...adjRows.map((a) => Number(a.robaTime))];
  const fuel = await vesselFuel(database, massId, { start, end: until, now: o.now, tz: o.tz, splits });
  const logs = await storedLogs(
    db,
    logRows.map((r) => Number(r.bklgId)),
  );
  const details = await detailsOf(db, logs, o.tolerance);
  const notes = new Map<number, string | null>(
    (
      await (logs.length
        ? db
            .selectFrom('bunker_log')
            .leftJoin('bunker_location', 'bunker_location.mbloId', 'bunker_log.bklgMbloId')
            .select(['bunker_log.bklgId', 'bunker_location.mbloName'])
            .where(
              'bunker_log.bklgId',
              'in',
              logs.map((l) => l.bklgId),
            )
            .execute()
        : Promise.resolve([]))
    ).map((r) => [Number(r.bklgId), r.mbloName ?? null]),
  );
  const input: LedgerInput = {
    start,
    end,
    initial: storedNumber(profile.mrobInitialValue) ?? Number.NaN,
    now: o.now,
    tz: o.tz,
    interval: o.interval,
    fuel,
    bunkers: logs.map((l) => ({
      id: l.bklgId,
      time: l.bklgEndDatetime,
      type: l.bklgType === 'OUT' ? 'OUT' : 'IN',
      amount: details.get(l.bklgId)?.detail.finalBunker ?? null,
      note: `Bunker ${l.bklgType} #${l.bklgId}${notes.get(l.bklgId) ? ` at ${notes.get(l.bklgId)}` : ''}`,
    })),
    adjustments: adjRows.map((a) => ({
      id: Number(a.robaId),
      time: Number(a.robaTime),
      type: Number(a.robaType),
      value: storedNumber(a.robaValue) ?? Number.NaN,
      note: a.robaNote ?? null,
    })),
  };
  let ledger = robLedger(input);
  if (ledger.coarse.length) {
    // §25.5: a run began inside a day read as one value — read those days per hour (a split inside each) and run
    // the ledger again for the hour; its balances are the same (a day is the sum of its hours, §25.2)
    const hourly = ledger.coarse.map((day) => day + 3600);
    const fine = await vesselFuel(database, massId, {
      start,
      end: until,
      now: o.now,
      tz: o.tz,
      splits: [...splits, ...hourly],
    });
    ledger = robLedger({ ...input, fuel: fine });
  }
  // §32.2: what overflowed (stored values beyond their range) is answered null, not a failed answer
  const { details: entries, coarse: _coarse, ...rob } = finiteOrNull(ledger);
  return { rob, interval: o.interval, timezone: o.tz, until, details: entries };
}
