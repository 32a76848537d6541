import type { BunkerFigures } from '@fleet/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import {
  type Adjustment,
  applyAdjustments,
  correctionFactor,
  discrepancy,
  finalAt15,
  type MeterReading,
  type MeterTotals,
  meterTotals,
  toleranceBand,
} from './bunker-domain.ts';
import { finiteOrNull, storedNumber } from './finite.ts';

/** The stored columns of a bunkering log the computation reads (epoch seconds, litres). */
export interface StoredLog {
  bklgId: number;
  bklgMassId: number;
  bklgStartDatetime: number;
  bklgEndDatetime: number;
  bklgTargetBunker: number | null;
  bklgType: string;
  bklgStartSounding: number | null;
  bklgEndSounding: number | null;
}

export interface StoredAdjustment {
  bklaId: number;
  bklaBklgId: number;
  bklaType: number;
  bklaAmount: number | null;
  bklaReason: string;
  bklaDesc: string | null;
  bklaCreatedTime: number | null;
  bklaCreatedUserId: string | null;
  bklaUpdatedTime: number | null;
}

const num = storedNumber;

/** §2 the vessel's active `BUNKER_IN` flow meter (the first by id), or undefined. */
export async function bunkerMeter(
  db: Db,
  massId: number,
): Promise<{ devcId: number; devcUniqueId: string } | undefined> {
  const row = await db
    .selectFrom('device')
    .select(['devcId', 'devcUniqueId'])
    .where('devcMassId', '=', massId)
    .where('devcType', '=', 'flowmeter')
    .where('devcLabel', '=', 'BUNKER_IN')
    .where('devcStatus', '=', '1')
    .orderBy('devcId')
    .executeTakeFirst();
  return row ? { devcId: Number(row.devcId), devcUniqueId: String(row.devcUniqueId) } : undefined;
}

/** The bunker meter's raw readings with start ≤ ts ≤ end, in time order (read-only on the telemetry table). */
export async function meterReadings(db: Db, devcId: number, start: number, end: number): Promise<MeterReading[]> {
  const rows = await db
    .selectFrom('telemetry_flowmeter')
    .select(['ts', 'volumeTotal', 'massTotal', 'volumeInventory', 'massInventory', 'density', 'temperature'])
    .where('deviceId', '=', devcId)
    .where('ts', '>=', start)
    .where('ts', '<=', end)
    .orderBy('ts')
    .execute();
  // the resettable totals when the meter sends them, else its inventory totalisers (§24.1)
  const useTotals = rows.some((r) => r.volumeTotal !== null || r.massTotal !== null);
  return rows.map((r) => ({
    ts: Number(r.ts),
    volumeTotal: num(useTotals ? r.volumeTotal : r.volumeInventory),
    massTotal: num(useTotals ? r.massTotal : r.massInventory),
    density: num(r.density),
    temperature: num(r.temperature),
  }));
}

export type BunkerDetail = BunkerFigures;

/** §24.5 tolerance bands in percent (BUNKER_TOLERANCE_*_PCT, config.ts). */
export type ToleranceLimits = Config['bunkerTolerance'];

const emptyMeter = (): MeterTotals => ({
  readings: 0,
  volume: null,
  mass: null,
  volume15: null,
  resets: 0,
  averageDensity: null,
  averageTemperature: null,
});

/** §24: every number of a bunkering log's detail from its stored row, its adjustments and the meter's readings. */
export function computeDetail(
  log: StoredLog,
  adjustments: StoredAdjustment[],
  meter: MeterTotals,
  deviceId: string | null,
  limits: ToleranceLimits,
): BunkerDetail {
  const isIn = log.bklgType !== 'OUT';
  const sounding =
    log.bklgStartSounding === null || log.bklgEndSounding === null
      ? null
      : isIn
        ? log.bklgEndSounding - log.bklgStartSounding
        : log.bklgStartSounding - log.bklgEndSounding;
  // §24.1: the BUNKER_IN meter measures fuel coming aboard; an OUT log's base is its sounding difference
  const flowmeter = isIn ? meter.volume : null;
  const base = isIn ? flowmeter : sounding;
  const adj: Adjustment[] = adjustments.map((a) => ({
    id: a.bklaId,
    type: a.bklaType,
    amount: a.bklaAmount ?? Number.NaN, // not finite when stored: the results from it are not computable
    time: a.bklaCreatedTime ?? 0,
  }));
  // §32.2: stored values beyond their range may overflow the sums below; what is not finite is answered null
  const applied = applyAdjustments(base, adj);
  const flowmeter15 = isIn ? meter.volume15 : null;
  // §24.3 the adjustments' observed litres corrected with the log's own factor (a reset too)
  const applied15 = isIn ? finalAt15(flowmeter15, adj, correctionFactor(meter)) : null;
  const toTarget = discrepancy(applied.final, log.bklgTargetBunker);
  const toTarget15 = discrepancy(applied15, log.bklgTargetBunker);
  const basis = applied15 !== null ? '15C' : 'observed';
  const pct = basis === '15C' ? toTarget15.percentage : toTarget.percentage;
  return finiteOrNull({
    finalBunker: applied.final,
    targetBunker: log.bklgTargetBunker,
    totalBunkerFlowmeter: flowmeter,
    totalAdjustment: applied.totalAdjustment,
    totalBunkerSounding: sounding,
    discrepancyToTarget: toTarget,
    discrepancyToSounding: discrepancy(applied.final, sounding),
    flagReset: applied.flagReset,
    adjustmentCount: adjustments.length,
    flowmeter: { ...(isIn ? meter : emptyMeter()), deviceId },
    standard: { totalBunkerFlowmeter15: flowmeter15, finalBunker15: applied15, discrepancyToTarget15: toTarget15 },
    tolerance: { ...limits, basis, percentage: pct, band: toleranceBand(pct, limits) },
  });
}

