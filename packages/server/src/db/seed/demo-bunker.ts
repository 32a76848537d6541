import { DEMO_FLEET, type DemoVessel } from '@fleet/fleet-catalog';
import { DEMO_SCENARIO_VESSELS, PORTS as SIM_PORTS, VesselSimulator } from '@fleet/simulator';
import { vcf } from '../../modules/bunker/bunker-domain.ts';
import type { Db } from '../database.ts';
import { FUEL_TYPES } from './master-lists.ts';

const DAY = 86400;
const CREATOR = 'admin@fleet.demo';
/** the delivery notes' quantity against what the meter will measure: a realistic spread around ±1 % */
const NOTE_SPREAD = [-0.003, 0.004, 0.012, -0.006, 0.002, -0.011];
const LOG_DAYS = 120;
/** issue 30's short delivery: the seed's latest log of that vessel has a note this much above what was received */
const SHORT_NOTE = 0.03;
/** what the tank soundings see of the litres received: a little less than a meter */
const SOUNDING_SHARE = 0.996;
/** the seed's simulator: the same seed the built-in simulator writes the readings with */
const SEED = 'demo';

export const SOUNDING_RECEIPT_NOTE =
  "No bunker flowmeter on board: the quantity received is the tank soundings' difference (after − before).";
export const SOUNDING_STOCK_TAKE_NOTE =
  "Tank sounding before bunkering (no engine flowmeters: between soundings the ledger counts only the auxiliary engines' estimate).";

/** The start of the demo's ROB profiles: local midnight (+7) of the backfill's first day. */
export const demoProfileStart = (now: number, days: number) =>
  Math.floor((now - days * DAY + 7 * 3600) / DAY) * DAY - 7 * 3600;

const idOf = async (db: Db, table: string, nameCol: string, idCol: string, name: string) => {
  const row = await db.selectFrom(table).select(idCol).where(nameCol, '=', name).executeTakeFirst();
  return row ? Number((row as Record<string, unknown>)[idCol]) : null;
};

/**
 * Demo bunkering and ROB data (issues 16 and 25), written inside the demo seed's transaction:
 * - every demo vessel gets one ROB profile from local midnight (+7) of the backfill's first day, for a year,
 *   starting at the simulator's fuel on board at that time;
 * - every bunkering the simulator performs in the last LOG_DAYS (120) days becomes a bunkering log IN
 *   (logDemoBunkerings) — the simulator bunkers each vessel at berth when it is below half its tanks, up to
 *   88–94 % of them, so with every bunkering logged no demo ledger goes below zero (docs/domain.md §25.5).
 */
export async function seedDemoBunker(db: Db, now: number, days: number) {
  const from = demoProfileStart(now, days);
  let logs = 0;
  for (const v of DEMO_FLEET) {
    const massId = await idOf(db, 'asset', 'massName', 'massId', v.name);
    if (massId === null) continue;
    const logFrom = Math.min(from, now - LOG_DAYS * DAY);
    const sim = new VesselSimulator(SEED, v, logFrom - 3 * 3600); // a bunkering ending in the window began ≤ 2 h before
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
    logs += await logDemoBunkerings(db, v, massId, sim, { from: logFrom, to: now, now, metered: from });
  }
  return { logs };
}

/**
 * Logs the simulator's bunkerings of one demo vessel that end in (from, to] and that no log of the vessel overlaps
 * yet, as the crew would (returns how many): a bunkering log IN with the delivery note's quantity (target, within
 * about ±1 % of what was received, at 15 °C) and the tank soundings before and after, numbered on from the vessel's
 * logs. What the log's Final Bunker Received is (docs/domain.md §24.2):
 * - a vessel with a BUNKER_IN meter: the meter's litres (its readings come with the simulator's history); on the
 *   seed's latest metered bunkering a spill (−150 L) and on the one before it a dispute settled at the note (reset);
 * - a vessel without one: the tank soundings' difference, entered as a Reset Value (type 1) adjustment — the basis of
 *   such a log is the meter, which the vessel has not.
 * A vessel whose main engines have no flowmeters (the ledger sees only its auxiliary engines' estimate) also gets a
 * ROB adjustment Reset Value at each bunkering's start to the sounding before it (a stock-take), in the profile that
 * holds that time.
 * `metered`: bunkerings starting at or after it have meter readings (the seed's spill and dispute go on them).
 */
