import type { Combined, CombinedType } from '@fleet/shared/answers/summary.ts';
import { avgOf, calculatedSpeed } from './summary-build.ts';
import type { Stat, VesselPeriod } from './summary-period.ts';
import { AE_NAMES, groupDevices, SIDES, type Side, type TemperatureLabel } from './summary-vessel.ts';

/**
 * Combined report data per vessel (spec 002 §3.1, §7.2): one record per bucket for the charts and
 * the datalog, with the groups asked for in typesToGet. Pure; numbers as docs/domain.md defines them.
 * Running times here are seconds.
 */
type Datas = Combined['datas'][string];
const orNull = (v: number | undefined) => (v === undefined ? null : v);

function rpmRecord(p: VesselPeriod, ts: number): NonNullable<Datas['rpm']> {
  const sides: Partial<Record<Side, { rpm: number | null; runningTime: number }>> = {};
  for (const side of SIDES) {
    const s = p.stat(p.plan.rpm[side]?.devcId, ts);
    if (s) sides[side] = { rpm: avgOf(s, 'rpm'), runningTime: s.run ?? 0 };
  }
  const present = Object.values(sides);
  const rpms = present.map((x) => x.rpm).filter((v): v is number => v !== null);
  // domain.md §9: the engine as a whole — mean rpm of the sides with data, the longer running time
  const MAINENGINE = present.length
    ? {
        rpm: rpms.length ? rpms.reduce((a, b) => a + b, 0) / rpms.length : null,
        runningTime: Math.max(...present.map((x) => x.runningTime)),
      }
    : null;
  return { PORT: sides.PORT ?? null, STARBOARD: sides.STARBOARD ?? null, MAINENGINE };
}

const meter = (s: Stat | undefined) =>
  s
    ? {
        volumeFlowrate: avgOf(s, 'volumeFlowrate'),
        density: avgOf(s, 'density'),
        temperature: avgOf(s, 'temperature'),
        volumeInventory: orNull(s.lastTotal),
      }
    : null;

export function buildCombined(p: VesselPeriod, types: readonly CombinedType[]): Combined {
  const { plan, start, end } = p.input;
  const want = (t: CombinedType) => types.includes(t);
  const datas: Combined['datas'] = {};
  // a bucket's fuel record also carries the AEs' fuel (§13)
  const devicesOf = (t: CombinedType) =>
    t === 'flowmeter' ? [...groupDevices(plan, t), ...groupDevices(plan, 'ae')] : groupDevices(plan, t);
  const ids = types.flatMap((t) => devicesOf(t).map((d) => d.devcId));
  for (const ts of p.bucketTimes) {
    if (!ids.some((id) => p.stat(id, ts))) continue;
    const rec: Datas = {};
    const g = want('gps') ? p.stat(plan.gps?.devcId, ts) : undefined;
    if (g)
      rec.gps = {
        latitude: orNull(g.lastLatitude),
        longitude: orNull(g.lastLongitude),
        firstLatitude: orNull(g.firstLatitude),
        firstLongitude: orNull(g.firstLongitude),
        timestamp: ts,
        speed: p.averageSpeed(ts),
        track: p.track(ts),
        polyLength: g.dist ?? 0,
      };
    if (want('rpm') && devicesOf('rpm').some((d) => p.stat(d.devcId, ts))) rec.rpm = rpmRecord(p, ts);
    if (want('flowmeter') && devicesOf('flowmeter').some((d) => p.stat(d.devcId, ts)))
      rec.flowmeter = {
        portFuelCons: p.sideFuel('PORT', ts),
        stbFuelCons: p.sideFuel('STARBOARD', ts),
        meFuelCons: p.mainEngineFuel(ts),
        aeFuelCons: p.aeFuel(ts).total,
        PORT_IN: meter(p.stat(plan.meters.PORT_IN?.devcId, ts)),
        STARBOARD_IN: meter(p.stat(plan.meters.STARBOARD_IN?.devcId, ts)),
      };
    if (want('ae') && devicesOf('ae').some((d) => p.stat(d.devcId, ts))) {
      const fuel = p.aeFuel(ts);
      const ae: NonNullable<Datas['ae']> = { AE1: null, AE2: null, AE3: null };
      for (const name of AE_NAMES) {
        // §10: an AE without a sample (time, litres) in the bucket is null there
        const s = p.stat(plan.ae[name]?.devcId, ts);
        if (s || fuel.perAe[name])
          ae[name] = {
            runningTime: s?.run ?? 0,
            fuelConsumption: fuel.perAe[name] ?? 0,
            additional: { SUM_dlaeRpm_1: s?.['s:rpm'] ?? 0 },
          };
      }
      rec.ae = ae;
    }
    if (want('temperature') && devicesOf('temperature').some((d) => p.stat(d.devcId, ts))) {
      const side = (label: TemperatureLabel, s: Side) =>
        avgOf(p.stat(plan.temperatures[label][s]?.devcId, ts), 'temperature');
      rec.temperature = {
        EXHAUST_TEMPERATURE: {
          PORT: side('EXHAUST_TEMPERATURE', 'PORT'),
          STARBOARD: side('EXHAUST_TEMPERATURE', 'STARBOARD'),
        },
        TEMPERATURE: { PORT: side('TEMPERATURE', 'PORT'), STARBOARD: side('TEMPERATURE', 'STARBOARD') },
      };
    }
    datas[ts] = rec;
  }
  const fuel = want('flowmeter') ? p.aeFuel() : null;
  return {
    start,
    end,
    ...p.dataRange(ids),
    datas,
    summaries: {
      gps: want('gps') ? { calculatedSpeed: calculatedSpeed(p) } : undefined,
      rpm: want('rpm') ? { singleEngine: plan.singleEngine } : undefined,
      flowmeter: fuel ? { AE_IN: fuel.aeIn, AE_OUT: fuel.aeOut } : undefined,
    },
  };
}
