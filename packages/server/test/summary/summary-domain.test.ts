import { bucketStart } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  averageSpeed,
  circularMean,
  convert,
  countedSeconds,
  dataPercentage,
  GAP_LIMIT,
  hourInterval,
  sampleInterval,
} from '../../src/modules/summary/summary-domain.ts';
import {
  aeRunningSamples,
  chainTotaliser,
  mergeStat,
  type Stat,
  TOTALISERS,
} from '../../src/modules/summary/summary-period.ts';
import { planVessel } from '../../src/modules/summary/summary-vessel.ts';

const H = 3600;

/** The product's totaliser chain (summary-period.ts) over base records in time order; the deltas it wrote. */
function deltas(buckets: { ts: number; first: number; last: number; min: number; max: number }[], baseline?: number) {
  const chain = buckets.map((b) => ({
    derived: false,
    stat: { firstTotal: b.first, lastTotal: b.last, minTotal: b.min, maxTotal: b.max } as Stat,
  }));
  chainTotaliser(chain, TOTALISERS.volume, baseline);
  return chain.map((c) => c.stat.delta);
}

describe('docs/domain.md formulas', () => {
  it('§1 buckets DAY at local midnight of the timezone', () => {
    const day = Date.UTC(2026, 2, 1) / 1000; // 1 March 00:00 UTC
    // +7: 28 Feb 17:00 UTC is local 1 March 00:00
    expect(bucketStart(day - 7 * H, 86400, 7)).toBe(day - 7 * H);
    expect(bucketStart(day - 7 * H - 1, 86400, 7)).toBe(day - 86400 - 7 * H);
    expect(bucketStart(day + 5 * H, 86400, 7)).toBe(day - 7 * H);
    // +5.5 hours: HOUR buckets start at half past the UTC hour
    expect(bucketStart(day + 40 * 60, 3600, 5.5)).toBe(day + 30 * 60);
  });

  it('§4 conversions', () => {
    expect(convert.kmhToKnots(1.852)).toBeCloseTo(1, 4);
    expect(convert.mToNm(1852)).toBe(1);
    expect(convert.msToKnots(10)).toBeCloseTo(19.43844, 6);
    expect(convert.msToKmh(10)).toBe(36);
    expect(convert.toKilo(2500)).toBe(2.5);
  });

  it('§20 reporting interval is the count-weighted median of hourly spacings', () => {
    const hours = [
      { hour: 0, n: 60, firstTs: 0, lastTs: 3540 }, // 60 s
      { hour: H, n: 60, firstTs: H, lastTs: H + 3540 }, // 60 s
      { hour: 2 * H, n: 10, firstTs: 2 * H, lastTs: 2 * H + 3510 }, // drop-out: 390 s
      { hour: 3 * H, n: 360, firstTs: 3 * H, lastTs: 3 * H + 3590 }, // live stream: 10 s
    ];
    // 490 samples: sorted spacings 10 (360 samples) reach half → P = 10
    expect(sampleInterval(hours)).toBe(10);
    expect(sampleInterval(hours.slice(0, 3))).toBe(60);
    expect(sampleInterval([])).toBe(60);
  });

  it("§5 a sample is credited with its hour's own spacing, at most the gap limit G = 60 s", () => {
    expect(GAP_LIMIT).toBe(60);
    // 1-minute history and a 10-second live hour each keep their own spacing: no period-wide median caps them
    expect(hourInterval({ hour: 0, n: 60, firstTs: 0, lastTs: 3540 })).toBe(60);
    expect(hourInterval({ hour: 3 * H, n: 360, firstTs: 3 * H, lastTs: 3 * H + 3590 })).toBe(10);
    // a drop-out stretches the spacing (3510 / 9 = 390 s): the credit stays at G
    expect(hourInterval({ hour: 2 * H, n: 10, firstTs: 2 * H, lastTs: 2 * H + 3510 })).toBe(60);
    // one sample: G
    expect(hourInterval({ hour: 0, n: 1, firstTs: 5, lastTs: 5 })).toBe(60);
    expect(hourInterval(undefined)).toBe(60);
  });

  it('§7 average speed is distance over moving time; the track a circular mean', () => {
    // 10 km in 30 moving minutes = 20 km/h, whatever the number of fixes
    expect(averageSpeed(10_000, 1800, 500)).toBe(20);
    expect(averageSpeed(0, 0, 12)).toBe(0);
    expect(averageSpeed(0, 0, 0)).toBeNull();
    const r = (d: number) => (d * Math.PI) / 180;
    const of = (...ds: number[]) =>
      circularMean(
        ds.reduce((t, d) => t + Math.sin(r(d)), 0),
        ds.reduce((t, d) => t + Math.cos(r(d)), 0),
      );
    expect(of(350, 10)).toBe(0); // the arithmetic mean would be 180
    expect(of(80, 100)).toBeCloseTo(90, 9);
    expect(of(270, 300)).toBeCloseTo(285, 9);
    expect(of(90, 270)).toBeNull(); // opposite directions cancel
  });

  it('§9 counted seconds never exceed the bucket', () => {
    expect(countedSeconds(30, 60, 3600)).toBe(1800);
    expect(countedSeconds(100, 60, 3600)).toBe(3600);
  });

  it('§10 AE running samples: flags, else rpm above 0, in proportion when mixed', () => {
    expect(aeRunningSamples({ 'c:rpm': 60, 'c:running': 60, 's:running': 20, gt: 50 })).toBe(20);
    expect(aeRunningSamples({ 'c:rpm': 60, gt: 45 })).toBe(45);
    expect(aeRunningSamples({ 'c:rpm': 60, 'c:running': 30, 's:running': 10, gt: 40 })).toBe(10 + 20);
  });

  it('§11 totaliser deltas carry the baseline between buckets and survive a reset', () => {
    // 1000 → 1100 in bucket 1, 1100 → 1250 (first reading 1105: 5 L flowed between buckets)
    expect(
      deltas([
        { ts: 0, first: 1000, last: 1100, min: 1000, max: 1100 },
        { ts: H, first: 1105, last: 1250, min: 1105, max: 1250 },
      ]),
    ).toEqual([100, 150]);
    // reset inside bucket 2: 1100 → 1180 then 0 → 40 ⇒ 80 + 40
    expect(
      deltas([
        { ts: 0, first: 1000, last: 1100, min: 1000, max: 1100 },
        { ts: H, first: 1110, last: 40, min: 0, max: 1180 },
      ]),
    ).toEqual([100, 120]);
    // reset between buckets: the new bucket counts from its own lowest reading
    expect(
      deltas([
        { ts: 0, first: 1000, last: 1100, min: 1000, max: 1100 },
        { ts: H, first: 3, last: 53, min: 3, max: 53 },
      ]),
    ).toEqual([100, 50]);
    // the baseline before the period: 990 → the first bucket counts 10 L more
    expect(deltas([{ ts: 0, first: 1000, last: 1100, min: 1000, max: 1100 }], 990)).toEqual([110]);
  });

  it('§20 data percentage: present ÷ expected, at most 100, 0 when nothing is expected', () => {
    expect(dataPercentage(720, 86400, 60)).toBe(50);
    expect(dataPercentage(2000, 86400, 60)).toBe(100);
    expect(dataPercentage(5, 0, 60)).toBe(0);
  });

  it('merging keeps first of the earlier and last of the later record', () => {
    const a = mergeStat(
      { n: 2, firstTotal: 1, lastTotal: 5, minTotal: 1, maxTotal: 5 },
      { n: 3, firstTotal: 6, lastTotal: 9, minTotal: 6, maxTotal: 9 },
    );
    expect(a).toEqual({ n: 5, firstTotal: 1, lastTotal: 9, minTotal: 1, maxTotal: 9 });
  });

  it('§2 and §17: roles from Config RPM, labels and unique ids; single engine', () => {
    const dev = (devcId: number, devcType: string, devcLabel: string | null, devcUniqueId = `d-${devcId}`) => ({
      devcId,
      devcType,
      devcLabel,
      devcUniqueId,
      devcName: devcUniqueId,
    });
    const plan = planVessel(
      { massId: 1, massName: 'V', massMaintenance: 0 },
      [
        dev(1, 'gps', null),
        dev(2, 'rpm', 'ENGINE A'),
        dev(3, 'rpm', 'STARBOARD'),
        dev(4, 'ae', 'AE2'),
        dev(5, 'ae', 'X'),
        dev(6, 'flowmeter', 'PORT_IN', 'fm-1'),
        dev(7, 'flowmeter', 'BUNKER_IN', 'fm-9'),
        dev(8, 'Temperature', 'EXHAUST_TEMPERATURE', 'tmp-a-3'),
      ],
      [{ mcrpDevcId: 2, mcrpType: 'PORT', mcrpMinValue: 30, mcrpIsSingleEngine: 0 }],
      [{ mcaeDevcId: 5, mcaeNo: 1, mcaeConsumptRateByTime: 3.6 }],
    );
    expect(plan.rpm.PORT).toMatchObject({ devcId: 2, threshold: 30 });
    expect(plan.rpm.STARBOARD).toMatchObject({ devcId: 3, threshold: 400 });
    expect(plan.ae.AE1).toMatchObject({ devcId: 5, rate: 3.6 });
    expect(plan.ae.AE2).toMatchObject({ devcId: 4, rate: 5 });
    expect(plan.meters.PORT_IN?.devcId).toBe(6);
    expect(plan.temperatures.EXHAUST_TEMPERATURE.STARBOARD?.devcId).toBe(8);
    expect(plan.singleEngine).toBe(false);
    expect(plan.devices.map((d) => d.devcId)).not.toContain(7);
    const single = planVessel({ massId: 2, massName: 'S', massMaintenance: 1 }, [dev(9, 'rpm', null)], [], []);
    expect(single.singleEngine).toBe(true);
    expect(single.rpm.PORT?.devcId).toBe(9);
    expect(single.maintenanceFlag).toBe(true);
  });
});
