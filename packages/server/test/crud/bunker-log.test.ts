import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helpers/app.ts';
import { T0, type World, worldApp } from './world.ts';

type Row = Record<string, any>;
const DAY = 86400;

/** GET /master/bunker/log/period/{start}/{end} (spec 002 §7.6) and the bunkering log's rules. */
describe.each(dialects())('bunker log behaviours on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
    // A1: the world's log on day 0 (08:00–09:00 UTC), plus logs on days 3 and 10; A1b: day 3
    const log = (massId: number, day: number, token = w.adminA) =>
      t.call({
        method: 'POST',
        url: '/api/master/bunker/log',
        token,
        payload: {
          bklgMassId: massId,
          bklgMbloId: w.bunkerLocation,
          bklgMftyId: w.fuelType,
          bklgStartDatetime: T0 + day * DAY + 8 * 3600,
          bklgEndDatetime: T0 + day * DAY + 12 * 3600,
          bklgTargetBunker: 15000,
        },
      });
    for (const r of [
      await log(w.assetA1, 3),
      await log(w.assetA1, 10),
      await log(w.assetA1b, 3),
      await log(w.assetB1, 3, w.adminB),
    ]) {
      expect(r.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const period = async (start: number, end: number, query = '', token = w.adminA) =>
    t.call({ method: 'GET', url: `/api/master/bunker/log/period/${start}/${end}${query}`, token });
  const days = (rows: Row[]) =>
    rows.map((r) => Math.floor((Date.parse(r.bklgStartDatetime) / 1000 - T0) / DAY)).sort((a, b) => a - b);

  it('lists the visible logs overlapping the period, all of them without paging', async () => {
    const r = await period(T0, T0 + 5 * DAY - 1);
    expect(r.statusCode).toBe(200);
    expect(days(r.json.data)).toEqual([0, 3, 3]);
    expect(r.json.pagination.totalData).toBe(3);
    expect(r.json.data[0]).toMatchObject({
      bklgMass: { massName: expect.any(String) },
      bklgMblo: { mbloName: 'Tanjung Priok' },
    });
  });

  it('includes a log that only partly overlaps the period', async () => {
    const r = await period(T0 + 3 * DAY + 10 * 3600, T0 + 3 * DAY + 20 * 3600);
    expect(days(r.json.data)).toEqual([3, 3]);
  });

  it('filters by a list of assets with finds[bklgMassId][], never reaching another tenant', async () => {
    const one = await period(T0, T0 + 30 * DAY, `?finds[bklgMassId][]=${w.assetA1}`);
    expect(days(one.json.data)).toEqual([0, 3, 10]);
    const both = await period(T0, T0 + 30 * DAY, `?finds[bklgMassId][]=${w.assetA1}&finds[bklgMassId][]=${w.assetA1b}`);
    expect(both.json.data).toHaveLength(4);
    const foreign = await period(T0, T0 + 30 * DAY, `?finds[bklgMassId][]=${w.assetB1}`);
    expect(foreign.json.data).toEqual([]);
    const ordered = await period(T0, T0 + 30 * DAY, '?orders[bklgStartDatetime]=asc');
    const starts = ordered.json.data.map((r: Row) => Date.parse(r.bklgStartDatetime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('refuses an inverted period and non-numeric bounds (400)', async () => {
    expect((await period(T0 + DAY, T0)).statusCode).toBe(400);
    const r = await t.call({ method: 'GET', url: '/api/master/bunker/log/period/yesterday/today', token: w.adminA });
    expect(r.statusCode).toBe(400);
    expect((await period(T0, T0 + DAY, '', w.noKeysA)).statusCode).toBe(403);
  });

  it('reads times as ISO, epoch seconds or UTC "YYYY-MM-DD HH:mm:ss", and answers ISO 8601 UTC', async () => {
    const base = { bklgMassId: w.assetA1, bklgMbloId: w.bunkerLocation, bklgMftyId: w.fuelType, bklgTargetBunker: 100 };
    const r = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: { ...base, bklgStartDatetime: '2026-11-22 04:40:00', bklgEndDatetime: '2026-11-22T12:40:00+07:00' },
    });
    expect(r.json.data).toMatchObject({
      bklgStartDatetime: '2026-11-22T04:40:00.000Z',
      bklgEndDatetime: '2026-11-22T05:40:00.000Z',
      bklgType: 'IN',
    });
    const stored = await t.database.db
      .selectFrom('bunker_log')
      .select(['bklgStartDatetime', 'bklgEndDatetime'])
      .where('bklgId', '=', r.json.data.bklgId)
      .executeTakeFirst();
    expect(Number(stored!.bklgStartDatetime)).toBe(Date.UTC(2026, 10, 22, 4, 40) / 1000);
    const bad = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: { ...base, bklgStartDatetime: '22/11/2026', bklgEndDatetime: 1795000000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json.status.message)).toEqual(['bklgStartDatetime']);
  });

  it('answers the spec messages of the bunkering form', async () => {
    const r = await t.call({ method: 'POST', url: '/api/master/bunker/log', token: w.adminA, payload: {} });
    expect(r.json.status.message).toMatchObject({
      bklgMassId: ['Asset must be selected.'],
      bklgMbloId: ['Location must be filled.'],
      bklgMftyId: ['Fuel type must be selected.'],
      bklgTargetBunker: ['Target bunker must be filled.'],
    });
    const same = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: {
        bklgMassId: w.assetA1,
        bklgMbloId: w.bunkerLocation,
        bklgMftyId: w.fuelType,
        bklgTargetBunker: 100,
        bklgStartDatetime: T0,
        bklgEndDatetime: T0,
      },
    });
    expect(same.json.status.message).toEqual({ bklgEndDatetime: ['Start and end time must not be the same.'] });
    const adj = await t.call({
      method: 'POST',
      url: '/api/master/bunker/adjustment',
      token: w.adminA,
      payload: { bklaBklgId: w.a.bunkerLog, bklaAmount: 0, bklaDesc: ' ', bklaType: 1 },
    });
    expect(adj.json.status.message).toEqual({
      bklaAmount: ['Adjustment value cannot be zero.'],
      bklaReason: ['Adjustment reason is required'],
      bklaDesc: ['Detail note is required.'],
    });
  });
});
