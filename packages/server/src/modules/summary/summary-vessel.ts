import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import type { Co2Input } from '@fleet/shared/co2.ts';
import type { Db } from '../../db/database.ts';
import { DEFAULT_AE_RATE, DEFAULT_RPM_MIN } from './summary-domain.ts';

/**
 * Which device plays which part on a vessel (docs/domain.md §2), with the per-device constants from
 * Config RPM and Config AE (§9, §13). Built once per request, then every computation reads it.
 */
export const SIDES = ['PORT', 'STARBOARD'] as const;
export type Side = (typeof SIDES)[number];
export const AE_NAMES = ['AE1', 'AE2', 'AE3'] as const;
export type AeName = (typeof AE_NAMES)[number];
export const METER_LABELS = ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'] as const;
export type MeterLabel = (typeof METER_LABELS)[number];
export const TEMPERATURE_LABELS = ['EXHAUST_TEMPERATURE', 'TEMPERATURE'] as const;
export type TemperatureLabel = (typeof TEMPERATURE_LABELS)[number];

export interface VesselDevice {
  devcId: number;
  devcUniqueId: string;
  devcType: string;
  devcLabel: string | null;
  devcName: string;
}
export interface RpmDevice extends VesselDevice {
  /** Config RPM mcrpMinValue, else DEFAULT_RPM_MIN */
  threshold: number;
}
export interface AeDevice extends VesselDevice {
  /** Config AE mcaeConsumptRateByTime (L/h), else DEFAULT_AE_RATE */
  rate: number;
}

/** The asset's fuel type: its CO₂ factor and standard density (docs/domain.md §23). */
export type FuelType = NonNullable<Co2Input['fuelType']>;

export interface VesselPlan {
  massId: number;
  massName: string;
  /** the asset's own maintenance flag (massMaintenance) */
  maintenanceFlag: boolean;
  /** null without a fuel type */
  fuelType: FuelType | null;
  gps: VesselDevice | null;
  rpm: Partial<Record<Side, RpmDevice>>;
  /** Config RPM says single engine, or there is one RPM device (§17) */
  singleEngine: boolean;
  ae: Partial<Record<AeName, AeDevice>>;
  meters: Partial<Record<MeterLabel, VesselDevice>>;
  temperatures: Record<TemperatureLabel, Partial<Record<Side, VesselDevice>>>;
  /** every active device of the vessel that takes part, for data percentages */
  devices: VesselDevice[];
}

export interface ConfigRpmRow {
  mcrpDevcId: number;
  mcrpType: string | null;
  mcrpMinValue: number | null;
  mcrpIsSingleEngine: number | null;
}
export interface ConfigAeRow {
  mcaeDevcId: number;
  mcaeNo: number | null;
  mcaeConsumptRateByTime: number | null;
}

const norm = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();
const asSide = (v: string | null | undefined): Side | undefined => {
  const s = norm(v);
  if (s === 'PORT') return 'PORT';
  if (s === 'STARBOARD' || s === 'STBD' || s === 'STB') return 'STARBOARD';
  return undefined;
};
/** Temperatures carry their side in the unique id's last dash segment: 1 port, 3 starboard (spec 002 §3.1). */
export const sideOfUniqueId = (uniqueId: string): Side | undefined => {
  const last = uniqueId.split('-').pop();
  return last === '1' ? 'PORT' : last === '3' ? 'STARBOARD' : undefined;
};
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** domain.md §2: device roles from types, labels and the configuration rows. Devices in id order. */
export function planVessel(
  asset: { massId: number; massName: string; massMaintenance: number | null; fuelType?: FuelType | null },
  devices: VesselDevice[],
  configRpm: ConfigRpmRow[],
  configAe: ConfigAeRow[],
): VesselPlan {
  const plan: VesselPlan = {
    massId: asset.massId,
    massName: asset.massName,
    maintenanceFlag: Number(asset.massMaintenance) === 1,
    fuelType: asset.fuelType ?? null,
    gps: null,
    rpm: {},
    singleEngine: false,
    ae: {},
    meters: {},
    temperatures: { EXHAUST_TEMPERATURE: {}, TEMPERATURE: {} },
    devices: [],
  };
  const sorted = [...devices].sort((a, b) => a.devcId - b.devcId);
  const rpmConfig = new Map(configRpm.map((c) => [Number(c.mcrpDevcId), c]));
  const aeConfig = new Map(configAe.map((c) => [Number(c.mcaeDevcId), c]));
  const rpmDevices = sorted.filter((d) => norm(d.devcType) === 'RPM');
  for (const d of sorted) {
    const type = norm(d.devcType);
    const label = norm(d.devcLabel);
    let used = true;
    if (type === 'GPS') {
      if (!plan.gps) plan.gps = d;
    } else if (type === 'RPM') {
      const cfg = rpmConfig.get(d.devcId);
      // a lone engine without a side is the main engine; report it as PORT
      const side = asSide(cfg?.mcrpType) ?? asSide(label) ?? (rpmDevices.length === 1 ? 'PORT' : undefined);
      if (side && !plan.rpm[side])
        plan.rpm[side] = { ...d, threshold: finite(cfg?.mcrpMinValue) ? cfg.mcrpMinValue : DEFAULT_RPM_MIN };
      else used = false;
      if (Number(cfg?.mcrpIsSingleEngine) === 1) plan.singleEngine = true;
    } else if (type === 'AE') {
      const cfg = aeConfig.get(d.devcId);
      const no = finite(cfg?.mcaeNo) ? cfg.mcaeNo : Number(/^AE\s*([123])$/.exec(label)?.[1]);
      const name = `AE${no}` as AeName;
      if (AE_NAMES.includes(name) && !plan.ae[name])
        plan.ae[name] = {
          ...d,
          rate: finite(cfg?.mcaeConsumptRateByTime) ? cfg.mcaeConsumptRateByTime : DEFAULT_AE_RATE,
        };
      else used = false;
    } else if (type === 'FLOWMETER') {
      if ((METER_LABELS as readonly string[]).includes(label) && !plan.meters[label as MeterLabel])
        plan.meters[label as MeterLabel] = d;
      else used = false;
    } else if (type === 'TEMPERATURE') {
      const side = sideOfUniqueId(d.devcUniqueId);
      const group = plan.temperatures[label as TemperatureLabel];
      if (group && side && !group[side]) group[side] = d;
      else used = false;
    } else used = false;
    if (used) plan.devices.push(d);
  }
  if (rpmDevices.length === 1) plan.singleEngine = true;
  return plan;
}

