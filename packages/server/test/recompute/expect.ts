import {
  type Acc,
  AE_NAMES,
  type AeName,
  accOf,
  type DevModel,
  hasFigures,
  KMH_TO_KNOTS,
  meanOf,
  type PeriodModel,
  SIDES,
  type Side,
} from './model.ts';

/**
 * The answers docs/api.md describes, with the numbers docs/domain.md defines, built from the recomputation
 * (model.ts). Only fields whose numbers the domain defines are here; the checker compares these leaves.
 */

export type Num = number | null;
const sumPresent = (...xs: Num[]): Num =>
  xs.some((x) => x !== null) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null;

/** §7: distance ÷ moving time (km/h); 0 with fixes but no moving time; null without fixes */
export function speedOf(a: Acc | undefined): Num {
  if (!a) return null;
  if (a.on > 0) return a.dist / 1000 / (a.on / 3600);
  return a.n > 0 ? 0 : null;
}

/** §7: circular mean of the fixes' tracks; null without one or when they cancel (mean resultant length < 1e-6) */
export function trackOf(a: Acc | undefined): Num {
  if (!a || a.tracks === 0) return null;
  if (Math.hypot(a.sin, a.cos) / a.tracks < 1e-6) return null;
  const deg = (Math.atan2(a.sin, a.cos) * 180) / Math.PI;
  // 0 ≤ θ < 360: a direction a hair west of north (−1e-15°) is 0, not 360 − 1e-15 = 360 in floating point
  const d = deg < 0 ? deg + 360 : deg;
  return d >= 360 ? 0 : d;
}

type Basis = 'L' | 'L15' | 'kg';

/** §11: a meter's litres (or at 15 °C, or kg) in a bucket or the period; null when that basis is unknown there */
function delta(p: PeriodModel, label: string, ts: number | undefined, basis: Basis): Num {
  const d = p.v.meters[label];
  if (!d) return null;
  const a = accOf(p, d, ts);
  if (basis === 'L') return a?.d ?? 0;
  if (basis === 'L15') return a && a.unc > 0 ? null : (a?.d15 ?? 0);
  // kg: null when the meter has no mass reading in the period
  return (accOf(p, d)?.massReadings ?? 0) === 0 ? null : (a?.dm ?? 0);
}

/** §11: a side's fuel: supply − return (return 0 without an OUT meter); null without a supply meter */
export function sideFuel(p: PeriodModel, side: Side | 'AE', ts?: number, basis: Basis = 'L'): Num {
  if (!p.v.meters[`${side}_IN`]) return null;
  const supply = delta(p, `${side}_IN`, ts, basis);
  const ret = p.v.meters[`${side}_OUT`] ? delta(p, `${side}_OUT`, ts, basis) : 0;
  if (supply === null || ret === null) return null;
  const net = supply - ret;
  return ts === undefined ? Math.max(0, net) : net;
}

/** §12 */
export function mainEngine(p: PeriodModel, ts?: number, basis: Basis = 'L'): Num {
  const sides = SIDES.filter((s) => p.v.meters[`${s}_IN`]).map((s) => sideFuel(p, s, ts, basis));
  if (basis !== 'L' && sides.some((x) => x === null)) return null;
  return sumPresent(...sides);
}

export interface AeFuel {
  total: Num;
  perAe: Partial<Record<AeName, number>>;
  aeIn: Num;
  aeOut: Num;
}

