import { dcsYearSchema, emissionsPeriodSchema } from '@fleet/shared/answers/emissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { motionTotals } from '../../src/modules/voyages/motion-hours.ts';
import { redetect } from '../../src/modules/voyages/redetect.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn, twoTenants } from '../helpers/fixtures.ts';
import { H, MIN, send, series, vessel } from '../summary/summary-world.ts';

/** Metres per 0.01° of longitude on the equator: R · Δλ (domain.md §6). */
const STEP = 6371000 * ((0.01 * Math.PI) / 180);
const NM = (59 * STEP) / 1852;

/**
 * docs/domain.md §39 through the routes, every figure worked out by hand from the readings below:
 * - Tanker (HSD: CF 3.206, standard 845 kg/m³; 3 500 DWT, 2 450 GT, tanker): 60 one-minute readings from T0; the port
 *   supply meter counts 2 L a minute at 850 kg/m³, the starboard one 3 L at 840 (§11: the first reading of a meter
 *   counts nothing), the GPS runs 0.01° of longitude a minute on the equator. Fuel 59 × 2 = 118 L + 59 × 3 = 177 L
 *   = 295 L; mass 118 × 850 / 10⁶ + 177 × 840 / 10⁶ = 0.1003 + 0.14868 = 0.24898 t; CO₂ × 3.206 = 0.79822988 t;
 *   distance 59 × 1 111.95 m = 35.64 NM.
 * - Tug (Biosolar B35: no factor, 850 kg/m³; type other): 59 × 1 L at the standard density = 0.05015 t, no CO₂.
 * - Vessel A1 (no devices, no fuel type); Vessel A2 (company A2, not the signed-in company), Vessel B1 (tenant B).
 */
