import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { Checker, type Where } from './checker.ts';
import * as X from './expect.ts';
import { AE_NAMES, buildVessel, computePeriod, type PeriodModel, SIDES, type Unit, type VesselModel } from './model.ts';
import { A, generateFleet, H, MIN, type Seeded, seedFleet } from './world.ts';

/**
 * Issue 25 acceptance: every number of the summary (with and without showDetails) and of the combined data equals an
 * independent recomputation from the raw readings (model.ts, written from docs/domain.md only), over periods of an
 * hour (on the clock, and cut in the middle of a gap), a day and a day from 06:30, in MINUTE, HOUR and DAY buckets
 * and the zones +7, +5.5, +5.75, 0 and −3.75. The answers must also agree among themselves: period totals do not
 * depend on the unit, showDetails or (for one UTC period) the zone, adjacent periods add up to their union, a period's
 * per-AE litres are the sum of its buckets'. The daily report pages and a share-link session show the same figures.
 * One server, seeded once (world.ts); a one-line tally and at most 50 lines of differences are printed at the end.
 */
const ZONES = [7, 5.5, 5.75, 0, -3.75];
const UNITS: Unit[] = ['MINUTE', 'HOUR', 'DAY'];
const long = (p: { start: number; end: number }) => p.end - p.start > 2 * 3600;

/**
 * The (unit, showDetails) calls made for a period in a zone: all six, except MINUTE over a day (1 440 buckets; MINUTE
 * buckets are the same UTC minutes in every zone here, the zone only moves the period): with details at +5.75,
 * without at +5.5 and −3.75 — to keep the suite's own time small.
 */
function combos(p: { start: number; end: number }, tz: number): [Unit, boolean][] {
  const all: [Unit, boolean][] = UNITS.flatMap((u) => [[u, false] as [Unit, boolean], [u, true] as [Unit, boolean]]);
  if (!long(p)) return all;
  return all.filter(([u, d]) => u !== 'MINUTE' || (d ? tz === 5.75 : tz === 5.5 || tz === -3.75));
}
/** units of the adjacent-period and combined-data calls: MINUTE over a day only at +5.75 */
const unitsFor = (p: { start: number; end: number }, tz: number): Unit[] =>
  long(p) && tz !== 5.75 ? ['HOUR', 'DAY'] : UNITS;

interface Period {
  name: string;
  start: number;
  end: number;
  /** the same UTC period in every zone */
  utc: boolean;
}
/** local midnight of 10 March in zone tz */
const midnight = (tz: number) => A - Math.round(tz * 3600);
/** cut points in the middle of a gap: vessel 1's GPS drop-out (09:10–10:40 UTC), vessel 2's (04:00–06:30 UTC) */
const CUT1 = A + 9 * H + 55 * MIN;
const CUT2 = A + 5 * H + 15 * MIN;

function mainPeriods(tz: number): Period[] {
  const L = midnight(tz);
  return [
    { name: 'hour 10:00', start: L + 10 * H, end: L + 11 * H, utc: false },
    { name: '1h from mid-gap v1', start: CUT1, end: CUT1 + H, utc: true },
    { name: '1h to mid-gap v2', start: CUT2 - H, end: CUT2, utc: true },
    { name: 'day', start: L, end: L + 24 * H, utc: false },
    { name: 'day from 06:30', start: L + 6 * H + 30 * MIN, end: L + 30 * H + 30 * MIN, utc: false },
  ];
}
/** [first, second, union]: two adjacent periods and the period they make */
function pairs(tz: number): [Period, Period, Period][] {
  const L = midnight(tz);
  const p = (name: string, start: number, end: number, utc = true): Period => ({ name, start, end, utc });
  return [
    [
      p('day to mid-gap', L, CUT1, false),
      p('day from mid-gap', CUT1, L + 24 * H, false),
      p('day', L, L + 24 * H, false),
    ],
    [
      p('½h to mid-gap', CUT1 - 30 * MIN, CUT1),
      p('½h from mid-gap', CUT1, CUT1 + 30 * MIN),
      p('1h around mid-gap', CUT1 - 30 * MIN, CUT1 + 30 * MIN),
    ],
    [
      p('20:17–20:47 UTC', A + 20 * H + 17 * MIN, A + 20 * H + 47 * MIN),
      p('20:47–21:17 UTC', A + 20 * H + 47 * MIN, A + 21 * H + 17 * MIN),
      p('20:17–21:17 UTC', A + 20 * H + 17 * MIN, A + 21 * H + 17 * MIN),
    ],
  ];
}