/** Stored rows of the logs by id (epoch seconds). */
export async function storedLogs(db: Db, ids: number[]): Promise<StoredLog[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('bunker_log')
    .select([
      'bklgId',
      'bklgMassId',
      'bklgStartDatetime',
      'bklgEndDatetime',
      'bklgTargetBunker',
      'bklgType',
      'bklgStartSounding',
      'bklgEndSounding',
    ])
    .where('bklgId', 'in', ids)
    .execute();
  return rows.map((r) => ({
    bklgId: Number(r.bklgId),
    bklgMassId: Number(r.bklgMassId),
    bklgStartDatetime: Number(r.bklgStartDatetime),
    bklgEndDatetime: Number(r.bklgEndDatetime),
    bklgTargetBunker: num(r.bklgTargetBunker),
    bklgType: String(r.bklgType),
    bklgStartSounding: num(r.bklgStartSounding),
    bklgEndSounding: num(r.bklgEndSounding),
  }));
}

/** The adjustments of the logs, oldest first. */
export async function storedAdjustments(db: Db, logIds: number[]): Promise<StoredAdjustment[]> {
  if (!logIds.length) return [];
  const rows = await db
    .selectFrom('bunker_adjustment')
    .select([
      'bklaId',
      'bklaBklgId',
      'bklaType',
      'bklaAmount',
      'bklaReason',
      'bklaDesc',
      'bklaCreatedTime',
      'bklaCreatedUserId',
      'bklaUpdatedTime',
    ])
    .where('bklaBklgId', 'in', logIds)
    .orderBy('bklaCreatedTime')
    .orderBy('bklaId')
    .execute();
  return rows.map((r) => ({
    bklaId: Number(r.bklaId),
    bklaBklgId: Number(r.bklaBklgId),
    bklaType: Number(r.bklaType),
    bklaAmount: num(r.bklaAmount),
    bklaReason: String(r.bklaReason),
    bklaDesc: r.bklaDesc ?? null,
    bklaCreatedTime: num(r.bklaCreatedTime),
    bklaCreatedUserId: r.bklaCreatedUserId ?? null,
    bklaUpdatedTime: num(r.bklaUpdatedTime),
  }));
}

/** The details of several logs: one meter lookup per vessel, one readings query per log. */
export async function detailsOf(
  db: Db,
  logs: StoredLog[],
  limits: ToleranceLimits,
): Promise<Map<number, { detail: BunkerDetail; adjustments: StoredAdjustment[] }>> {
  const out = new Map<number, { detail: BunkerDetail; adjustments: StoredAdjustment[] }>();
  const adjustments = await storedAdjustments(
    db,
    logs.map((l) => l.bklgId),
  );
  const meters = new Map<number, Awaited<ReturnType<typeof bunkerMeter>>>();
  for (const log of logs) {
    if (!meters.has(log.bklgMassId)) meters.set(log.bklgMassId, await bunkerMeter(db, log.bklgMassId));
    const meter = meters.get(log.bklgMassId);
    const totals =
      meter && log.bklgType !== 'OUT'
        ? meterTotals(await meterReadings(db, meter.devcId, log.bklgStartDatetime, log.bklgEndDatetime))
        : emptyMeter();
    const own = adjustments.filter((a) => a.bklaBklgId === log.bklgId);
    out.set(log.bklgId, {
      detail: computeDetail(log, own, totals, meter?.devcUniqueId ?? null, limits),
      adjustments: own,
    });
  }
  return out;
}
