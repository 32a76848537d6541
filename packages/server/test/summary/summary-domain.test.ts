import { bucketStart } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  aeShares,
  averageSpeed,
  type Credits,
  cellGrid,
  circularMean,
  convert,
  creditHour,
  creditSample,
  dataPercentage,
  type Frame,
  framePieces,
  GAP_LIMIT,
  GPS_GAP_LIMIT,
  hourSpill,
  litres15,
  sampleInterval,
  splitSpan,
} from '../../src/modules/summary/summary-domain.ts';
import { mergeStat } from '../../src/modules/summary/summary-period.ts';
import { planVessel } from '../../src/modules/summary/summary-vessel.ts';

const H = 3600;
const M = 60;
/** A day (UTC midnight) and its clock times, for the worked examples of docs/domain.md */
const D = Date.UTC(2026, 2, 1) / 1000;
const at = (h: number, m = 0, s = 0) => D + h * H + m * M + s;

/** The product's crediting of raw samples (summary-domain.ts) in a frame: seconds in the state per bucket. */
function credit(f: Frame, samples: { ts: number; span: number | null; state?: boolean; distance?: number }[]) {
  const out: Credits = new Map();
  for (const s of samples) creditSample(out, f, { state: true, ...s });
  return out;
}
const seconds = (c: Credits) => Object.fromEntries([...c].map(([b, x]) => [b, x.state]));
const total = (c: Credits, k: 'span' | 'state' | 'distance' = 'state') => [...c.values()].reduce((t, x) => t + x[k], 0);

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

  it('§1 the hours a frame reads from the rollups, the rest from the raw rows', () => {
    const hour = (tz: number) => ({ size: H, shift: tz * H });
    const day = (tz: number) => ({ size: 86400, shift: tz * H });
    // whole hours at +7 (HOUR and DAY): only the partial edges are raw
    const p7 = framePieces({ start: at(0, 30), end: at(5, 15), grid: hour(7) });
    expect(p7.hours).toEqual([at(1), at(5)]);
    expect(p7.raw).toEqual([
      [at(0, 30), at(1)],
      [at(5), at(5, 15)],
    ]);
    expect([at(1), at(4)].map(p7.whole)).toEqual([true, true]);
    // HOUR at +5.5: every local hour straddles two UTC hours — all raw
    const p55 = framePieces({ start: at(0), end: at(6), grid: hour(5.5) });
    expect(p55.hours).toBeNull();
    expect(p55.raw).toEqual([[at(0), at(6)]]);
    // DAY at +5.5: local midnight is 18:30 UTC, only that UTC hour is raw
    const d55 = framePieces({ start: at(0), end: at(24), grid: day(5.5) });
    expect(d55.hours).toEqual([at(0), at(24)]);
    expect(d55.raw).toEqual([[at(18), at(19)]]);
    expect(d55.whole(at(17))).toBe(true);
    expect(d55.whole(at(18))).toBe(false);
    // MINUTE: all raw; no buckets (the period's totals): every whole hour from the rollups whatever the zone
    expect(framePieces({ start: at(0), end: at(2), grid: { size: 60, shift: 5.5 * H } }).raw).toEqual([[at(0), at(2)]]);
    expect(framePieces({ start: at(0), end: at(2), grid: null }).hours).toEqual([at(0), at(2)]);
  });

  it('§13 cells: each inside one bucket and one UTC hour', () => {
    expect(cellGrid(null)).toEqual({ size: H, shift: 0 });
    expect(cellGrid({ size: H, shift: 7 * H })).toEqual({ size: H, shift: 0 });
    expect(cellGrid({ size: 86400, shift: 7 * H })).toEqual({ size: H, shift: 0 });
    expect(cellGrid({ size: H, shift: 5.5 * H })).toEqual({ size: 1800, shift: 0 });
    expect(cellGrid({ size: H, shift: 5.75 * H })).toEqual({ size: 900, shift: 0 });
    expect(cellGrid({ size: H, shift: -3.75 * H })).toEqual({ size: 900, shift: 0 });
    expect(cellGrid({ size: 60, shift: 5.5 * H })).toEqual({ size: 60, shift: 0 });
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

  it('§5 the worked example: spans split at bucket and period boundaries', () => {
    expect(GAP_LIMIT).toBe(60);
    expect(GPS_GAP_LIMIT).toBe(3600);
    // 1 500 rpm (running) at 10:58:30 (the device's first: no span), 10:59:30, 11:00:30, silent, 11:11:30, 11:12:30;
    // spans min(L, 60): 60, 60, min(660, 60) = 60, 60
    const samples = [
      { ts: at(10, 58, 30), span: null },
      { ts: at(10, 59, 30), span: 60 },
      { ts: at(11, 0, 30), span: 60 },
      { ts: at(11, 11, 30), span: 60 },
      { ts: at(11, 12, 30), span: 60 },
    ];
    // period [11:00, 11:12): 30 (of 11:00:30) + 60 (of 11:11:30) + 30 (of 11:12:30, before 11:12) = 120 s
    expect(total(credit({ start: at(11), end: at(11, 12), grid: null }, samples))).toBe(120);
    // [11:12, 11:13): the rest of 11:12:30's span
    expect(total(credit({ start: at(11, 12), end: at(11, 13), grid: null }, samples))).toBe(30);
    // the hour [10:00, 11:00): 60 (10:59:30) + 30 (the part of 11:00:30 before 11:00)
    expect(total(credit({ start: at(10), end: at(11), grid: null }, samples))).toBe(90);
    // MINUTE buckets of [11:00, 11:13): 11:00 → 30, 11:10 → 30, 11:11 → 60, 11:12 → 30, the same 150 s as the hour
    const minutes = credit({ start: at(11), end: at(11, 13), grid: { size: 60, shift: 0 } }, samples);
    expect(seconds(minutes)).toEqual({ [at(11)]: 30, [at(11, 10)]: 30, [at(11, 11)]: 60, [at(11, 12)]: 30 });
    expect(total(credit({ start: at(11), end: at(12), grid: null }, samples))).toBe(150);
    // a bucket never holds more than its length; a sample in the state counts in its own bucket only
    expect(minutes.get(at(11, 11))?.count).toBe(1);
    expect(minutes.get(at(11, 10))?.count).toBe(0);
  });

  it('§5 a whole hour from its rollup row equals its samples: the first span spills into the hour before', () => {
    expect(hourSpill(at(11), 60, at(11, 0, 30))).toBe(30);
    expect(hourSpill(at(11), 60, at(11, 11, 30))).toBe(0);
    expect(hourSpill(at(11), null, null)).toBe(0);
    // hour 11:00 of the §5 example: Σ span 180 (11:00:30, 11:11:30, 11:12:30), first 60 at 11:00:30, all running
    const f: Frame = { start: at(10), end: at(12), grid: { size: H, shift: 0 } };
    const out: Credits = new Map();
    creditHour(out, f, {
      hour: at(11),
      span: 180,
      state: 180,
      firstSpan: 60,
      firstTs: at(11, 0, 30),
      firstState: true,
      count: 3,
    });
    expect(seconds(out)).toEqual({ [at(10)]: 30, [at(11)]: 150 });
    // the same hour in a period starting at 11:00: the spill is cut at the period's start
    const cut: Credits = new Map();
    creditHour(
      cut,
      { ...f, start: at(11) },
      {
        hour: at(11),
        span: 180,
        state: 180,
        firstSpan: 60,
        firstTs: at(11, 0, 30),
        firstState: true,
        count: 3,
      },
    );
    expect(seconds(cut)).toEqual({ [at(11)]: 150 });
  });

  it('§6 §7 the worked example: distance and moving time on the same spans; a drop-out counts its last hour', () => {
    // fixes 09:50 (first), 10:10 (3 704 m, L = 1 200 s), 10:40 (5 556 m, L = 1 800 s), all moving
    const fixes = [
      { ts: at(9, 50), span: null },
      { ts: at(10, 10), span: 1200, distance: 3704 },
      { ts: at(10, 40), span: 1800, distance: 5556 },
    ];
    const hours = credit({ start: at(9), end: at(11), grid: { size: H, shift: 0 } }, fixes);
    expect(hours.get(at(10))).toMatchObject({ state: 2400, distance: expect.closeTo(7408, 9) });
    expect(hours.get(at(9))).toMatchObject({ state: 600, distance: expect.closeTo(1852, 9) });
    // 7.408 km in 2 400 s = 11.112 km/h = 6.00 kn
    const kmh = averageSpeed(7408, 2400, true)!;
    expect(kmh).toBeCloseTo(11.112, 9);
    expect(convert.kmhToKnots(kmh)).toBeCloseTo(6.0, 4);
    // the same hour from its rollup row (Σ span 3 000, Σ span distance 9 260, first 1 200 s / 3 704 m at 10:10)
    const rolled: Credits = new Map();
    creditHour(
      rolled,
      { start: at(9), end: at(11), grid: { size: H, shift: 0 } },
      {
        hour: at(10),
        span: 3000,
        state: 3000,
        firstSpan: 1200,
        firstTs: at(10, 10),
        firstState: true,
        distance: 9260,
        firstDistance: 3704,
        firstDistanceTs: at(10, 10),
        count: 2,
      },
    );
    expect(rolled.get(at(10))).toMatchObject({ state: 2400, distance: expect.closeTo(7408, 9) });
    expect(rolled.get(at(9))).toMatchObject({ state: 600, distance: expect.closeTo(1852, 9) });
    // 08:30 after a silence since 06:00: 27 780 m over L = 9 000 s, span 3 600 s → 27 780 × 3 600 / 9 000 = 11 112 m
    const drop = credit({ start: at(6), end: at(9), grid: { size: H, shift: 0 } }, [
      { ts: at(8, 30), span: 3600, distance: (27780 * 3600) / 9000 },
    ]);
    expect(total(drop, 'distance')).toBeCloseTo(11112, 9);
    expect(drop.get(at(7))).toMatchObject({ state: 1800, distance: expect.closeTo(5556, 9) });
    expect(drop.get(at(8))).toMatchObject({ state: 1800, distance: expect.closeTo(5556, 9) });
    expect(drop.has(at(6))).toBe(false);
  });

  it('§5 any unit, any zone: buckets add up to the period; splitSpan cuts at both', () => {
    const pieces: [number, number][] = [];
    // [04:10, 05:40) at +5.5, HOUR buckets (local hours start at :30 UTC), period [04:00, 05:20)
    splitSpan(at(4, 10), at(5, 40), { start: at(4), end: at(5, 20), grid: { size: H, shift: 5.5 * H } }, (b, s) =>
      pieces.push([b, s]),
    );
    expect(pieces).toEqual([
      [at(3, 30), 20 * M],
      [at(4, 30), 50 * M],
    ]);
  });

  it('§7 average speed is distance over moving time; the track a circular mean with a cancel tolerance', () => {
    // 10 km in 30 moving minutes = 20 km/h, whatever the number of fixes
    expect(averageSpeed(10_000, 1800, true)).toBe(20);
    expect(averageSpeed(0, 0, true)).toBe(0);
    expect(averageSpeed(0, 0, false)).toBeNull();
    const r = (d: number) => (d * Math.PI) / 180;
    const of = (...ds: number[]) =>
      circularMean(
        ds.reduce((t, d) => t + Math.sin(r(d)), 0),
        ds.reduce((t, d) => t + Math.cos(r(d)), 0),
        ds.length,
      );
    expect(of(350, 10)).toBe(0); // the arithmetic mean would be 180
    expect(of(80, 100)).toBeCloseTo(90, 9);
    expect(of(270, 300)).toBeCloseTo(285, 9);
    expect(of(90, 270)).toBeNull(); // opposite directions cancel
    expect(of()).toBeNull();
    // the tolerance is on the mean resultant length: 10⁻⁷ over 1 fix cancels, the same over 0.05 fixes would not
    expect(circularMean(1e-7, 0, 1)).toBeNull();
    expect(circularMean(2e-6, 0, 1)).toBe(90);
    expect(circularMean(1e-6 * 1000 * 0.5, 0, 1000)).toBeNull();
  });

  it('§11 litres at 15 °C: null as soon as one reading with litres lacks its correction', () => {
    expect(litres15(4642.9, 60, 60)).toBe(4642.9);
    expect(litres15(100, 59, 60)).toBeNull();
    expect(litres15(undefined, undefined, undefined)).toBe(0);
  });

  it('§13 the worked example: shares per UTC hour from the whole hour, evenly when none ran', () => {
    // AE1 5 L/h runs the whole hour (5 L), AE2 10 L/h its last 30 minutes (5 L): ½ and ½
    const shares = aeShares({ AE1: 5, AE2: 5 }, ['AE1', 'AE2'] as const);
    expect(shares).toEqual({ AE1: 0.5, AE2: 0.5 });
    // 8 L in [10:00, 10:30) and 4 L in [10:30, 11:00): each AE 4 + 2 = 6 L
    expect(8 * shares.AE1! + 4 * shares.AE1!).toBe(6);
    expect(aeShares({}, ['AE1', 'AE2', 'AE3'] as const)).toEqual({ AE1: 1 / 3, AE2: 1 / 3, AE3: 1 / 3 });
    expect(aeShares({ AE1: 3, AE2: 0 }, ['AE1', 'AE2'] as const)).toEqual({ AE1: 1, AE2: 0 });
  });

  it('§20 data percentage: present ÷ expected, at most 100, 0 when nothing is expected', () => {
    expect(dataPercentage(720, 86400, 60)).toBe(50);
    expect(dataPercentage(2000, 86400, 60)).toBe(100);
    expect(dataPercentage(5, 0, 60)).toBe(0);
  });

  it('merging keeps first of the earlier and last of the later record', () => {
    const a = mergeStat(
      { n: 2, firstTotal: 1, lastTotal: 5, delta: 4 },
      { n: 3, firstTotal: 6, lastTotal: 9, delta: 4 },
    );
    expect(a).toEqual({ n: 5, firstTotal: 1, lastTotal: 9, delta: 8 });
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
