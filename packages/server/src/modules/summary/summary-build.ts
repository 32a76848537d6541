import type { Summary, SummaryGroup } from '@fleet/shared/answers/summary.ts';
import { type Co2Input, co2Tonnes } from '@fleet/shared/co2.ts';
import { isOnline } from '@fleet/shared/online.ts';
import { convert, DEFAULT_SAMPLE_INTERVAL, dataPercentage, mean, sumPresent } from './summary-domain.ts';
import type { MeanPoint, Stat, VesselPeriod } from './summary-period.ts';
import {
  AE_NAMES,
  type AeName,
  groupDevices,
  METER_LABELS,
  type MeterLabel,
  SIDES,
  type Side,
  type TemperatureLabel,
  type VesselDevice,
} from './summary-vessel.ts';

/**
 * The per-vessel summary of spec 002 §3.1 from a computed period. Pure. Group and field meanings:
 * docs/domain.md (sections named per block below) and docs/api.md "Summary API".
 */

/** mean of a data point in a record: `s:<point>` / `c:<point>` */
export const avgOf = (stat: Stat | undefined, point: MeanPoint) =>
  mean(stat?.[`s:${point}` as const], stat?.[`c:${point}` as const]);
const orNull = (v: number | undefined) => (v === undefined ? null : v);
const hours = convert.secondsToHours;

/** Asset facts every screen needs (§17–§20), whatever groups were asked for. */
export function assetFacts(p: VesselPeriod, groups: readonly SummaryGroup[]) {
  const { plan, start, end, now, lastGpsTs } = p.input;
  const anyData = (ids: number[]) => ids.some((id) => p.hasData(id));
  const ids = (g: SummaryGroup) => groupDevices(plan, g).map((d) => d.devcId);
  const empty = { rpm: !anyData(ids('rpm')), ae: !anyData(ids('ae')), flowmeter: !anyData(ids('flowmeter')) };
  const span = Math.max(0, Math.min(end, now) - start);
  const sensorPercentage = groups.flatMap((g) =>
    groupDevices(plan, g).map((d) => {
      const dp = p.devices.get(d.devcId);
      const interval = dp?.interval ?? DEFAULT_SAMPLE_INTERVAL;
      const present = dp?.total.n ?? 0;
      return {
        devcId: d.devcId,
        devcUniqueId: d.devcUniqueId,
        devcName: d.devcName,
        devcType: d.devcType,
        devcLabel: d.devcLabel,
        sampleInterval: interval,
        present,
        expected: Math.floor(span / interval),
        percentage: dataPercentage(present, span, interval),
      };
    }),
  );
  return {
    massId: plan.massId,
    massName: plan.massName,
    maintenance: plan.maintenanceFlag || (empty.rpm && empty.ae && empty.flowmeter),
    maintenanceFlag: plan.maintenanceFlag,
    empty,
    singleEngine: plan.singleEngine,
    hasFlowmeter: !!(plan.meters.PORT_IN || plan.meters.STARBOARD_IN),
    hasAeFlowmeter: !!plan.meters.AE_IN,
    ...p.dataRange(),
    lastGpsTime: lastGpsTs,
    dataStatus: (isOnline(lastGpsTs, now) ? 'online' : 'offline') as 'online' | 'offline',
    sensorPercentage,
  };
}

/** §7: distance over the time between the first and last fix, km/h. */
export function calculatedSpeed(p: VesselPeriod): number | null {
  const gps = p.plan.gps && p.devices.get(p.plan.gps.devcId);
  if (!gps || gps.firstTs === null || gps.lastTs === null || gps.lastTs <= gps.firstTs) return null;
  return convert.mToKm(gps.total.dist ?? 0) / hours(gps.lastTs - gps.firstTs);
}

/** Records of a device by bucket time, in time order (VesselPeriod keeps them so: no copy to sort). */
function bucketsOf(p: VesselPeriod, devcId: number | undefined): ReadonlyMap<number, Stat> {
  const d = devcId === undefined ? undefined : p.devices.get(devcId);
  return d ? d.buckets : NO_BUCKETS;
}
const NO_BUCKETS: ReadonlyMap<number, Stat> = new Map();

/** Bucket times where any of the devices has data. */
function timesOf(p: VesselPeriod, devices: (VesselDevice | undefined)[]): number[] {
  const set = new Set<number>();
  for (const d of devices) for (const ts of bucketsOf(p, d?.devcId).keys()) set.add(ts);
  return [...set].sort((a, b) => a - b);
}