/** §13 */
export function aeFuel(p: PeriodModel, ts?: number): AeFuel {
  const names = AE_NAMES.filter((n) => p.v.ae[n]);
  const perAe: Partial<Record<AeName, number>> = {};
  const aeInDev = p.v.meters.AE_IN;
  if (!aeInDev) {
    for (const n of names) {
      const d = p.v.ae[n] as DevModel;
      perAe[n] = ((accOf(p, d, ts)?.on ?? 0) / 3600) * (d.rate as number);
    }
    return {
      total: names.length ? names.reduce((a, n) => a + (perAe[n] ?? 0), 0) : null,
      perAe,
      aeIn: null,
      aeOut: null,
    };
  }
  const aeOutDev = p.v.meters.AE_OUT;
  const aeIn = accOf(p, aeInDev, ts)?.d ?? 0;
  const aeOut = aeOutDev ? (accOf(p, aeOutDev, ts)?.d ?? 0) : null;
  const m = aeIn - (aeOut ?? 0);
  for (const n of names) {
    const v = (accOf(p, aeInDev, ts)?.aeFuel[n] ?? 0) + (aeOutDev ? (accOf(p, aeOutDev, ts)?.aeFuel[n] ?? 0) : 0);
    perAe[n] = ts === undefined && m < 0 ? 0 : v;
  }
  return { total: ts === undefined ? Math.max(0, m) : m, perAe, aeIn, aeOut };
}

const pos = (r: { data: Record<string, number> } | undefined) =>
  r ? { latitude: r.data.latitude, longitude: r.data.longitude } : null;

export function gpsSummary(p: PeriodModel) {
  const t = accOf(p, p.v.gps);
  const dist = t?.dist ?? 0;
  const avg = speedOf(t);
  const first = t?.firstFix;
  const last = t?.lastFix;
  const calculated =
    t && t.n >= 2 && first && last && last.ts > first.ts ? dist / 1000 / ((last.ts - first.ts) / 3600) : null;
  return {
    averageSpeed: avg,
    averageSpeedKnot: avg === null ? null : avg * KMH_TO_KNOTS,
    calculatedSpeed: calculated,
    totalDistance: dist,
    distance: dist,
    totalCruise: dist / 1852,
    firstPosition: pos(first),
    lastPosition: pos(last),
  };
}

export function gpsPoint(p: PeriodModel, ts: number) {
  const a = accOf(p, p.v.gps, ts);
  return {
    timestamp: ts,
    latitude: a?.lastFix?.data.latitude ?? null,
    longitude: a?.lastFix?.data.longitude ?? null,
    speed: speedOf(a),
    track: trackOf(a),
    distance: a?.dist ?? 0,
  };
}

export function rpmSummary(p: PeriodModel) {
  const out: Record<string, unknown> = {};
  const averages: number[] = [];
  for (const side of SIDES) {
    const d = p.v.rpm[side];
    if (!d) {
      out[side] = null;
      continue;
    }
    const t = accOf(p, d);
    const average = meanOf(t, 'rpm');
    if (average !== null) averages.push(average);
    out[side] = {
      devcId: d.spec.devcId,
      average,
      runningTime: t?.on ?? 0,
      runningHours: (t?.on ?? 0) / 3600,
      threshold: d.threshold,
    };
  }
  out.singleEngine = false;
  out.totalRPM = averages.length ? averages.reduce((a, b) => a + b, 0) / averages.length : null;
  return out;
}

export const rpmPoint = (p: PeriodModel, side: Side, ts: number) => {
  const a = accOf(p, p.v.rpm[side], ts);
  return { rpm: meanOf(a, 'rpm'), runningTime: a?.on ?? 0, count: a?.gt ?? 0 };
};

function meterPoint(p: PeriodModel, label: string, ts: number) {
  const d = p.v.meters[label];
  const a = accOf(p, d, ts);
  if (!d || !hasFigures(d, a)) return null;
  return {
    volumeFlowrate: meanOf(a, 'volumeFlowrate'),
    density: meanOf(a, 'density'),
    temperature: meanOf(a, 'temperature'),
    volumeInventory: a?.lastTot ?? null,
  };
}

function co2(p: PeriodModel, port: Num, stb: Num, ae: Num, portDens: Num, stbDens: Num): Num {
  const f = p.v.spec.fuelType;
  if (!f) return null;
  const flows: [Num, Num][] = [
    [port, portDens ?? f.density],
    [stb, stbDens ?? f.density],
    [ae, f.density],
  ];
  let t = 0;
  for (const [l, rho] of flows) if (l !== null && rho !== null) t += (l * rho) / 1e6;
  return t * f.co2;
}