describe.each(dialects())('emissions API on %s', (dialect) => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof twoTenants>>;
  let tanker: number;
  let tug: number;
  let T0: number;
  let noEmissions: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    tenants = await twoTenants(db, ['master_asset', 'emissions']);
    const fuel = async (name: string, factor: number | null, density: number) =>
      Number(
        (
          await db
            .insertInto('fuel_type')
            .values({ mftyName: name, mftyCo2Factor: factor, mftyDensity: density, mftyCreatedTime: nowSeconds() })
            .returning('mftyId')
            .executeTakeFirstOrThrow()
        ).mftyId,
      );
    const hsd = await fuel('HSD', 3.206, 845);
    const b35 = await fuel('Biosolar B35', null, 850);
    T0 = Math.floor((nowSeconds() - 2 * 86400) / H) * H;
    const a = await vessel(t, tenants.compA1, 'Tanker', {
      massMftyId: hsd,
      massGt: 2450,
      massDwt: 3500,
      massCiiType: 'tanker',
    });
    await a.add('gps-t', 'gps', null);
    await a.add('fm-t-p', 'flowmeter', 'PORT_IN');
    await a.add('fm-t-s', 'flowmeter', 'STARBOARD_IN');
    await send(t, a.key, [
      ...series('gps-t', T0, 60, (i) => ({ latitude: 0, longitude: 100 + 0.01 * i, speed: 36, track: 90 })),
      ...series('fm-t-p', T0, 60, (i) => ({
        volumeInventory: 10000 + 2 * i,
        volumeFlowrate: 120,
        density: 850,
        temperature: 40,
      })),
      ...series('fm-t-s', T0, 60, (i) => ({
        volumeInventory: 20000 + 3 * i,
        volumeFlowrate: 180,
        density: 840,
        temperature: 40,
      })),
    ]);
    tanker = a.massId;
    const b = await vessel(t, tenants.compA1, 'Tug', {
      massMftyId: b35,
      massGt: 198,
      massDwt: 120,
      massCiiType: 'other',
    });
    await b.add('fm-u-p', 'flowmeter', 'PORT_IN');
    await send(
      t,
      b.key,
      series('fm-u-p', T0, 60, (i) => ({ volumeInventory: 5000 + i, volumeFlowrate: 60 })),
    );
    tug = b.massId;
    const role = await createRole(db, 'No emissions', { master_asset: ['read'] });
    await createUser(db, {
      userId: 'plain@a.test',
      username: 'plaina',
      roleIds: [role],
      companies: [{ compId: tenants.compA1 }],
    });
    noEmissions = await signIn(db, 'plain@a.test', tenants.compA1);
  });
  afterAll(() => t?.close());

  const get = (url: string, token = tenants.adminA, headers: Record<string, string> = {}) =>
    t.call({ method: 'GET', url, token, headers });
  const summaryOf = async (massId: number, start: number, end: number) =>
    (await get(`/api/summary/aggregated/period/${start}/${end}?devcMassId=${massId}`)).json.data;

  describe('CO₂ of a period per vessel and fleet (§39.1)', () => {
    let d: any;
    beforeAll(async () => {
      const r = await get(`/api/emissions/fleet/period/${T0}/${T0 + 2 * H}`);
      expect(r.statusCode).toBe(200);
      d = r.json.data;
      // the answer is written as JSON by the task (emissions-task.ts): it holds to the route's schema
      expect(emissionsPeriodSchema.parse(d)).toEqual(d);
    });

    it('lists the visible vessels by name, with their hand-computed figures', () => {
      // the active company's vessels (company A1): not A2's, not tenant B's
      expect(d.vessels.map((v: any) => v.massName)).toEqual(['Tanker', 'Tug', 'Vessel A1']);
      const tk = d.vessels[0];
      expect(tk.fuelType).toMatchObject({ name: 'HSD', co2Factor: 3.206, density: 845 });
      expect(tk.fuelLitres).toBeCloseTo(295, 9);
      expect(tk.fuelTonnes).toBeCloseTo(0.24898, 12);
      expect(tk.co2Tonnes).toBeCloseTo(0.79822988, 12);
      expect(tk.distanceNm).toBeCloseTo(NM, 9);
      expect(d.vessels[1]).toMatchObject({ co2Tonnes: null, distanceNm: 0 });
      expect(d.vessels[1].fuelTonnes).toBeCloseTo(0.05015, 12);
      expect(d.vessels[2]).toMatchObject({ fuelType: null, fuelLitres: null, fuelTonnes: null, co2Tonnes: null });
    });

    it("the fleet's sums say how many vessels have no CO₂", () => {
      expect(d.fleet.co2Tonnes).toBeCloseTo(0.79822988, 12);
      expect(d.fleet.fuelLitres).toBeCloseTo(295 + 59, 9);
      expect(d.fleet.fuelTonnes).toBeCloseTo(0.24898 + 0.05015, 12);
      expect(d.fleet.distanceNm).toBeCloseTo(NM, 9);
      expect(d.fleet.vesselsWithoutCo2).toBe(2);
    });

    it("agrees with the summary route's fuel, CO₂ and distance for the same period", async () => {
      for (const [massId, start, end] of [
        [tanker, T0, T0 + 2 * H],
        [tug, T0, T0 + 2 * H],
        [tanker, T0 + 17 * MIN, T0 + 41 * MIN],
      ]) {
        const s = await summaryOf(massId, start, end);
        const e = (await get(`/api/emissions/fleet/period/${start}/${end}`)).json.data.vessels.find(
          (v: any) => v.massId === massId,
        );
        expect(e.fuelLitres).toBe(s.flowmeter.summary.totalFuelCons);
        expect(e.co2Tonnes).toBe(s.flowmeter.summary.co2Emitted);
        expect(e.distanceNm).toBe(s.gps.summary.totalCruise);
      }
    });

    it('is scoped to what the user sees and needs read on emissions', async () => {
      const b = await get(`/api/emissions/fleet/period/${T0}/${T0 + 2 * H}`, tenants.adminB);
      expect(b.json.data.vessels.map((v: any) => v.massName)).toEqual(['Vessel B1']);
      // the reader sees company A1 only
      const r = await get(`/api/emissions/fleet/period/${T0}/${T0 + 2 * H}`, tenants.readerA);
      expect(r.json.data.vessels.map((v: any) => v.massName)).toEqual(['Tanker', 'Tug', 'Vessel A1']);
      expect((await get(`/api/emissions/fleet/period/${T0}/${T0 + H}`, noEmissions)).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: `/api/emissions/fleet/period/${T0}/${T0 + H}` })).statusCode).toBe(
        401,
      );
    });

    it('refuses a period longer than 366 days or ending before it starts, in the asker’s language', async () => {
      const long = await get(`/api/emissions/fleet/period/${T0 - 367 * 86400}/${T0}`);
      expect(long.statusCode).toBe(400);
      expect(long.json.status.message).toContain('at most 366 days');
      const id = await get(`/api/emissions/fleet/period/${T0 - 367 * 86400}/${T0}`, tenants.adminA, {
        'accept-language': 'id-ID',
      });
      expect(id.json.status.message).toBe('Periode emisi paling lama 366 hari: pilih periode yang lebih pendek');
      expect((await get(`/api/emissions/fleet/period/${T0}/${T0 - H}`)).statusCode).toBe(400);
      expect((await get('/api/emissions/fleet/period/yesterday/today')).statusCode).toBe(400);
    });
  });

  describe('the DCS year (§39.2–§39.4)', () => {
    let d: any;
    let year: number;
    beforeAll(async () => {
      year = new Date(T0 * 1000).getUTCFullYear();
      // the voyages' detection (its background pass in the product) writes the motion hours
      await redetect(t.database, tanker, nowSeconds());
      // a year of every vessel: more rows than the in-process limit, so it runs in the heavy pool
      const r = await get(`/api/emissions/dcs/${year}`);
      expect(r.statusCode).toBe(200);
      d = r.json.data;
      expect(dcsYearSchema.parse(d)).toEqual(d);
    });

    it('covers the calendar year in UTC, to date in the current one', () => {
      expect(d.start).toBe(Date.UTC(year, 0, 1) / 1000);
      expect(d.end).toBe(Date.UTC(year + 1, 0, 1) / 1000);
      expect(d.partial).toBe(nowSeconds() < d.end);
    });

    it('the tanker: fuel, distance, AER, cgDIST and an indicative CII', () => {
      const v = d.vessels.find((x: any) => x.massId === tanker);
      expect(v).toMatchObject({ gt: 2450, dwt: 3500, ciiType: 'tanker', ciiReason: null });
      expect(v.fuelTonnes).toBeCloseTo(0.24898, 12);
      expect(v.co2Tonnes).toBeCloseTo(0.79822988, 12);
      expect(v.distanceNm).toBeCloseTo(NM, 9);
      // AER = 798 229.88 g / (3 500 × 35.64 NM); cgDIST the same over 2 450 GT
      expect(v.aer).toBeCloseTo(798229.88 / (3500 * NM), 6);
      expect(v.cgDist).toBeCloseTo(798229.88 / (2450 * NM), 6);
      expect(v.cii).toMatchObject({ metric: 'AER', applies: false });
      expect(v.cii.attained).toBe(v.aer);
      // 5 247 × 3 500^−0.610 = 36.143
      expect(v.cii.reference).toBeCloseTo(36.143, 3);
    });

    it('hours under way are the voyages’ motion hours', async () => {
      // §37.1: the 59 fixes after the first move at 36 km/h, each credited its 60 s: 3 540 s = 0.98333 h
      expect(d.vessels.find((x: any) => x.massId === tanker).hoursUnderway).toBeCloseTo(3540 / 3600, 12);
      const motion = await motionTotals(t.database, [tanker, tug], d.start, d.end);
      for (const id of [tanker, tug])
        expect(d.vessels.find((x: any) => x.massId === id).hoursUnderway).toBe(motion.get(id)!.underwaySeconds / 3600);
    });

    it('a tug has no reference line, a vessel without a type no CII', () => {
      const u = d.vessels.find((x: any) => x.massId === tug);
      expect(u).toMatchObject({ cii: null, ciiReason: 'no_reference_line', co2Tonnes: null, aer: null, cgDist: null });
      expect(d.vessels.find((x: any) => x.massName === 'Vessel A1')).toMatchObject({
        cii: null,
        ciiReason: 'no_ship_type',
      });
    });

    it('refuses a year before 2019, after the current one, or not a year', async () => {
      const current = new Date(nowSeconds() * 1000).getUTCFullYear();
      for (const y of ['2018', String(current + 1), 'abcd', '20250'])
        expect((await get(`/api/emissions/dcs/${y}`)).statusCode, y).toBe(400);
      const id = await get('/api/emissions/dcs/2018', tenants.adminA, { 'accept-language': 'id-ID' });
      expect(id.json.status.message).toBe(`year harus tahun dari 2019 sampai ${current}`);
      expect((await get(`/api/emissions/dcs/${year}`, noEmissions)).statusCode).toBe(403);
    });
  });

  describe('asset capacity fields (§32.1)', () => {
    const create = (payload: Record<string, unknown>) =>
      t.call({
        method: 'POST',
        url: '/api/master/asset',
        token: tenants.adminA,
        payload: { massName: 'New', ...payload },
      });

    it('refuses a GT or DWT outside 1 … 1 000 000 and an unknown CII ship type', async () => {
      const gt = await create({ massGt: 0 });
      expect(gt.statusCode).toBe(400);
      expect(JSON.stringify(gt.json)).toContain('Gross Tonnage must be between 1 and 1,000,000 GT');
      const dwt = await create({ massDwt: 2_000_000 });
      expect(dwt.statusCode).toBe(400);
      expect(JSON.stringify(dwt.json)).toContain('Deadweight must be between 1 and 1,000,000 t');
      expect((await create({ massCiiType: 'ferry' })).statusCode).toBe(400);
    });

    it('stores them, and an empty CII ship type as none', async () => {
      const r = await create({ massName: 'Bulker', massGt: '33000', massDwt: 60000, massCiiType: 'bulk_carrier' });
      expect(r.statusCode).toBe(200);
      const id = r.json.data.massId;
      const row = (await get(`/api/master/asset/${id}`)).json.data;
      expect(row).toMatchObject({ massGt: 33000, massDwt: 60000, massCiiType: 'bulk_carrier' });
      const u = await t.call({
        method: 'PUT',
        url: `/api/master/asset/${id}`,
        token: tenants.adminA,
        payload: { ...row, massCiiType: '' },
      });
      expect(u.statusCode).toBe(200);
      expect((await get(`/api/master/asset/${id}`)).json.data.massCiiType).toBeNull();
    });
  });
});