function gpsGroup(p: VesselPeriod, details: boolean): NonNullable<Summary['gps']> {
  const dev = p.plan.gps;
  const t = p.stat(dev?.devcId) ?? {};
  const averageSpeed = p.averageSpeed();
  const distance = t.dist ?? 0;
  const pos = (lat: number | undefined, lon: number | undefined) =>
    lat === undefined || lon === undefined ? null : { latitude: lat, longitude: lon };
  const data: NonNullable<Summary['gps']>['data'] = {};
  if (details)
    for (const [ts, s] of bucketsOf(p, dev?.devcId))
      data[ts] = {
        timestamp: ts,
        latitude: orNull(s.lastLatitude),
        longitude: orNull(s.lastLongitude),
        speed: p.averageSpeed(ts),
        track: p.track(ts),
        distance: s.dist ?? 0,
      };
  return {
    data,
    summary: {
      averageSpeed,
      averageSpeedKnot: averageSpeed === null ? null : convert.kmhToKnots(averageSpeed),
      calculatedSpeed: calculatedSpeed(p),
      totalDistance: distance,
      distance,
      totalCruise: convert.mToNm(distance),
      firstPosition: pos(t.firstLatitude, t.firstLongitude),
      lastPosition: pos(t.lastLatitude, t.lastLongitude),
    },
  };
}

function rpmGroup(p: VesselPeriod, details: boolean): NonNullable<Summary['rpm']> {
  const data: NonNullable<Summary['rpm']>['data'] = { PORT: {}, STARBOARD: {} };
  const summary: NonNullable<Summary['rpm']>['summary'] = {
    PORT: null,
    STARBOARD: null,
    singleEngine: p.plan.singleEngine,
    totalRPM: null,
  };
  const averages: number[] = [];
  for (const side of SIDES) {
    const dev = p.plan.rpm[side];
    if (!dev) continue;
    const t = p.stat(dev.devcId) ?? {};
    const average = avgOf(t, 'rpm');
    if (average !== null) averages.push(average);
    summary[side] = {
      devcId: dev.devcId,
      average,
      runningTime: t.run ?? 0,
      runningHours: hours(t.run ?? 0),
      threshold: dev.threshold,
      sampleInterval: p.devices.get(dev.devcId)?.interval ?? DEFAULT_SAMPLE_INTERVAL,
    };
    if (details)
      for (const [ts, s] of bucketsOf(p, dev.devcId))
        data[side][ts] = { rpm: avgOf(s, 'rpm'), runningTime: s.run ?? 0, count: s.gt ?? 0 };
  }
  summary.totalRPM = averages.length ? averages.reduce((a, b) => a + b, 0) / averages.length : null;
  return { data, summary };
}

function meterPoint(s: Stat | undefined) {
  if (!s) return null;
  return {
    volumeFlowrate: avgOf(s, 'volumeFlowrate'),
    density: avgOf(s, 'density'),
    temperature: avgOf(s, 'temperature'),
    volumeInventory: orNull(s.lastTotal),
  };
}

/**
 * §23: the period's flows of fuel with the densities they are weighed by (the supply meters' measured means; the AE
 * fuel at the fuel type's standard density) — what CO₂ (co2Tonnes) and the fuel's mass (fuelTonnes, §39) are of.
 */
export function fuelFlows(p: VesselPeriod): Co2Input {
  const { meters } = p.plan;
  return {
    fuelType: p.plan.fuelType,
    flows: [
      { litres: p.sideFuel('PORT'), density: avgOf(p.stat(meters.PORT_IN?.devcId), 'density') },
      { litres: p.sideFuel('STARBOARD'), density: avgOf(p.stat(meters.STARBOARD_IN?.devcId), 'density') },
      { litres: p.aeFuel().total, density: null },
    ],
  };
}