/** The period totals of a summary answer that must not depend on the unit, showDetails or the zone. */
function totalsOf(s: any): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  const put = (k: string, v: unknown) => {
    out[k] = typeof v === 'number' ? v : v === null || v === undefined ? null : Number.NaN;
  };
  const g = s?.gps?.summary ?? {};
  for (const k of ['averageSpeed', 'calculatedSpeed', 'totalDistance', 'totalCruise']) put(`gps.${k}`, g[k]);
  // moving time is not a field; distance ÷ average speed gives it back (§7), for the additivity checks
  put('gps.movingSeconds', g.averageSpeed > 0 ? (g.totalDistance / 1000 / g.averageSpeed) * 3600 : null);
  for (const side of SIDES) {
    const r = s?.rpm?.summary?.[side];
    put(`rpm.${side}.runningTime`, r?.runningTime);
    put(`rpm.${side}.average`, r?.average);
  }
  for (const [k, v] of Object.entries(s?.flowmeter?.summary ?? {})) put(`flowmeter.${k}`, v);
  for (const n of AE_NAMES) {
    put(`ae.${n}.fuelConsumption`, s?.ae?.[n]?.fuelConsumption);
    put(`ae.${n}.runningSeconds`, s?.ae?.[n]?.runningSeconds);
  }
  put('ae.totalFuelConsumption', s?.ae?.totalFuelConsumption);
  return out;
}
/** Additive totals (§1: buckets add up to the period, adjacent periods to their union) */
const ADDITIVE = [
  'gps.totalDistance',
  'gps.movingSeconds',
  'rpm.PORT.runningTime',
  'rpm.STARBOARD.runningTime',
  'flowmeter.portEngineCons',
  'flowmeter.starboardEngineCons',
  'flowmeter.meEngineCons',
  'flowmeter.aeEngineCons',
  'flowmeter.totalFuelCons',
  'flowmeter.AE_IN',
  'flowmeter.AE_OUT',
  'flowmeter.PORT_IN_flowTime',
  'flowmeter.STARBOARD_IN_flowTime',
  'flowmeter.portEngineCons15',
  'flowmeter.starboardEngineCons15',
  'flowmeter.meEngineCons15',
  'flowmeter.aeEngineCons15',
  'flowmeter.portEngineConsKg',
  'flowmeter.starboardEngineConsKg',
  'flowmeter.meEngineConsKg',
  'flowmeter.aeEngineConsKg',
  ...AE_NAMES.flatMap((n) => [`ae.${n}.fuelConsumption`, `ae.${n}.runningSeconds`]),
  'ae.totalFuelConsumption',
];

/** Σ of the buckets of a details answer, for the quantities whose period figure is that sum */
function bucketSums(s: any): Record<string, number> {
  const sum = (m: Record<string, any> | undefined, f: (x: any) => number | null | undefined) =>
    Object.values(m ?? {}).reduce((a: number, x) => a + (f(x) ?? 0), 0);
  const out: Record<string, number> = {
    'gps.totalDistance': sum(s?.gps?.data, (x) => x?.distance),
    'rpm.PORT.runningTime': sum(s?.rpm?.data?.PORT, (x) => x?.runningTime),
    'rpm.STARBOARD.runningTime': sum(s?.rpm?.data?.STARBOARD, (x) => x?.runningTime),
    'flowmeter.portEngineCons': sum(s?.flowmeter?.data, (x) => x?.portFuelCons),
    'flowmeter.starboardEngineCons': sum(s?.flowmeter?.data, (x) => x?.stbFuelCons),
    'flowmeter.aeEngineCons': sum(s?.flowmeter?.data, (x) => x?.aeFuelCons),
  };
  for (const n of AE_NAMES) {
    out[`ae.${n}.fuelConsumption`] = sum(s?.ae?.data, (x) => x?.[n]?.fuelConsumption);
    out[`ae.${n}.runningSeconds`] = sum(s?.ae?.data, (x) => x?.[n]?.runningSeconds);
  }
  return out;
}

