import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { PORTS as SIM_PORTS, VesselSimulator } from '@fleet/simulator';
import { vcf } from '../../modules/bunker/bunker-domain.ts';
import type { Db } from '../database.ts';
import { FUEL_TYPES } from './master-lists.ts';

const DAY = 86400;
const CREATOR = 'admin@fleet.demo';
/** the delivery notes' quantity against what the meter will measure: a realistic spread around ±1 % */
const NOTE_SPREAD = [-0.003, 0.004, 0.012, -0.006, 0.002, -0.011];
const LOG_DAYS = 120;

/**
 * Demo bunkering and ROB data (issue 16), written inside the demo seed's transaction:
 * - every bunkering the simulator performs on a vessel with a BUNKER_IN meter in the last LOG_DAYS (120) days
 *   (the same seed 'demo' the simulator uses, so the meter readings it backfills fall inside the logs; logs older
 *   than the backfill have no meter readings and show the flowmeter as '-') becomes a bunkering log IN, with a
 *   delivery-note target within about ±1 % of the metered litres, tank soundings before and after, and on the
 *   latest metered one a spill (−150 L) and on the one before the latest a dispute settled at the note (reset);
 * - every demo vessel gets one ROB profile from local midnight (+7) of the backfill's first day, for a year,
 *   starting at the simulator's fuel on board at that time.
 */
export async function seedDemoBunker(db: Db, now: number, days: number) {
  const from = Math.floor((now - days * DAY + 7 * 3600) / DAY) * DAY - 7 * 3600;
  const idOf = async (table: string, nameCol: string, idCol: string, name: string) => {
    const row = await db.selectFrom(table).select(idCol).where(nameCol, '=', name).executeTakeFirst();
    return row ? Number((row as Record<string, unknown>)[idCol]) : null;
  };
  let logs = 0;
  for (const v of DEMO_FLEET) {
    const massId = await idOf('asset', 'massName', 'massId', v.name);
    if (massId === null) continue;
    const logFrom = Math.min(from, now - LOG_DAYS * DAY);
    const sim = new VesselSimulator('demo', v, logFrom - 3600);
    const initial = Math.round(sim.timeline.robAt(sim.timeline.stateAt(from)));
    await db
      .insertInto('rob')
      .values({
        mrobMassId: massId,
        mrobStartTime: from,
        mrobEndTime: from + 365 * DAY - 1,
        mrobInitialValue: initial,
        mrobCreatedUserId: CREATOR,
        mrobCreatedTime: now,
      })
      .execute();
    if (!v.variant.bunkerFlowMeter) continue;
    const fuelType = await idOf('fuel_type', 'mftyName', 'mftyId', v.fuelType);
    const bunkerings = sim.timeline.bunkerings(logFrom, now).filter((b) => b.end <= now);
    // the spill goes on the latest bunkering with meter readings (inside the backfill), the settled dispute on the one before it
    const metered = bunkerings.filter((b) => b.start >= from).length;
    const spillAt = metered > 0 ? bunkerings.length - 1 : -1;
    const disputeAt = bunkerings.length - 2;
    const rho15 = (FUEL_TYPES.find((f) => f.name === v.fuelType)?.density ?? 0.9) * 1000;
    for (const [n, b] of bunkerings.entries()) {
      const i = bunkerings.length - 1 - n; // 0 = the latest
      const port = SIM_PORTS.find((p) => p.id === b.port);
      const location =
        (port && (await idOf('bunker_location', 'mbloName', 'mbloId', port.name))) ??
        (await idOf('bunker_location', 'mbloName', 'mbloId', v.homePort.name));
      const litres = b.litres;
      // the delivery note states litres at 15 °C; the meter's fuel is at about 30 °C (docs/domain.md §24.3)
      const target = Math.round((litres * vcf(rho15, 30) * (1 + NOTE_SPREAD[i % NOTE_SPREAD.length])) / 10) * 10;
      const onBoard = sim.timeline.robAt(sim.timeline.stateAt(b.start));
      const startSounding = Math.round(onBoard);
      const endSounding = Math.round(onBoard + litres * 0.996); // the soundings see a little less than the meter
      const row = await db
        .insertInto('bunker_log')
        .values({
          bklgMassId: massId,
          bklgMbloId: location,
          bklgMftyId: fuelType,
          bklgStartDatetime: Math.floor(b.start / 60) * 60 - 600,
          bklgEndDatetime: Math.ceil(b.end / 60) * 60 + 600,
          bklgTargetBunker: target,
          bklgType: 'IN',
          bklgStartSounding: startSounding,
          bklgEndSounding: endSounding,
          bklgNote: `Bunker delivery note ${v.code.toUpperCase()}-${String(n + 1).padStart(3, '0')}`,
          bklgCreatedUserId: CREATOR,
          bklgCreatedTime: now,
        })
        .returning('bklgId')
        .executeTakeFirstOrThrow();
      logs++;
      const adjustment =
        n === spillAt
          ? {
              bklaType: 2,
              bklaAmount: -150,
              bklaReason: 'LOSS_DUE_TO_SPILLAGE',
              bklaDesc: 'Spill at the manifold drip tray during hose disconnection.',
            }
          : n === disputeAt
            ? {
                bklaType: 1,
                bklaAmount: target,
                bklaReason: 'Dispute_WITH_SUPPLIER',
                bklaDesc: 'Dispute settled with the supplier at the delivery note figure.',
              }
            : null;
      if (adjustment)
        await db
          .insertInto('bunker_adjustment')
          .values({
            bklaBklgId: Number(row.bklgId),
            ...adjustment,
            bklaCreatedUserId: CREATOR,
            bklaCreatedTime: Math.ceil(b.end) + 3600,
          })
          .execute();
    }
  }
  return { logs };
}
