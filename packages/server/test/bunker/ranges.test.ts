import { MAX_FUEL_LITRES } from '@fleet/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMonths } from '../../src/modules/telemetry/partitions.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';
import { BUNKER_PERMISSIONS, DAY, H, T0 } from './world.ts';

type Tenants = Awaited<ReturnType<typeof twoTenants>> & { location: number; fuelType: number };

/**
 * docs/domain.md §32: every numeric field has a range, checked before anything is written; a row stored with an
 * absurd value anyway (older data, a direct insert) never makes a list, detail or summary answer 500.
 */
describe.each(dialects())('numeric ranges of bunkering and ROB on %s', (dialect) => {
  let t: TestApp;
  let w: Tenants;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(db(), BUNKER_PERMISSIONS);
    const loc = await db()
      .insertInto('bunker_location')
      .values({ mbloName: 'Tanjung Priok' })
      .returning('mbloId')
      .executeTakeFirstOrThrow();
    const fuel = await db()
      .insertInto('fuel_type')
      .values({ mftyName: 'HSD' })
      .returning('mftyId')
      .executeTakeFirstOrThrow();
    w = { ...tenants, location: Number(loc.mbloId), fuelType: Number(fuel.mftyId) };
  });
  afterAll(() => t.close());

  const logBody = (extra: Record<string, unknown> = {}) => ({
    bklgMassId: w.assetA1,
    bklgMbloId: w.location,
    bklgMftyId: w.fuelType,
    bklgStartDatetime: T0 + 2 * H,
    bklgEndDatetime: T0 + 3 * H,
    bklgTargetBunker: 10000,
    bklgStartSounding: 1000,
    bklgEndSounding: 11000,
    ...extra,
  });
  const count = async (table: string) => {
    const r = await db()
      .selectFrom(table)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number((r as { n: unknown }).n);
  };
  const post = (path: string, payload: unknown) =>
    t.call({ method: 'POST', url: `/api/master/${path}`, token: w.adminA, payload: payload as object });

  it('refuses 1e308 soundings with 400 naming the field and the range, and stores nothing', async () => {
    const before = await count('bunker_log');
    for (const field of ['bklgStartSounding', 'bklgEndSounding', 'bklgTargetBunker']) {
      const r = await post('bunker/log', logBody({ [field]: 1e308 }));
      expect(r.statusCode).toBe(400);
      expect(r.json.status.error).toBe(1);
      expect(r.json.status.message[field]?.[0]).toMatch(/must be between 0 and 1,000,000,000 L/);
    }
    expect((await post('bunker/log', logBody({ bklgStartSounding: -5 }))).statusCode).toBe(400);
    expect(await count('bunker_log')).toBe(before);
    // the bounds themselves are accepted
    const edge = await post('bunker/log', logBody({ bklgStartSounding: 0, bklgEndSounding: MAX_FUEL_LITRES }));
    expect(edge.statusCode).toBe(200);
    expect(await count('bunker_log')).toBe(before + 1);
  });

  it('refuses adjustments and ROB values beyond the range (1.7e308) with the field named', async () => {
    const log = await post('bunker/log', logBody({ bklgStartDatetime: T0 + 5 * H, bklgEndDatetime: T0 + 6 * H }));
    const bklgId = log.json.data.bklgId;
    const adj = await post('bunker/adjustment', {
      bklaBklgId: bklgId,
      bklaType: 2,
      bklaAmount: 1.7e308,
      bklaReason: 'OTHERS',
      bklaDesc: 'huge',
    });
    expect(adj.statusCode).toBe(400);
    expect(adj.json.status.message.bklaAmount[0]).toMatch(/between -1,000,000,000 and 1,000,000,000 L/);
    expect(await count('bunker_adjustment')).toBe(0);

    const robBody = { mrobMassId: w.assetA1, mrobStartTime: T0, mrobEndTime: T0 + 10 * DAY };
    const huge = await post('rob/rob', { ...robBody, mrobInitialValue: 1e308 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json.status.message.mrobInitialValue[0]).toMatch(/must be between/);
    expect(await count('rob')).toBe(0);
    const profile = await post('rob/rob', { ...robBody, mrobInitialValue: 50000 });
    expect(profile.statusCode).toBe(200);
    const robaHuge = await post('rob/adjustment', {
      robaMrobId: profile.json.data.mrobId,
      robaType: 2,
      robaTime: T0 + DAY,
      robaValue: -1.7e308,
    });
    expect(robaHuge.statusCode).toBe(400);
    expect(robaHuge.json.status.message.robaValue[0]).toMatch(/must be between/);
    expect(await count('rob_adjustment')).toBe(0);
    // an update is held to the same range
    const put = await t.call({
      method: 'PUT',
      url: `/api/master/bunker/log/${bklgId}`,
      token: w.adminA,
      payload: { bklgEndSounding: 1e308 },
    });
    expect(put.statusCode).toBe(400);
  });

  it('answers 200 with nulls for rows already stored with absurd values (lists, period list, detail, ROB summary)', async () => {
    // straight into the database, as rows written before the ranges were enforced
    const now = Math.floor(Date.now() / 1000);
    const log = await db()
      .insertInto('bunker_log')
      .values({
        bklgMassId: w.assetB1,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgStartDatetime: T0 + 2 * H,
        bklgEndDatetime: T0 + 3 * H,
        bklgTargetBunker: 1e308,
        bklgType: 'IN',
        bklgStartSounding: -1e308,
        bklgEndSounding: 1e308,
        bklgCreatedTime: now,
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    const out = await db()
      .insertInto('bunker_log')
      .values({
        bklgMassId: w.assetB1,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgStartDatetime: T0 + 4 * H,
        bklgEndDatetime: T0 + 5 * H,
        bklgTargetBunker: 10,
        bklgType: 'OUT',
        bklgStartSounding: 1.7e308,
        bklgEndSounding: 0,
        bklgCreatedTime: now,
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    for (const [i, id] of [log.bklgId, out.bklgId, out.bklgId].entries())
      await db()
        .insertInto('bunker_adjustment')
        .values({
          bklaBklgId: id,
          bklaType: i === 0 ? 1 : 2,
          bklaAmount: 1.7e308,
          bklaReason: 'OTHERS',
          bklaDesc: 'stored before the ranges',
          bklaCreatedTime: now + i,
        })
        .execute();
    const profile = await db()
      .insertInto('rob')
      .values({ mrobMassId: w.assetB1, mrobStartTime: T0, mrobEndTime: T0 + 2 * DAY, mrobInitialValue: 1.7e308 })
      .returning('mrobId')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('rob_adjustment')
      .values({ robaMrobId: profile.mrobId, robaType: 2, robaTime: T0 + DAY, robaValue: 1.7e308 })
      .execute();

    const get = (url: string) => t.call({ method: 'GET', url: `/api/${url}`, token: w.adminB });
    const list = await get('master/bunker/log');
    expect(list.statusCode).toBe(200);
    expect(list.json.data).toHaveLength(2);
    const period = await get(`master/bunker/log/period/${T0}/${T0 + DAY}`);
    expect(period.statusCode).toBe(200);
    const detail = await get(`master/bunker/log/detail/${log.bklgId}`);
    expect(detail.statusCode).toBe(200);
    // end − start sounding overflowed: not computable, and no band from an overflowed percentage
    expect(detail.json.data.totalBunkerSounding).toBeNull();
    expect(detail.json.data.discrepancyToSounding).toEqual({ amount: null, percentage: null });
    const outDetail = await get(`master/bunker/log/detail/${out.bklgId}`);
    expect(outDetail.statusCode).toBe(200);
    expect(outDetail.json.data.finalBunker).toBeNull(); // 1.7e308 + 1.7e308 + 1.7e308
    expect(outDetail.json.data.totalAdjustment).toBeNull();
    expect(outDetail.json.data.tolerance).toMatchObject({ percentage: null, band: null });
    expect((await get('master/bunker/adjustment')).statusCode).toBe(200);
    expect((await get('master/rob/rob')).statusCode).toBe(200);
    expect((await get('master/rob/adjustment')).statusCode).toBe(200);
    const summary = await get(`summary/rob/${profile.mrobId}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json.data.summary.rob.balances.start).toBe(1.7e308);
    expect(summary.json.data.summary.rob.balances.last).toBeNull();
  });

  it('answers the bunker dashboard with nulls over absurd stored meter readings', async () => {
    const meter = await createDevice(db(), w.assetB1, 'fm-absurd', 'flowmeter', { devcLabel: 'BUNKER_IN' });
    // written past ingest (which refuses such values): on PostgreSQL the month's partition first, as ingest makes it
    await ensureMonths(t.database, 'telemetry_flowmeter', [T0]);
    for (const [i, v] of [0, 1.7e308, 1e308].entries())
      await db()
        .insertInto('telemetry_flowmeter')
        .values({ deviceId: meter, ts: T0 + i * 600, volumeTotal: v, density: 1.7e308, temperature: 1.7e308 })
        .execute();
    const r = await t.call({
      method: 'GET',
      url: `/api/bunker/dashboard/${w.assetB1}/period/${T0}/${T0 + DAY}`,
      token: w.adminB,
    });
    expect(r.statusCode).toBe(200);
    // 1.7e308 + 1e308 (after the totaliser's reset) overflows; so do the means
    expect(r.json.data.summary).toMatchObject({ totalVolume: null, averageDens: null, averageTemp: null });
    expect(r.json.data.rows).toHaveLength(3);
    const detail = await t.call({
      method: 'GET',
      url: '/api/master/bunker/log',
      token: w.adminB,
    });
    expect(detail.statusCode).toBe(200);
  });

  it('answers a stored Infinity as null in lists (PostgreSQL Infinity, SQLite 9e999)', async () => {
    const row = await db()
      .insertInto('bunker_log')
      .values({
        bklgMassId: w.assetB1,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgStartDatetime: T0 + 8 * H,
        bklgEndDatetime: T0 + 9 * H,
        bklgTargetBunker: 100,
        bklgType: 'IN',
        bklgStartSounding: 0,
        bklgEndSounding: dialect === 'postgres' ? sql`'Infinity'::double precision` : sql`9e999`,
        bklgCreatedTime: 0,
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    const list = await t.call({ method: 'GET', url: '/api/master/bunker/log', token: w.adminB });
    expect(list.statusCode).toBe(200);
    const answered = list.json.data.find((r: { bklgId: number }) => r.bklgId === row.bklgId);
    expect(answered.bklgEndSounding).toBeNull();
    const detail = await t.call({
      method: 'GET',
      url: `/api/master/bunker/log/detail/${row.bklgId}`,
      token: w.adminB,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json.data.totalBunkerSounding).toBeNull();
  });
});