export async function logDemoBunkerings(
  db: Db,
  v: DemoVessel,
  massId: number,
  sim: VesselSimulator,
  o: { from: number; to: number; now: number; metered?: number },
): Promise<number> {
  const fuelType = await idOf(db, 'fuel_type', 'mftyName', 'mftyId', v.fuelType);
  const existing = await db
    .selectFrom('bunker_log')
    .select(['bklgStartDatetime', 'bklgEndDatetime'])
    .where('bklgMassId', '=', massId)
    .where('bklgEndDatetime', '>=', o.from - DAY)
    .execute();
  const overlaps = (a: number, b: number) =>
    existing.some((l) => Number(l.bklgStartDatetime) <= b && Number(l.bklgEndDatetime) >= a);
  const window = (b: { start: number; end: number }) => ({
    start: Math.floor(b.start / 60) * 60 - 600,
    end: Math.ceil(b.end / 60) * 60 + 600,
  });
  const bunkerings = sim.timeline
    .bunkerings(o.from, o.to)
    .filter((b) => b.end > o.from && b.end <= o.to)
    .filter((b) => {
      const w = window(b);
      return !overlaps(w.start, w.end);
    });
  if (!bunkerings.length) return 0;
  const count = await db
    .selectFrom('bunker_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('bklgMassId', '=', massId)
    .executeTakeFirstOrThrow();
  const numbered = Number(count.n);
  // the spill goes on the latest bunkering with meter readings, the settled dispute on the one before it (seed only)
  const meteredCount = o.metered === undefined ? 0 : bunkerings.filter((b) => b.start >= (o.metered ?? 0)).length;
  const spillAt = meteredCount > 0 ? bunkerings.length - 1 : -1;
  const disputeAt = o.metered === undefined ? -1 : bunkerings.length - 2;
  const rho15 = (FUEL_TYPES.find((f) => f.name === v.fuelType)?.density ?? 0.9) * 1000;
  for (const [n, b] of bunkerings.entries()) {
    const i = numbered + n;
    const port = SIM_PORTS.find((p) => p.id === b.port);
    const location =
      (port && (await idOf(db, 'bunker_location', 'mbloName', 'mbloId', port.name))) ??
      (await idOf(db, 'bunker_location', 'mbloName', 'mbloId', v.homePort.name));
    const litres = b.litres;
    // the delivery note states litres at 15 °C; the fuel comes aboard at about 30 °C (docs/domain.md §24.3)
    const spread = NOTE_SPREAD[(bunkerings.length - 1 - n) % NOTE_SPREAD.length]; // the latest first
    const onBoard = sim.timeline.robAt(sim.timeline.stateAt(b.start));
    const startSounding = Math.round(onBoard);
    const endSounding = Math.round(onBoard + litres * SOUNDING_SHARE);
    // issue 30, a short delivery (docs/domain.md §41.4): the note 3 % above the soundings' receipt, the seed's latest
    const short =
      o.metered !== undefined && v.code === DEMO_SCENARIO_VESSELS.shortDelivery && n === bunkerings.length - 1;
    const target = short
      ? Math.round(((endSounding - startSounding) * (1 + SHORT_NOTE)) / 10) * 10
      : Math.round((litres * vcf(rho15, 30) * (1 + spread)) / 10) * 10;
    const w = window(b);
    const row = await db
      .insertInto('bunker_log')
      .values({
        bklgMassId: massId,
        bklgMbloId: location,
        bklgMftyId: fuelType,
        bklgStartDatetime: w.start,
        bklgEndDatetime: w.end,
        bklgTargetBunker: target,
        bklgType: 'IN',
        bklgStartSounding: startSounding,
        bklgEndSounding: endSounding,
        bklgNote: `Bunker delivery note ${v.code.toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
        bklgCreatedUserId: CREATOR,
        bklgCreatedTime: o.now,
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    const adjustment = !v.variant.bunkerFlowMeter
      ? {
          bklaType: 1,
          bklaAmount: endSounding - startSounding,
          bklaReason: 'OTHERS',
          bklaDesc: SOUNDING_RECEIPT_NOTE,
        }
      : n === spillAt
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
          bklaCreatedTime: Math.min(o.now, w.end + 3600),
        })
        .execute();
    if (!v.variant.engineFlowMeters) {
      const profile = await db
        .selectFrom('rob')
        .select('mrobId')
        .where('mrobMassId', '=', massId)
        .where('mrobStartTime', '<=', w.start)
        .where('mrobEndTime', '>=', w.start)
        .executeTakeFirst();
      if (profile)
        await db
          .insertInto('rob_adjustment')
          .values({
            robaMrobId: profile.mrobId,
            robaType: 1,
            robaTime: w.start,
            robaValue: startSounding,
            robaNote: SOUNDING_STOCK_TAKE_NOTE,
            robaCreatedUserId: CREATOR,
            robaCreatedTime: o.now,
          })
          .execute();
    }
  }
  return bunkerings.length;
}