export function flowSummary(p: PeriodModel) {
  const m = p.v.meters;
  const portIn = accOf(p, m.PORT_IN);
  const stbIn = accOf(p, m.STARBOARD_IN);
  const port = sideFuel(p, 'PORT');
  const stb = sideFuel(p, 'STARBOARD');
  const ae = aeFuel(p);
  const flowTime = (side: Side) => (m[`${side}_IN`] ? (accOf(p, m[`${side}_IN`])?.on ?? 0) : null);
  const perHour = (fuel: Num, secs: Num) => (fuel !== null && secs ? fuel / (secs / 3600) : null);
  const metered = !!m.AE_IN;
  return {
    portAverageFlow: meanOf(portIn, 'volumeFlowrate'),
    starboardAverageFlow: meanOf(stbIn, 'volumeFlowrate'),
    portEngineCons: port,
    starboardEngineCons: stb,
    stbEngineCons: stb,
    meEngineCons: mainEngine(p),
    aeEngineCons: ae.total,
    totalFuelCons: sumPresent(port, stb, ae.total),
    AE_IN: ae.aeIn,
    AE_OUT: ae.aeOut,
    portTotalAverageFlow: perHour(port, flowTime('PORT')),
    starboardTotalAverageFlow: perHour(stb, flowTime('STARBOARD')),
    PORT_IN_flowTime: flowTime('PORT'),
    STARBOARD_IN_flowTime: flowTime('STARBOARD'),
    PORT_IN_averageDens: meanOf(portIn, 'density'),
    STARBOARD_IN_averageDens: meanOf(stbIn, 'density'),
    PORT_IN_averageTemp: meanOf(portIn, 'temperature'),
    STARBOARD_IN_averageTemp: meanOf(stbIn, 'temperature'),
    portEngineCons15: sideFuel(p, 'PORT', undefined, 'L15'),
    starboardEngineCons15: sideFuel(p, 'STARBOARD', undefined, 'L15'),
    meEngineCons15: mainEngine(p, undefined, 'L15'),
    aeEngineCons15: metered ? sideFuel(p, 'AE', undefined, 'L15') : null,
    portEngineConsKg: sideFuel(p, 'PORT', undefined, 'kg'),
    starboardEngineConsKg: sideFuel(p, 'STARBOARD', undefined, 'kg'),
    meEngineConsKg: mainEngine(p, undefined, 'kg'),
    aeEngineConsKg: metered ? sideFuel(p, 'AE', undefined, 'kg') : null,
    co2Emitted: co2(p, port, stb, ae.total, meanOf(portIn, 'density'), meanOf(stbIn, 'density')),
  };
}

export function flowPoint(p: PeriodModel, ts: number) {
  const port = sideFuel(p, 'PORT', ts);
  const stb = sideFuel(p, 'STARBOARD', ts);
  const ae = aeFuel(p, ts).total;
  return {
    portFuelCons: port,
    stbFuelCons: stb,
    meFuelCons: mainEngine(p, ts),
    aeFuelCons: ae,
    totalFuelCons: sumPresent(port, stb, ae),
    PORT_IN: meterPoint(p, 'PORT_IN', ts),
    STARBOARD_IN: meterPoint(p, 'STARBOARD_IN', ts),
  };
}

/** §10: an AE's figures in a bucket, null without a sample of it there */
export function aePoint(p: PeriodModel, name: AeName, ts: number) {
  const d = p.v.ae[name];
  const a = accOf(p, d, ts);
  if (!d || !a || a.n === 0) return null;
  return { fuelConsumption: aeFuel(p, ts).perAe[name] ?? 0, runningSeconds: a.on, runningTime: a.on / 3600 };
}

export function aeSummary(p: PeriodModel) {
  const fuel = aeFuel(p);
  const out: Record<string, unknown> = {};
  for (const n of AE_NAMES) {
    const d = p.v.ae[n];
    const t = accOf(p, d);
    out[n] = d
      ? {
          devcId: d.spec.devcId,
          fuelConsumption: fuel.perAe[n] ?? 0,
          runningSeconds: t?.on ?? 0,
          runningTime: (t?.on ?? 0) / 3600,
          rate: d.rate,
        }
      : null;
  }
  out.totalFuelConsumption = fuel.total;
  out.metered = !!p.v.meters.AE_IN;
  return out;
}