/** docs/domain.md §31 / the report's number format: 2 decimals with thousands separators, '-' when missing */
const grouping = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? '-' : grouping.format(v));

interface Table {
  title?: string;
  columns: string[];
  rows: string[][];
}
function tablesOf(blocks: any[], into: Table[] = []): Table[] {
  for (const b of blocks ?? []) {
    if (b.kind === 'table') into.push(b);
    if (b.kind === 'row') tablesOf(b.blocks, into);
  }
  return into;
}

describe.each(dialects())('recomputation of every summary number on %s', (dialect) => {
  let t: TestApp;
  let seeded: Seeded;
  let models: VesselModel[];
  const ck = new Checker();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const fleet = generateFleet();
    seeded = await seedFleet(t, fleet);
    models = fleet.map(buildVessel);
  }, 300_000);

  afterAll(async () => {
    console.log(ck.report(`recompute (${dialect})`).join('\n'));
    // RECOMPUTE_DUMP=<file>: <file>.<dialect> gets every kind of difference with its count and first examples (for the notes)
    if (process.env.RECOMPUTE_DUMP)
      writeFileSync(`${process.env.RECOMPUTE_DUMP}.${dialect}`, ck.report(`recompute (${dialect})`, 2000).join('\n'));
    await t?.close();
  });

  const get = async (url: string, token = seeded.token) => {
    const r = await t.call({ method: 'GET', url, token });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${JSON.stringify(r.json).slice(0, 300)}`);
    return r.json.data;
  };
  const summaryUrl = (v: VesselModel, p: Period, unit: Unit, tz: number, details: boolean) =>
    `/api/summary/aggregated/period/${p.start}/${p.end}?devcMassId=${v.spec.massId}&aggregatedUnit=${unit}&timezone=${tz}${
      details ? '&showDetails=true' : ''
    }`;
  /** the recomputation of a period, kept for the calls that share it */
  const memo = new Map<string, PeriodModel>();
  const models_ = (v: VesselModel, p: { start: number; end: number }, unit: Unit, tz: number) => {
    const key = `${v.spec.name} ${p.start} ${p.end} ${unit} ${tz}`;
    let m = memo.get(key);
    if (!m) {
      if (memo.size > 40) memo.clear();
      m = computePeriod(v, p.start, p.end, unit, tz);
      memo.set(key, m);
    }
    return m;
  };
  const short = (v: VesselModel) => (v.spec.fuelType ? 'v1' : 'v2');

  /** every number of one summary answer against the recomputation */
  function checkSummary(w: Where, s: any, p: PeriodModel, details: boolean) {
    const v = p.v;
    const valid = new Set(p.allBuckets);
    const isBucket = (ts: number) => valid.has(ts);
    ck.leaf(w, 'singleEngine', s.singleEngine, false);
    ck.leaf(w, 'hasFlowmeter', s.hasFlowmeter, !!(v.meters.PORT_IN || v.meters.STARBOARD_IN));
    ck.leaf(w, 'hasAeFlowmeter', s.hasAeFlowmeter, !!v.meters.AE_IN);
    ck.deep(w, 'gps.summary', s.gps?.summary, X.gpsSummary(p));
    ck.deep(w, 'rpm.summary', s.rpm?.summary, X.rpmSummary(p));
    ck.deep(w, 'flowmeter.summary', s.flowmeter?.summary, X.flowSummary(p));
    ck.deep(w, 'ae', s.ae, X.aeSummary(p));
    for (const label of ['EXHAUST_TEMPERATURE', 'TEMPERATURE'] as const)
      ck.deep(w, `temperature.${label}`, s.temperature?.[label], X.temperatureLabel(p, label, details));
    const present = X.presentCounts(p);
    for (const e of s.sensorPercentage ?? [])
      if (e.devcUniqueId in present) ck.leaf(w, 'sensorPercentage.present', e.present, present[e.devcUniqueId]);
    if (!details) {
      for (const [k, m] of [
        ['gps.data', s.gps?.data],
        ['rpm.data.PORT', s.rpm?.data?.PORT],
        ['rpm.data.STARBOARD', s.rpm?.data?.STARBOARD],
        ['flowmeter.data', s.flowmeter?.data],
        ['ae.data', s.ae?.data],
      ] as const)
        ck.leaf(w, `${k} buckets without showDetails`, Object.keys(m ?? {}).length, 0);
      return;
    }
    const allDevices = v.devices;
    ck.buckets(w, 'gps.data', s.gps?.data, X.bucketsWith(p, [v.gps]), (ts) => X.gpsPoint(p, ts), isBucket);
    for (const side of SIDES)
      ck.buckets(
        w,
        `rpm.data.${side}`,
        s.rpm?.data?.[side],
        X.bucketsWith(p, [v.rpm[side]]),
        (ts) => X.rpmPoint(p, side, ts),
        isBucket,
      );
    ck.buckets(
      w,
      'flowmeter.data',
      s.flowmeter?.data,
      X.bucketsWith(p, [...Object.values(v.meters), ...Object.values(v.ae)]),
      (ts) => X.flowPoint(p, ts),
      isBucket,
    );
    ck.buckets(
      w,
      'ae.data',
      s.ae?.data,
      X.aeBuckets(p),
      (ts) => Object.fromEntries(AE_NAMES.map((n) => [n, X.aePoint(p, n, ts)])),
      isBucket,
    );
    const records = Object.fromEntries(((s.details ?? []) as { timestamp: number }[]).map((r) => [r.timestamp, r]));
    ck.buckets(w, 'details', records, X.bucketsWith(p, allDevices), (ts) => X.detailRecord(p, ts), isBucket);
  }

  /** one tz, one vessel: every main period in every unit with and without details, then the pairs */
  it('summary answers equal the recomputation; totals agree across units, showDetails, zones; periods add up', async () => {
    const before = ck.failures.length;
    for (const v of models) {
      const utcTotals = new Map<string, Record<string, number | null>>();
      for (const tz of ZONES) {
        for (const p of mainPeriods(tz)) {
          let reference: Record<string, number | null> | null = null;
          for (const [unit, details] of combos(p, tz)) {
            const model = models_(v, p, unit, tz);
            {
              const w: Where = { screen: 'summary', vessel: short(v), period: p.name, unit, tz, details };
              const s = await get(summaryUrl(v, p, unit, tz, details));
              checkSummary(w, s, model, details);
              const totals = totalsOf(s);
              // the period's totals do not depend on the unit or showDetails (nor the zone for one UTC period)
              if (!reference) reference = totals;
              else
                for (const [k, val] of Object.entries(reference))
                  ck.leaf({ ...w, screen: 'same totals (first call vs this)' }, k, totals[k], val);
              if (p.utc) {
                const first = utcTotals.get(p.name);
                if (!first) utcTotals.set(p.name, totals);
                else if (unit === 'HOUR' && !details)
                  for (const [k, val] of Object.entries(first))
                    ck.leaf({ ...w, screen: 'same totals (+7 vs this zone)' }, k, totals[k], val);
              }
              if (details) {
                // a period's figure is the sum of its buckets (§1, §13: per-AE litres too)
                const sums = bucketSums(s);
                for (const [k, val] of Object.entries(sums)) {
                  const whole = totals[k];
                  if (whole === null || whole === undefined) continue;
                  if (whole === 0 && val < 0) continue; // a clamped period (§11, §13) is not the sum
                  ck.leaf({ ...w, screen: 'period = Σ buckets' }, k, val, whole);
                }
              }
            }
          }
        }
        // two adjacent periods add up to their union (any unit)
        for (const [a, b, u] of pairs(tz))
          for (const unit of unitsFor(u, tz)) {
            const w: Where = {
              screen: 'adjacent periods',
              vessel: short(v),
              period: `${a.name} + ${b.name}`,
              unit,
              tz,
            };
            const [sa, sb, su] = [
              await get(summaryUrl(v, a, unit, tz, false)),
              await get(summaryUrl(v, b, unit, tz, false)),
              await get(summaryUrl(v, u, unit, tz, false)),
            ];
            // each of them against the recomputation too
            for (const [p, s] of [
              [a, sa],
              [b, sb],
              [u, su],
            ] as const)
              checkSummary({ ...w, screen: 'summary', period: p.name }, s, models_(v, p, unit, tz), false);
            const [ta, tb, tu] = [totalsOf(sa), totalsOf(sb), totalsOf(su)];
            for (const k of ADDITIVE) {
              if (ta[k] === null || tb[k] === null || tu[k] === null || ta[k] === undefined) continue;
              ck.leaf(w, k, (ta[k] as number) + (tb[k] as number), tu[k]);
            }
          }
      }
    }
    const mine = ck.failures.length - before;
    expect(mine, ck.report('summary', 12, before).join('\n')).toBe(0);
  }, 600_000);

  it('combined data equals the recomputation', async () => {
    const before = ck.failures.length;
    for (const v of models)
      for (const tz of ZONES)
        for (const p of mainPeriods(tz))
          for (const unit of unitsFor(p, tz)) {
            const model = models_(v, p, unit, tz);
            const w: Where = { screen: 'combined', vessel: short(v), period: p.name, unit, tz };
            const c = await get(
              `/api/summary/combined/period/${p.start}/${p.end}?devcMassId=${v.spec.massId}&aggregatedUnit=${unit}&timezone=${tz}&typesToGet=gps,rpm,flowmeter,ae,temperature`,
            );
            const valid = new Set(model.allBuckets);
            ck.buckets(
              w,
              'datas',
              c.datas,
              X.bucketsWith(model, v.devices),
              (ts) => X.combinedRecord(model, ts),
              (ts) => valid.has(ts),
            );
            ck.leaf(
              w,
              'summaries.gps.calculatedSpeed',
              c.summaries?.gps?.calculatedSpeed,
              X.gpsSummary(model).calculatedSpeed,
            );
            const fuel = X.aeFuel(model);
            ck.leaf(w, 'summaries.flowmeter.AE_IN', c.summaries?.flowmeter?.AE_IN, fuel.aeIn);
            ck.leaf(w, 'summaries.flowmeter.AE_OUT', c.summaries?.flowmeter?.AE_OUT, fuel.aeOut);
          }
    expect(ck.failures.length - before, ck.report('combined data', 12, before).join('\n')).toBe(0);
  }, 600_000);

  it('the daily report pages and a share-link session show the summary figures', async () => {
    const before = ck.failures.length;
    for (const [v, tz] of [
      [models[0], 5.5],
      [models[1], 7],
    ] as const) {
      // one local day, HOUR (the report's and the link page's unit)
      const L = midnight(tz);
      const p: Period = { name: 'day', start: L, end: L + 24 * H, utc: false };
      const model = computePeriod(v, p.start, p.end, 'HOUR', tz);
      const s = await get(summaryUrl(v, p, 'HOUR', tz, true));
      const w: Where = { screen: 'report pages', vessel: short(v), period: p.name, unit: 'HOUR', tz };
      const report = await get(
        `/api/reports/report/pages/period/${p.start}/${p.end}?devcMassId=${v.spec.massId}&aggregatedUnit=HOUR&timezone=${tz}&dataTables=true&reports[]=summary&reports[]=rpm_speed&reports[]=fuel_characteristics&reports[]=ae_usage`,
      );
      const pages = report.pages as { key: string; title: string; blocks: any[] }[];
      const summaryTables = tablesOf(pages.find((x) => x.key === 'summary')?.blocks ?? []);
      const cell = (title: string, row: string, col = 1) =>
        summaryTables.find((x) => x.title === title)?.rows.find((r) => r[0] === row)?.[col];
      const g = X.gpsSummary(model);
      const f = X.flowSummary(model);
      const r = X.rpmSummary(model) as any;
      const ae = X.aeSummary(model) as any;
      // each figure: the report's text = the summary's number = the recomputation, formatted as the report does
      const both = (q: string, text: string | undefined, api: number | null | undefined, mine: number | null) => {
        ck.text(w, `${q} (vs summary)`, text, api, num);
        ck.text(w, `${q} (vs recomputation)`, text, mine, num);
      };
      both('Total Cruise (NM)', cell('GPS', 'Total Cruise (NM)'), s.gps?.summary?.totalCruise, g.totalCruise);
      both(
        'Average Speed (knot)',
        cell('GPS', 'Average Speed (knot)'),
        s.gps?.summary?.averageSpeedKnot,
        g.averageSpeedKnot,
      );
      for (const [label, side] of [
        ['Port', 'PORT'],
        ['Starboard', 'STARBOARD'],
      ] as const) {
        both(`${label} Average RPM`, cell('Main Engine', label, 1), s.rpm?.summary?.[side]?.average, r[side].average);
        both(
          `${label} Running Hours`,
          cell('Main Engine', label, 2),
          s.rpm?.summary?.[side]?.runningHours,
          r[side].runningHours,
        );
      }
      both(
        'Port ME (L)',
        cell('Fuel Consumption (L)', 'Port ME'),
        s.flowmeter?.summary?.portEngineCons,
        f.portEngineCons,
      );
      both(
        'Starboard ME (L)',
        cell('Fuel Consumption (L)', 'Starboard ME'),
        s.flowmeter?.summary?.starboardEngineCons,
        f.starboardEngineCons,
      );
      both(
        'ME Total (L)',
        cell('Fuel Consumption (L)', 'ME Total'),
        s.flowmeter?.summary?.meEngineCons,
        f.meEngineCons,
      );
      both(
        'Total Fuel (L)',
        cell('Fuel Consumption (L)', 'Total Fuel'),
        s.flowmeter?.summary?.totalFuelCons,
        f.totalFuelCons,
      );
      for (const n of AE_NAMES) {
        both(`${n} running hours`, cell('Auxiliary Engines', n, 1), s.ae?.[n]?.runningTime, ae[n].runningTime);
        both(`${n} fuel (L)`, cell('Auxiliary Engines', n, 2), s.ae?.[n]?.fuelConsumption, ae[n].fuelConsumption);
      }
      // the AE page's hourly table: each AE's litres per bucket (its sum is the Summary page's figure, §13)
      const aeTable = tablesOf(pages.find((x) => x.key === 'ae_usage')?.blocks ?? [])[0];
      ck.leaf(w, 'AE page hourly table', !!aeTable, true);
      if (aeTable) {
        const buckets = model.allBuckets;
        ck.leaf(w, 'AE table rows', aeTable.rows.length, buckets.length);
        for (const n of AE_NAMES) {
          const col = aeTable.columns.indexOf(`${n} Fuel (L)`);
          buckets.forEach((ts, i) => {
            const point = X.aePoint(model, n, ts);
            ck.text({ ...w, bucket: ts }, `AE page ${n} Fuel (L)`, aeTable.rows[i]?.[col], point?.fuelConsumption, num);
          });
        }
      }
      // the chart page RPM vs Fuel vs AE running time vs Speed vs Distance: its hourly table, bucket by bucket
      const chartTable = tablesOf(pages.find((x) => x.key === 'rpm_speed')?.blocks ?? [])[0];
      ck.leaf(w, 'RPM/speed page hourly table', !!chartTable, true);
      if (chartTable) {
        const gpsBuckets = new Set(X.bucketsWith(model, [v.gps]));
        const fuelBuckets = new Set(X.bucketsWith(model, [...Object.values(v.meters), ...Object.values(v.ae)]));
        const aeBuckets = new Set(X.aeBuckets(model));
        const column = (c: string) => chartTable.columns.indexOf(c);
        model.allBuckets.forEach((ts, i) => {
          const row = chartTable.rows[i];
          const bw = { ...w, bucket: ts };
          const gp = X.gpsPoint(model, ts);
          for (const [label, side] of [
            ['Port RPM', 'PORT'],
            ['Starboard RPM', 'STARBOARD'],
          ] as const)
            ck.text(bw, `RPM/speed page ${label}`, row?.[column(label)], X.rpmPoint(model, side, ts).rpm, num);
          ck.text(
            bw,
            'RPM/speed page ME Fuel Cons (L)',
            row?.[column('ME Fuel Cons (L)')],
            fuelBuckets.has(ts) ? X.mainEngine(model, ts) : null,
            num,
          );
          const aeHours = AE_NAMES.reduce((a, n) => a + (X.aePoint(model, n, ts)?.runningTime ?? 0), 0);
          ck.text(
            bw,
            'RPM/speed page AE Running Time (h)',
            row?.[column('AE Running Time (h)')],
            aeBuckets.has(ts) ? aeHours : null,
            num,
          );
          ck.text(
            bw,
            'RPM/speed page Speed (knot)',
            row?.[column('Speed (knot)')],
            gpsBuckets.has(ts) && gp.speed !== null ? gp.speed * 0.539957 : null,
            num,
          );
          ck.text(
            bw,
            'RPM/speed page Distance (NM)',
            row?.[column('Distance (NM)')],
            gpsBuckets.has(ts) ? gp.distance / 1852 : null,
            num,
          );
        });
      }
      // the Port / Starboard page: the last running total equals the Summary page's figure
      for (const [name, side, q] of [
        ['Port ME', 'PORT', 'portEngineCons'],
        ['Starboard ME', 'STARBOARD', 'starboardEngineCons'],
      ] as const) {
        const page = pages.find((x) => x.title === `${name} Total Fuel Used vs Running Hours`);
        const table = tablesOf(page?.blocks ?? [])[0];
        const last = table?.rows.at(-1);
        const col = (c: string) => table?.columns.indexOf(c) ?? -1;
        ck.text(w, `${name} page Total Fuel Used (L), last row`, last?.[col('Total Fuel Used (L)')], f[q], num);
        ck.text(
          w,
          `${name} page Total Running Hours (h), last row`,
          last?.[col('Total Running Hours (h)')],
          r[side].runningHours,
          num,
        );
      }

      // a share link for the same vessel and period: the link page's call (HOUR, showDetails) in a link session
      const link = await t.call({
        method: 'POST',
        url: '/api/share-links',
        token: seeded.token,
        payload: { massId: v.spec.massId, start: p.start, end: p.end },
      });
      const opened = await t.call({
        method: 'POST',
        url: '/api/share-links/open',
        payload: { token: link.json.data.token },
      });
      const linkSummary = await get(summaryUrl(v, p, 'HOUR', tz, true), opened.json.data.token);
      const lw: Where = { ...w, screen: 'share link', details: true };
      checkSummary(lw, linkSummary, model, true);
      const a = totalsOf(s);
      const b = totalsOf(linkSummary);
      for (const [k, val] of Object.entries(a)) ck.leaf({ ...lw, screen: 'share link vs summary' }, k, b[k], val);
    }
    expect(ck.failures.length - before, ck.report('cross-screen', 12, before).join('\n')).toBe(0);
  }, 600_000);
});
