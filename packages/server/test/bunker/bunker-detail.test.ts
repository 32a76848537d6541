import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type BunkerWorld, bunkerWorld, H, T0 } from './world.ts';

/** GET /api/master/bunker/log/detail/{id} and the list's bklgSummary — figures of docs/domain.md §24 by hand. */
describe.each(dialects())('bunkering log detail on %s', (dialect) => {
  let t: TestApp;
  let w: BunkerWorld;
  let log1: number;
  let log2: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await bunkerWorld(t);
    const create = async (payload: Record<string, unknown>) => {
      const r = await t.call({ method: 'POST', url: '/api/master/bunker/log', token: w.adminA, payload });
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      return r.json.data.bklgId as number;
    };
    const base = { bklgMassId: w.assetA1, bklgMbloId: w.location, bklgMftyId: w.fuelType, bklgType: 'IN' };
    log1 = await create({
      ...base,
      bklgStartDatetime: T0 + 2 * H,
      bklgEndDatetime: T0 + 3 * H,
      bklgTargetBunker: 10000,
      bklgStartSounding: 20000,
      bklgEndSounding: 29900,
      bklgNote: 'first',
    });
    log2 = await create({
      ...base,
      bklgStartDatetime: T0 + 23 * H,
      bklgEndDatetime: T0 + 25 * H,
      bklgTargetBunker: 12000,
    });
  });
  afterAll(() => t.close());

  const detail = (id: number, token = w.adminA) =>
    t.call({ method: 'GET', url: `/api/master/bunker/log/detail/${id}`, token });
  const adjust = (payload: Record<string, unknown>, token = w.adminA) =>
    t.call({ method: 'POST', url: '/api/master/bunker/adjustment', token, payload: { bklaBklgId: log1, ...payload } });

  it('§24.1 totaliser reset inside the window: 10 500 L measured, one reset, 15 °C volume ≈ 10 500 × 0.98330', async () => {
    const r = await detail(log1);
    expect(r.statusCode).toBe(200);
    const d = r.json.data;
    expect(d.totalBunkerFlowmeter).toBe(10500);
    expect(d.flowmeter).toMatchObject({ deviceId: 'fm-bunker', readings: 7, resets: 1 });
    expect(d.standard.totalBunkerFlowmeter15).toBeCloseTo(10324.7, 0);
    expect(d.finalBunker).toBe(10500);
    expect(d.totalBunkerSounding).toBe(9900);
    // vs target 10 000: +500, +5.00 %; vs sounding 9 900: +600, 6.0606 → 6.06 %
    expect(d.discrepancyToTarget).toEqual({ amount: 500, percentage: 5 });
    expect(d.discrepancyToSounding).toEqual({ amount: 600, percentage: 6.06 });
    // band on the 15 °C figure: 10 324.7 vs 10 000 = +3.25 % → protest
    expect(d.tolerance).toMatchObject({ basis: '15C', band: 'protest', warning: 0.5, protest: 1 });
    expect(d.tolerance.percentage).toBeCloseTo(3.25, 1);
    expect(d.log.bklgMass.massName).toBe('Vessel A1');
  });

  it('§24.2 reset then adjust: +200, reset 9 800, −50 → final 9 750, RESETED, history kept for the reader', async () => {
    for (const p of [
      { bklaType: 2, bklaAmount: 200, bklaReason: 'MANUAL_ADDITION', bklaDesc: 'pipe' },
      { bklaType: 1, bklaAmount: 9800, bklaReason: 'Dispute_WITH_SUPPLIER', bklaDesc: 'survey' },
      { bklaType: 2, bklaAmount: -50, bklaReason: 'LOSS_DUE_TO_SPILLAGE', bklaDesc: 'spill' },
    ]) {
      const r = await adjust(p);
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    }
    const d = (await detail(log1)).json.data;
    expect(d.finalBunker).toBe(9750);
    expect(d.totalAdjustment).toBe(-750); // 9 750 − 10 500
    expect(d.flagReset).toBe(1);
    expect(d.discrepancyToTarget).toEqual({ amount: -250, percentage: -2.5 });
    expect(d.discrepancyToSounding).toEqual({ amount: -150, percentage: -1.52 });
    // §24.3 at 15 °C the same adjustments in litres at 15 °C: every reading 835.81 kg/m³ at 35 °C, VCF 0.98330 →
    // 10 500 × 0.98330 = 10 324.7; after the reset 9 800 × 0.98330 − 50 × 0.98330 = 9 750 × 0.98330 = 9 587.2
    expect(d.standard.totalBunkerFlowmeter15).toBeCloseTo(10324.7, 0);
    expect(d.standard.finalBunker15).toBeCloseTo(9587.2, 0);
    expect(Object.keys(d.adjustments)).toHaveLength(3);
    const list = await t.call({
      method: 'GET',
      url: `/api/master/bunker/log/period/${T0}/${T0 + 86400 * 2}`,
      token: w.readerA,
    });
    const row = list.json.data.find((x: any) => x.bklgId === log1);
    expect(row.bklgSummary).toMatchObject({
      finalBunker: 9750,
      flagReset: 1,
      adjustmentCount: 3,
      toleranceBand: 'protest',
    });
  });

  it('§5 adjustment messages come from the server too', async () => {
    const zero = await adjust({ bklaType: 2, bklaAmount: 0, bklaReason: 'OTHERS', bklaDesc: 'x' });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json.status.message)).toContain('Adjustment value cannot be zero.');
    const blank = await adjust({ bklaType: 2, bklaAmount: 5, bklaReason: 'OTHERS', bklaDesc: '   ' });
    expect(JSON.stringify(blank.json.status.message)).toContain('Detail note is required.');
    const long = await adjust({ bklaType: 2, bklaAmount: 5, bklaReason: 'OTHERS', bklaDesc: 'x'.repeat(256) });
    expect(JSON.stringify(long.json.status.message)).toContain('Note cannot exceed 255 characters.');
    const noReason = await adjust({ bklaType: 2, bklaAmount: 5, bklaDesc: 'x' });
    expect(JSON.stringify(noReason.json.status.message)).toContain('Adjustment reason is required');
  });

  it('§5 log messages come from the server too', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: { bklgStartDatetime: T0, bklgEndDatetime: T0 },
    });
    expect(r.statusCode).toBe(400);
    const text = JSON.stringify(r.json.status.message);
    for (const m of [
      'Target bunker must be filled.',
      'Asset must be selected.',
      'Fuel type must be selected.',
      'Location must be filled.',
    ])
      expect(text).toContain(m);
    const same = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: {
        bklgMassId: w.assetA1,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgType: 'IN',
        bklgStartDatetime: T0,
        bklgEndDatetime: T0,
        bklgTargetBunker: 1,
      },
    });
    expect(JSON.stringify(same.json.status.message)).toContain('Start and end time must not be the same.');
  });

  it('§24.1 a bunkering spanning a day boundary counts the whole window: 12 000 L; no soundings → N/A', async () => {
    const d = (await detail(log2)).json.data;
    expect(d.totalBunkerFlowmeter).toBe(12000);
    expect(d.flowmeter.resets).toBe(0);
    expect(d.standard.totalBunkerFlowmeter15).toBe(12000); // 15 °C readings: VCF 1
    expect(d.discrepancyToTarget).toEqual({ amount: 0, percentage: 0 });
    expect(d.totalBunkerSounding).toBeNull();
    expect(d.discrepancyToSounding).toEqual({ amount: null, percentage: null });
    expect(d.tolerance.band).toBe('within');
  });

  it('§24.4 zero target (a stored row): percentage null, never Infinity', async () => {
    const row = await t.database.db
      .insertInto('bunker_log')
      .values({
        bklgMassId: w.assetA1,
        bklgStartDatetime: T0 + 23 * H,
        bklgEndDatetime: T0 + 25 * H,
        bklgTargetBunker: 0,
        bklgType: 'IN',
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    const d = (await detail(Number(row.bklgId))).json.data;
    expect(d.discrepancyToTarget).toEqual({ amount: 12000, percentage: null });
    expect(d.tolerance.band).toBeNull();
  });

  it('§24.1 a vessel without a bunker meter: flowmeter null; OUT logs use their soundings', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: {
        bklgMassId: w.emptyVessel,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgType: 'OUT',
        bklgStartDatetime: T0,
        bklgEndDatetime: T0 + H,
        bklgTargetBunker: 3000,
        bklgStartSounding: 10000,
        bklgEndSounding: 7000,
      },
    });
    const d = (await detail(r.json.data.bklgId)).json.data;
    expect(d.totalBunkerFlowmeter).toBeNull();
    expect(d.totalBunkerSounding).toBe(3000);
    expect(d.finalBunker).toBe(3000);
    expect(d.discrepancyToTarget).toEqual({ amount: 0, percentage: 0 });
  });

  it('permissions and scope: no adjustments without read on master_bunker_adjustment; other tenant 404; bad id 400', async () => {
    expect((await detail(log1, w.adminB)).statusCode).toBe(404);
    expect((await detail(999999)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/master/bunker/log/detail/abc', token: w.adminA })).statusCode,
    ).toBe(400);
    const reader = await detail(log1, w.readerA);
    expect(reader.statusCode).toBe(200);
    expect(Object.keys(reader.json.data.adjustments)).toHaveLength(3);
    // read on master_bunker_log only: the figures, no adjustment history (spec 002 §6)
    const db = t.database.db;
    const role = await createRole(db, 'Log only', { master_bunker_log: ['read'] });
    await createUser(db, {
      userId: 'logonly@a.test',
      username: 'logonly',
      roleIds: [role],
      companies: [{ compId: w.compA1 }],
    });
    const logOnly = await detail(log1, await signIn(db, 'logonly@a.test', w.compA1));
    expect(logOnly.statusCode).toBe(200);
    expect(logOnly.json.data.finalBunker).toBe(9750);
    expect(logOnly.json.data.adjustments).toEqual({});
    const del = await t.call({ method: 'DELETE', url: `/api/master/bunker/log/${log1}`, token: w.readerA });
    expect(del.statusCode).toBe(403);
  });

  it('deleting a log deletes its adjustments with it', async () => {
    const del = await t.call({ method: 'DELETE', url: `/api/master/bunker/log/${log1}`, token: w.adminA });
    expect(del.statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('bunker_adjustment')
      .selectAll()
      .where('bklaBklgId', '=', log1)
      .execute();
    expect(left).toEqual([]);
  });

  it('bunker dashboard: the meter readings of a range and their totals; a vessel without a meter says so', async () => {
    const r = await t.call({
      method: 'GET',
      url: `/api/bunker/dashboard/${w.assetA1}/period/${T0}/${T0 + 4 * H}`,
      token: w.adminA,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data.deviceId).toBe('fm-bunker');
    expect(r.json.data.rows).toHaveLength(7);
    expect(r.json.data.summary.totalVolume).toBe(10500);
    expect(r.json.data.summary.averageTemp).toBe(35);
    expect(r.json.data.lastUpdate).toBe(new Date((T0 + 25 * H) * 1000).toISOString());
    const none = await t.call({
      method: 'GET',
      url: `/api/bunker/dashboard/${w.emptyVessel}/period/${T0}/${T0 + H}`,
      token: w.adminA,
    });
    expect(none.json.data).toMatchObject({ deviceId: null, rows: [] });
    // [start, end) as every period (docs/domain.md §1): the reading at T0 + 24 h belongs to the next day
    const day = await t.call({
      method: 'GET',
      url: `/api/bunker/dashboard/${w.assetA1}/period/${T0 + 23 * H}/${T0 + 24 * H}`,
      token: w.adminA,
    });
    expect(day.json.data.rows.map((x: { timestamp: number }) => x.timestamp)).toEqual([T0 + 23 * H]);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/bunker/dashboard/${w.assetA1}/period/${T0}/${T0 + H}`,
      token: w.adminB,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