export function temperatureLabel(p: PeriodModel, label: 'EXHAUST_TEMPERATURE' | 'TEMPERATURE', details: boolean) {
  let s = 0;
  let c = 0;
  const series: Record<Side, { timestamp: number; temperature: number }[]> = { PORT: [], STARBOARD: [] };
  const average: Record<Side, Num> = { PORT: null, STARBOARD: null };
  for (const side of SIDES) {
    const d = p.v.temps[label][side];
    if (!d) continue;
    const t = accOf(p, d);
    average[side] = meanOf(t, 'temperature');
    s += t?.sums.temperature?.[0] ?? 0;
    c += t?.sums.temperature?.[1] ?? 0;
    if (details)
      for (const ts of p.allBuckets) {
        const v = meanOf(accOf(p, d, ts), 'temperature');
        if (v !== null) series[side].push({ timestamp: ts, temperature: v });
      }
  }
  const avg = c > 0 ? s / c : null;
  return { ...series, additional: { AVG_dltmTemp_2: avg }, avg, average };
}

export function detailRecord(p: PeriodModel, ts: number) {
  const g = accOf(p, p.v.gps, ts);
  const gp = gpsPoint(p, ts);
  const rp = (side: Side) => {
    const d = p.v.rpm[side];
    const a = accOf(p, d, ts);
    if (!d || !hasFigures(d, a)) return null;
    return { rpm: meanOf(a, 'rpm'), runningTime: a?.on ?? 0, additional: { COUNTGT_dlrpRpm_1: a?.gt ?? 0 } };
  };
  const fm = (label: string) => {
    const d = p.v.meters[label];
    const a = accOf(p, d, ts);
    if (!d || !hasFigures(d, a)) return null;
    return {
      temperature: meanOf(a, 'temperature'),
      density: meanOf(a, 'density'),
      volumeFlowrate: meanOf(a, 'volumeFlowrate'),
      additional: { FIRST_dlfmVolInventory_0: a?.firstTot ?? null, LAST_dlfmVolInventory_1: a?.lastTot ?? null },
    };
  };
  return {
    timestamp: ts,
    gpsData:
      p.v.gps && hasFigures(p.v.gps, g)
        ? {
            latitude: gp.latitude,
            longitude: gp.longitude,
            track: gp.track,
            speed: gp.speed,
            additional: {
              LAST_dlgpLatitude_4: gp.latitude,
              LAST_dlgpLongitude_5: gp.longitude,
              SUM_dlgpDistance_3: gp.distance,
            },
          }
        : null,
    rpmData: { PORT: rp('PORT'), STARBOARD: rp('STARBOARD') },
    fmData: {
      PORT_IN: fm('PORT_IN'),
      STARBOARD_IN: fm('STARBOARD_IN'),
      PORT_InFlow: sideFuel(p, 'PORT', ts),
      STARBOARD_InFlow: sideFuel(p, 'STARBOARD', ts),
      PORT_InDens: meanOf(accOf(p, p.v.meters.PORT_IN, ts), 'density'),
      STARBOARD_InDens: meanOf(accOf(p, p.v.meters.STARBOARD_IN, ts), 'density'),
    },
    aeData: Object.fromEntries(AE_NAMES.map((n) => [n, aePoint(p, n, ts)])),
  };
}

/** Buckets where any of the devices has figures (a reading, or credited time or distance). */
export function bucketsWith(p: PeriodModel, devices: (DevModel | undefined)[]): number[] {
  return p.allBuckets.filter((ts) => devices.some((d) => d && hasFigures(d, accOf(p, d, ts))));
}
/** Buckets where any of the AEs has a sample (§10). */
export function aeBuckets(p: PeriodModel): number[] {
  return p.allBuckets.filter((ts) => AE_NAMES.some((n) => (accOf(p, p.v.ae[n], ts)?.n ?? 0) > 0));
}