/** The devices of a sensor group (its data percentages, empty flags and records). */
export function groupDevices(plan: VesselPlan, group: SummaryGroup): VesselDevice[] {
  switch (group) {
    case 'gps':
      return plan.gps ? [plan.gps] : [];
    case 'rpm':
      return Object.values(plan.rpm);
    case 'ae':
      return Object.values(plan.ae);
    case 'flowmeter':
      return Object.values(plan.meters);
    case 'temperature':
      return TEMPERATURE_LABELS.flatMap((l) => Object.values(plan.temperatures[l]));
  }
}

/** Loads the asset, its fuel type, its active devices and their configuration; null when the asset does not exist. */
export async function loadVesselPlan(db: Db, massId: number): Promise<VesselPlan | null> {
  const asset = await db
    .selectFrom('asset')
    .leftJoin('fuel_type', 'fuel_type.mftyId', 'asset.massMftyId')
    .select(['massId', 'massName', 'massMaintenance', 'fuel_type.mftyId', 'mftyCo2Factor', 'mftyDensity'])
    .where('massId', '=', massId)
    .executeTakeFirst();
  if (!asset) return null;
  const devices: VesselDevice[] = (
    await db
      .selectFrom('device')
      .select(['devcId', 'devcUniqueId', 'devcType', 'devcLabel', 'devcName'])
      .where('devcMassId', '=', massId)
      .where('devcStatus', '=', '1')
      .execute()
  ).map((d) => ({ ...d, devcId: Number(d.devcId) }));
  const ids = devices.map((d) => d.devcId);
  const configRpm: ConfigRpmRow[] = ids.length
    ? await db
        .selectFrom('config_rpm')
        .select(['mcrpDevcId', 'mcrpType', 'mcrpMinValue', 'mcrpIsSingleEngine'])
        .where('mcrpDevcId', 'in', ids)
        .orderBy('mcrpId')
        .execute()
    : [];
  const configAe: ConfigAeRow[] = ids.length
    ? await db
        .selectFrom('config_ae')
        .select(['mcaeDevcId', 'mcaeNo', 'mcaeConsumptRateByTime'])
        .where('mcaeDevcId', 'in', ids)
        .orderBy('mcaeId')
        .execute()
    : [];
  // the first configuration row of a device wins
  const firstBy = <T, K>(rows: T[], key: (r: T) => K) => {
    const seen = new Set<K>();
    return rows.filter((r) => !seen.has(key(r)) && seen.add(key(r)));
  };
  const n = (v: unknown) => (v == null ? null : Number(v));
  const fuelType =
    asset.mftyId == null ? null : { mftyCo2Factor: n(asset.mftyCo2Factor), mftyDensity: n(asset.mftyDensity) };
  return planVessel(
    { massId: Number(asset.massId), massName: asset.massName, massMaintenance: asset.massMaintenance, fuelType },
    devices,
    firstBy(configRpm, (r) => Number(r.mcrpDevcId)),
    firstBy(configAe, (r) => Number(r.mcaeDevcId)),
  );
}
