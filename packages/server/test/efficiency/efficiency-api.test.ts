import type { EfficiencyRow } from '@fleet/shared/answers/efficiency.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePercent } from '../../src/modules/efficiency/efficiency-figures.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { buildWorld, H, type World } from '../summary/summary-world.ts';
import { type EfficiencyWorld, efficiencyWorld, STEP } from './efficiency-world.ts';

const NM = 1852;

describe.each(dialects())('fleet efficiency API on %s (docs/domain.md §38)', (dialect) => {
  let t: TestApp;
  let w: World;
  let e: EfficiencyWorld;
  let summaryToken: string;
  let tokenB: string;
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'GET', url, token, headers });
  const table = async (start: number, end: number, token = e.token) => {
    const r = await get(`/api/efficiency/fleet/period/${start}/${end}`, token);
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json.data as { rows: EfficiencyRow[]; previousStart: number; previousEnd: number };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
    e = await efficiencyWorld(t, w.tenants.compA2);
    const db = t.database.db;
    const role = await createRole(db, 'Efficiency and summary', {
      fleet_efficiency: ['read'],
      master_asset: ['read'],
    });
    await createUser(db, {
      userId: 'eff-a1@a.test',
      username: 'effa1',
      roleIds: [role],
      companies: [{ compId: w.tenants.compA1 }],
    });
    await createUser(db, {
      userId: 'eff-b@b.test',
      username: 'effb',
      roleIds: [role],
      companies: [{ compId: w.tenants.compB1 }],
    });
    summaryToken = await signIn(db, 'eff-a1@a.test', w.tenants.compA1);
    tokenB = await signIn(db, 'eff-b@b.test', w.tenants.compB1);
  });
  afterAll(() => t?.close());

  describe('hand-computed rows', () => {
    let rows: Map<number, EfficiencyRow>;
    let answer: Awaited<ReturnType<typeof table>>;
    beforeAll(async () => {
      answer = await table(e.T0, e.T0 + H);
      rows = new Map(answer.rows.map((r) => [r.massId, r]));
    });

    it('one row per visible vessel, by name; the previous period is the hour before', () => {
      expect(answer.rows.map((r) => r.massName)).toEqual(['Barge N', 'Tug W', 'Tug X', 'Tug Y', 'Tug Z', 'Vessel A2']);
      expect([answer.previousStart, answer.previousEnd]).toEqual([e.T0 - H, e.T0]);
    });

    it('Tug X: fuel, distance, hours, L/NM, L/h, CO₂', () => {
      const x = rows.get(e.x)!;
      // §11: readings 60…119 lie in the period, 2 L each (reading 60's interval reaches back to T0 − 60 s: its litres
      // belong to it) → 120 L. §6: fix 60's span [T0 − 60, T0) is the previous period's; fixes 61…119 → 59 steps.
      // §9: samples 61…119 credit 60 s each → 3 540 s.
      const nm = (59 * STEP) / NM;
      expect(x.fuel).toBeCloseTo(120, 9);
      expect(x.meFuel).toBeCloseTo(120, 9);
      expect(x.aeFuel).toBeNull(); // no AE, no AE meter (§14)
      expect(x.distanceNm).toBeCloseTo(nm, 9);
      expect(x.portHours).toBeCloseTo(3540 / 3600, 9);
      expect(x.starboardHours).toBeNull();
      expect(x.ae1Hours).toBeNull();
      expect(x.meHours).toBeCloseTo(3540 / 3600, 9);
      expect(x.litresPerNm).toBeCloseTo(120 / nm, 9);
      expect(x.litresPerHour).toBeCloseTo(120 / (3540 / 3600), 9);
      // §23: no measured density → the fuel type's 850 kg/m³, × 3.206
      expect(x.co2).toBeCloseTo(((120 * 850) / 1e6) * 3.206, 9);
      expect(x.matyName).toBe('Tug efficiency');
    });

    it('Tug X: change against the previous hour (118 L, 60 steps, 1 h)', () => {
      const x = rows.get(e.x)!;
      // previous: readings 1…59 (reading 0 is the meter's first: δ 0) → 118 L; fixes 1…60 → 60 steps; 3 600 s
      const before = { fuel: 118, perNm: 118 / ((60 * STEP) / NM), perHour: 118 };
      expect(x.change.fuel).toBeCloseTo(((120 - 118) / 118) * 100, 9);
      expect(x.change.litresPerNm).toBeCloseTo(((x.litresPerNm! - before.perNm) / before.perNm) * 100, 9);
      expect(x.change.litresPerHour).toBeCloseTo(((120 / (59 / 60) - 118) / 118) * 100, 9);
      expect(x.change.co2).toBeCloseTo(((120 - 118) / 118) * 100, 9); // the same density and factor on both sides
    });

    it('rank among the tugs by L/NM: X and Z share 1, Y (twice the litres) 3 of 3; W (no distance) none', () => {
      expect(rows.get(e.y)!.litresPerNm).toBeCloseTo(2 * rows.get(e.x)!.litresPerNm!, 9);
      expect([rows.get(e.x)!.rank, rows.get(e.z)!.rank, rows.get(e.y)!.rank]).toEqual([1, 1, 3]);
      expect([rows.get(e.x)!.rankOf, rows.get(e.y)!.rankOf]).toEqual([3, 3]);
      expect(rows.get(e.w)!).toMatchObject({ distanceNm: 0, litresPerNm: null, rank: null, rankOf: null });
      expect(rows.get(e.w)!.fuel).toBeCloseTo(120, 9);
    });

    it('motion hours (§37.1): under way and idle with the engine running', () => {
      // Tug X: fixes 61…119 all moving (20 km/h) → 3 540 s under way; the engine runs only while under way
      expect(rows.get(e.x)!.underwayHours).toBeCloseTo(3540 / 3600, 9);
      expect(rows.get(e.x)!.idleRunningHours).toBe(0);
      // Tug Z: SOG 0 from fix 90: fixes 61…89 under way (29 × 60 s); fixes 90…119 stopped while the engine runs
      expect(rows.get(e.z)!.underwayHours).toBeCloseTo(1740 / 3600, 9);
      expect(rows.get(e.z)!.idleRunningHours).toBeCloseTo(1800 / 3600, 9);
      // Tug W has no GPS device: no detection, no motion figures (not 0: its engine ran)
      expect(rows.get(e.w)!).toMatchObject({ underwayHours: null, idleRunningHours: null });
    });

    it('Barge N: nothing in the previous period → no change; alone of its type → 1 of 1', () => {
      const n = rows.get(e.n)!;
      // the meter's first reading (60) has δ 0: 59 × 2 L; the first fix has no span: 59 steps
      expect(n.fuel).toBeCloseTo(118, 9);
      expect(n.distanceNm).toBeCloseTo((59 * STEP) / NM, 9);
      expect(n.change).toEqual({ fuel: null, litresPerNm: null, litresPerHour: null, co2: null });
      expect([n.rank, n.rankOf]).toEqual([1, 1]);
    });

    it('a vessel without devices or type: no figures, no rank', () => {
      const a2 = answer.rows.find((r) => r.massName === 'Vessel A2')!;
      expect(a2).toMatchObject({ fuel: null, distanceNm: 0, litresPerNm: null, co2: null, rank: null, matyId: null });
    });
  });

  it('agrees with the summary route for every vessel of the summary suites, now and the period before', async () => {
    const start = w.T0;
    const end = w.T0 + 3 * H;
    const { rows } = await table(start, end, summaryToken);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      const summary = async (a: number, b: number) => {
        const r = await get(`/api/summary/aggregated/period/${a}/${b}?devcMassId=${row.massId}`, summaryToken);
        expect(r.statusCode).toBe(200);
        return r.json.data;
      };
      const s = await summary(start, end);
      const f = s.flowmeter.summary;
      expect(row, row.massName).toMatchObject({
        fuel: f.totalFuelCons,
        meFuel: f.meEngineCons,
        aeFuel: f.aeEngineCons,
        meFuel15: f.meEngineCons15,
        aeFuel15: f.aeEngineCons15,
        meFuelKg: f.meEngineConsKg,
        aeFuelKg: f.aeEngineConsKg,
        distanceNm: s.gps.summary.totalCruise,
        portHours: s.rpm.summary.PORT?.runningHours ?? null,
        starboardHours: s.rpm.summary.STARBOARD?.runningHours ?? null,
        ae1Hours: s.ae.AE1?.runningTime ?? null,
        ae2Hours: s.ae.AE2?.runningTime ?? null,
        ae3Hours: s.ae.AE3?.runningTime ?? null,
        co2: f.co2Emitted,
      });
      const before = await summary(2 * start - end, start);
      expect(row.change.fuel).toBe(changePercent(f.totalFuelCons, before.flowmeter.summary.totalFuelCons));
      expect(row.change.co2).toBe(changePercent(f.co2Emitted, before.flowmeter.summary.co2Emitted));
    }
    // the twin with AE meters has every part: the agreement is not of nulls
    const twin = rows.find((r) => r.massId === w.twinAe)!;
    expect([twin.fuel, twin.aeFuel, twin.ae1Hours, twin.starboardHours].every((v) => v !== null && v > 0)).toBe(true);
  });

  describe('monthly trend', () => {
    it('the months add up to the vessel’s readings; each month is the summary of that month', async () => {
      const r = await get(`/api/efficiency/${e.x}/trend?months=3`, e.token);
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      const months = r.json.data.months;
      expect(months).toHaveLength(3);
      expect(months.map((m: { partial: boolean }) => m.partial)).toEqual([false, false, true]);
      for (let i = 1; i < 3; i++) expect(months[i].start).toBe(months[i - 1].end);
      // every reading of Tug X: 119 × 2 L, 119 steps (whatever month boundary the two hours cross)
      const sum = (k: 'fuel' | 'distanceNm') =>
        months.reduce((s: number, m: Record<string, number | null>) => s + (m[k] ?? 0), 0);
      expect(sum('fuel')).toBeCloseTo(238, 9);
      expect(sum('distanceNm')).toBeCloseTo((119 * STEP) / NM, 9);
      const table3 = await table(months[2].start, months[2].end);
      const inTable = table3.rows.find((row) => row.massId === e.x)!;
      expect(months[2]).toMatchObject({
        fuel: inTable.fuel,
        distanceNm: inTable.distanceNm,
        litresPerNm: inTable.litresPerNm,
      });
    });

    it('12 months by default; months outside 1–24 and a bad id are 400s', async () => {
      const r = await get(`/api/efficiency/${e.x}/trend`, e.token);
      expect(r.json.data.months).toHaveLength(12);
      expect(r.json.data.timeZone).toBeTruthy();
      for (const q of ['months=0', 'months=25', 'months=x', 'months=1.5']) {
        const bad = await get(`/api/efficiency/${e.x}/trend?${q}`, e.token);
        expect(bad.statusCode, q).toBe(400);
        expect(JSON.stringify(bad.json)).toContain('months must be a whole number from 1 to 24');
      }
      expect((await get('/api/efficiency/abc/trend', e.token)).statusCode).toBe(400);
    });
  });

  describe('validation, scope and permission', () => {
    it('a bad period and a period over 366 days are 400s, in Indonesian too', async () => {
      expect((await get('/api/efficiency/fleet/period/abc/123', e.token)).statusCode).toBe(400);
      expect((await get(`/api/efficiency/fleet/period/${e.T0}/${e.T0 - 1}`, e.token)).statusCode).toBe(400);
      const long = `/api/efficiency/fleet/period/${e.T0 - 367 * 86400}/${e.T0}`;
      const en = await get(long, e.token);
      expect(en.statusCode).toBe(400);
      expect(JSON.stringify(en.json)).toContain('covers at most 366 days');
      const id = await get(long, e.token, { 'accept-language': 'id' });
      expect(JSON.stringify(id.json)).toContain('Tabel efisiensi armada mencakup paling lama 366 hari');
      expect((await get(`/api/efficiency/fleet/period/${e.T0 - 366 * 86400}/${e.T0}`, e.token)).statusCode).toBe(200);
    });

    it('another tenant sees only its own vessel and not ours; its trend is not found', async () => {
      const { rows } = await table(e.T0, e.T0 + H, tokenB);
      expect(rows.map((r) => r.massId)).toEqual([w.tenants.assetB1]);
      expect((await get(`/api/efficiency/${e.x}/trend`, tokenB)).statusCode).toBe(404);
    });

    it('without read on fleet_efficiency: 403 on both routes', async () => {
      const reader = w.tenants.readerA; // master_asset only
      expect((await get(`/api/efficiency/fleet/period/${e.T0}/${e.T0 + H}`, reader)).statusCode).toBe(403);
      expect((await get(`/api/efficiency/${w.twinAe}/trend`, reader)).statusCode).toBe(403);
    });
  });
});