// ---------- combined data ----------
export function combinedRecord(p: PeriodModel, ts: number) {
  const v = p.v;
  const rec: Record<string, unknown> = {};
  const g = accOf(p, v.gps, ts);
  if (v.gps && hasFigures(v.gps, g)) {
    const gp = gpsPoint(p, ts);
    rec.gps = {
      latitude: gp.latitude,
      longitude: gp.longitude,
      firstLatitude: g?.firstFix?.data.latitude ?? null,
      firstLongitude: g?.firstFix?.data.longitude ?? null,
      timestamp: ts,
      speed: gp.speed,
      track: gp.track,
      polyLength: gp.distance,
    };
  }
  const rpmDevs = SIDES.map((s) => v.rpm[s]);
  if (rpmDevs.some((d) => d && hasFigures(d, accOf(p, d, ts)))) {
    const sides: Record<string, { rpm: Num; runningTime: number } | null> = {};
    for (const side of SIDES) {
      const d = v.rpm[side];
      const a = accOf(p, d, ts);
      sides[side] = d && hasFigures(d, a) ? { rpm: meanOf(a, 'rpm'), runningTime: a?.on ?? 0 } : null;
    }
    const present = SIDES.map((s) => sides[s]).filter((x) => x !== null);
    const rpms = present.map((x) => x.rpm).filter((x): x is number => x !== null);
    rec.rpm = {
      ...sides,
      MAINENGINE: {
        rpm: rpms.length ? rpms.reduce((a, b) => a + b, 0) / rpms.length : null,
        runningTime: Math.max(...present.map((x) => x.runningTime)),
      },
    };
  }
  const meters = Object.values(v.meters);
  if (meters.some((d) => d && hasFigures(d, accOf(p, d, ts)))) {
    const f = flowPoint(p, ts);
    rec.flowmeter = {
      portFuelCons: f.portFuelCons,
      stbFuelCons: f.stbFuelCons,
      meFuelCons: f.meFuelCons,
      aeFuelCons: f.aeFuelCons,
      PORT_IN: f.PORT_IN,
      STARBOARD_IN: f.STARBOARD_IN,
    };
  }
  if (AE_NAMES.some((n) => (accOf(p, v.ae[n], ts)?.n ?? 0) > 0)) {
    const fuel = aeFuel(p, ts);
    rec.ae = Object.fromEntries(
      AE_NAMES.map((n) => {
        const a = accOf(p, v.ae[n], ts);
        return [
          n,
          a && a.n > 0
            ? {
                runningTime: a.on,
                fuelConsumption: fuel.perAe[n] ?? 0,
                additional: { SUM_dlaeRpm_1: a.sums.rpm?.[0] ?? 0 },
              }
            : null,
        ];
      }),
    );
  }
  const temps = [...Object.values(v.temps.EXHAUST_TEMPERATURE), ...Object.values(v.temps.TEMPERATURE)];
  if (temps.some((d) => d && hasFigures(d, accOf(p, d, ts)))) {
    const t = (label: 'EXHAUST_TEMPERATURE' | 'TEMPERATURE', side: Side) =>
      meanOf(accOf(p, v.temps[label][side], ts), 'temperature');
    rec.temperature = {
      EXHAUST_TEMPERATURE: { PORT: t('EXHAUST_TEMPERATURE', 'PORT'), STARBOARD: t('EXHAUST_TEMPERATURE', 'STARBOARD') },
      TEMPERATURE: { PORT: t('TEMPERATURE', 'PORT'), STARBOARD: t('TEMPERATURE', 'STARBOARD') },
    };
  }
  return rec;
}

/** the groups a combined bucket must carry (the recomputation finds figures of them there) */
export function combinedGroupsExpected(p: PeriodModel, ts: number): string[] {
  return Object.keys(combinedRecord(p, ts));
}

/** §20: samples present per device in the period (the count only; the expected count needs P, see the notes) */
export function presentCounts(p: PeriodModel): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of p.v.devices) out[d.spec.uid] = accOf(p, d)?.n ?? 0;
  return out;
}