function flowGroup(p: VesselPeriod, details: boolean): NonNullable<Summary['flowmeter']> {
  const { meters } = p.plan;
  const portIn = p.stat(meters.PORT_IN?.devcId);
  const stbIn = p.stat(meters.STARBOARD_IN?.devcId);
  const port = p.sideFuel('PORT');
  const stb = p.sideFuel('STARBOARD');
  const ae = p.aeFuel();
  const flowTime = (side: Side) => (meters[`${side}_IN`] ? (p.stat(meters[`${side}_IN`]?.devcId)?.flow ?? 0) : null);
  const perFlowHour = (fuel: number | null, seconds: number | null) =>
    fuel !== null && seconds ? fuel / hours(seconds) : null;
  const data: NonNullable<Summary['flowmeter']>['data'] = {};
  if (details)
    for (const ts of timesOf(p, [...Object.values(meters), ...Object.values(p.plan.ae)])) {
      const portFuel = p.sideFuel('PORT', ts);
      const stbFuel = p.sideFuel('STARBOARD', ts);
      data[ts] = {
        portFuelCons: portFuel,
        stbFuelCons: stbFuel,
        meFuelCons: p.mainEngineFuel(ts),
        aeFuelCons: p.aeFuel(ts).total,
        totalFuelCons: p.totalFuel(ts),
        PORT_IN: meterPoint(p.stat(meters.PORT_IN?.devcId, ts)),
        STARBOARD_IN: meterPoint(p.stat(meters.STARBOARD_IN?.devcId, ts)),
      };
    }
  return {
    data,
    summary: {
      portAverageFlow: avgOf(portIn, 'volumeFlowrate'),
      starboardAverageFlow: avgOf(stbIn, 'volumeFlowrate'),
      portEngineCons: port,
      starboardEngineCons: stb,
      stbEngineCons: stb,
      meEngineCons: p.mainEngineFuel(),
      aeEngineCons: ae.total,
      totalFuelCons: sumPresent(port, stb, ae.total),
      AE_IN: ae.aeIn,
      AE_OUT: ae.aeOut,
      meterVolume: Object.fromEntries(METER_LABELS.map((label) => [label, p.meterLitres(label)])) as Record<
        MeterLabel,
        number | null
      >,
      portTotalAverageFlow: perFlowHour(port, flowTime('PORT')),
      starboardTotalAverageFlow: perFlowHour(stb, flowTime('STARBOARD')),
      PORT_IN_flowTime: flowTime('PORT'),
      STARBOARD_IN_flowTime: flowTime('STARBOARD'),
      PORT_IN_averageDens: avgOf(portIn, 'density'),
      STARBOARD_IN_averageDens: avgOf(stbIn, 'density'),
      PORT_IN_averageTemp: avgOf(portIn, 'temperature'),
      STARBOARD_IN_averageTemp: avgOf(stbIn, 'temperature'),
      portEngineCons15: p.sideFuel('PORT', undefined, 'L15'),
      starboardEngineCons15: p.sideFuel('STARBOARD', undefined, 'L15'),
      meEngineCons15: p.mainEngineFuel(undefined, 'L15'),
      aeEngineCons15: p.aeMeteredFuel('L15'),
      portEngineConsKg: p.sideFuel('PORT', undefined, 'kg'),
      starboardEngineConsKg: p.sideFuel('STARBOARD', undefined, 'kg'),
      meEngineConsKg: p.mainEngineFuel(undefined, 'kg'),
      aeEngineConsKg: p.aeMeteredFuel('kg'),
      co2Emitted: co2Tonnes(fuelFlows(p)),
    },
  };
}

/**
 * §10, §13 for one AE and one bucket (or the period). In a bucket an AE without a sample (or time credited to it,
 * or litres apportioned to it) has no figures: null; in the period every AE device has its row.
 */
export function aePoint(p: VesselPeriod, name: AeName, ts?: number) {
  const dev = p.plan.ae[name];
  if (!dev) return null;
  const s = p.stat(dev.devcId, ts);
  const litres = p.aeFuel(ts).perAe[name];
  if (ts !== undefined && !s && !litres) return null;
  const run = s?.run ?? 0;
  return { fuelConsumption: litres ?? 0, runningSeconds: run, runningTime: hours(run) };
}

function aeGroup(p: VesselPeriod, details: boolean): NonNullable<Summary['ae']> {
  const fuel = p.aeFuel();
  const engine = (name: AeName) => {
    const dev = p.plan.ae[name];
    const point = aePoint(p, name);
    return dev && point ? { devcId: dev.devcId, ...point, rate: dev.rate } : null;
  };
  const data: NonNullable<Summary['ae']>['data'] = {};
  if (details)
    for (const ts of timesOf(p, [...Object.values(p.plan.ae), p.plan.meters.AE_IN, p.plan.meters.AE_OUT]))
      data[ts] = { AE1: aePoint(p, 'AE1', ts), AE2: aePoint(p, 'AE2', ts), AE3: aePoint(p, 'AE3', ts) };
  return {
    AE1: engine('AE1'),
    AE2: engine('AE2'),
    AE3: engine('AE3'),
    totalFuelConsumption: fuel.total,
    metered: fuel.metered,
    data,
  };
}

function temperatureLabel(p: VesselPeriod, label: TemperatureLabel, details: boolean) {
  type Point = { timestamp: number; temperature: number };
  const series: Record<Side, Point[]> = { PORT: [], STARBOARD: [] };
  const average = { PORT: null as number | null, STARBOARD: null as number | null };
  let sum = 0;
  let count = 0;
  for (const side of SIDES) {
    const dev = p.plan.temperatures[label][side];
    if (!dev) continue;
    const t = p.stat(dev.devcId);
    average[side] = avgOf(t, 'temperature');
    sum += t?.['s:temperature'] ?? 0;
    count += t?.['c:temperature'] ?? 0;
    if (details)
      for (const [ts, s] of bucketsOf(p, dev.devcId)) {
        const v = avgOf(s, 'temperature');
        if (v !== null) series[side].push({ timestamp: ts, temperature: v });
      }
  }
  const avg = mean(sum, count);
  return { ...series, additional: { AVG_dltmTemp_2: avg }, avg, average };
}

/** spec 002 §3.1 "Per-period series record", one per bucket with data. */
function detailRecords(p: VesselPeriod): NonNullable<Summary['details']> {
  const { gps, rpm, meters } = p.plan;
  const fm = (s: Stat | undefined) =>
    s
      ? {
          temperature: avgOf(s, 'temperature'),
          density: avgOf(s, 'density'),
          volumeFlowrate: avgOf(s, 'volumeFlowrate'),
          additional: { FIRST_dlfmVolInventory_0: orNull(s.firstTotal), LAST_dlfmVolInventory_1: orNull(s.lastTotal) },
        }
      : null;
  const rp = (side: Side, ts: number) => {
    const s = p.stat(rpm[side]?.devcId, ts);
    return s ? { rpm: avgOf(s, 'rpm'), runningTime: s.run ?? 0, additional: { COUNTGT_dlrpRpm_1: s.gt ?? 0 } } : null;
  };
  return p.bucketTimes.map((ts) => {
    const g = p.stat(gps?.devcId, ts);
    const portIn = p.stat(meters.PORT_IN?.devcId, ts);
    const stbIn = p.stat(meters.STARBOARD_IN?.devcId, ts);
    return {
      timestamp: ts,
      gpsData: g
        ? {
            latitude: orNull(g.lastLatitude),
            longitude: orNull(g.lastLongitude),
            track: p.track(ts),
            speed: p.averageSpeed(ts),
            additional: {
              LAST_dlgpLatitude_4: orNull(g.lastLatitude),
              LAST_dlgpLongitude_5: orNull(g.lastLongitude),
              SUM_dlgpDistance_3: g.dist ?? 0,
            },
          }
        : null,
      rpmData: { PORT: rp('PORT', ts), STARBOARD: rp('STARBOARD', ts) },
      fmData: {
        PORT_IN: fm(portIn),
        STARBOARD_IN: fm(stbIn),
        PORT_InFlow: p.sideFuel('PORT', ts),
        STARBOARD_InFlow: p.sideFuel('STARBOARD', ts),
        PORT_InDens: avgOf(portIn, 'density'),
        STARBOARD_InDens: avgOf(stbIn, 'density'),
      },
      aeData: Object.fromEntries(AE_NAMES.map((n) => [n, aePoint(p, n, ts)])) as Record<
        AeName,
        ReturnType<typeof aePoint>
      >,
    };
  });
}

export function buildSummary(
  p: VesselPeriod,
  /** records: with showDetails, the per-period records too (default); false: the per-bucket `data` maps only */
  opts: { groups: readonly SummaryGroup[]; showDetails: boolean; records?: boolean },
): Summary {
  const { start, end, unit, tz } = p.input;
  const want = (g: SummaryGroup) => opts.groups.includes(g);
  const d = opts.showDetails;
  return {
    ...assetFacts(p, opts.groups),
    start,
    end,
    aggregatedUnit: unit,
    timezone: tz,
    gps: want('gps') ? gpsGroup(p, d) : undefined,
    rpm: want('rpm') ? rpmGroup(p, d) : undefined,
    flowmeter: want('flowmeter') ? flowGroup(p, d) : undefined,
    ae: want('ae') ? aeGroup(p, d) : undefined,
    temperature: want('temperature')
      ? {
          EXHAUST_TEMPERATURE: temperatureLabel(p, 'EXHAUST_TEMPERATURE', d),
          TEMPERATURE: temperatureLabel(p, 'TEMPERATURE', d),
        }
      : undefined,
    details: d && opts.records !== false ? detailRecords(p) : undefined,
  };
}
