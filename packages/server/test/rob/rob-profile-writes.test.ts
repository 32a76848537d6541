import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNKER_PERMISSIONS, DAY, H, T0 } from '../bunker/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';

/**
 * docs/domain.md §25.1: the profiles of a vessel never overlap, also when created at the same moment (the check
 * and the insert are one step under a per-vessel lock), and a profile keeps its adjustments inside its period.
 */
describe.each(dialects())('ROB profile writes on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await twoTenants(t.database.db, BUNKER_PERMISSIONS);
    // the company's own zone (+9), not the installation's default (+7): messages show its clock
    await t.database.db
      .updateTable('company')
      .set({ compTimezone: 'Asia/Jayapura' })
      .where('compId', '=', w.compA1)
      .execute();
  });
  afterAll(() => t.close());

  const profiles = async (massId: number) =>
    t.database.db.selectFrom('rob').select(['mrobId']).where('mrobMassId', '=', massId).execute();
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.call({ method, url: `/api/master/${url}`, token: w.adminA, payload });

  it('10 concurrent creates of overlapping profiles for one vessel store exactly one; the others get 400', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', 'rob/rob', {
          mrobMassId: w.assetA1,
          mrobStartTime: T0 + i * H,
          mrobEndTime: T0 + 10 * DAY + i * H,
          mrobInitialValue: 1000 + i,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(400)]);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json.status.errorCode).toBe(400);
      expect(a.json.status.message.mrobStartTime[0]).toMatch(/^This period overlaps the asset's ROB profile from /);
    }
    expect(await profiles(w.assetA1)).toHaveLength(1);
  });

  it('refuses to shorten a profile past its adjustments, naming their times; keeps them when it still holds them', async () => {
    const created = await call('POST', 'rob/rob', {
      mrobMassId: w.assetA1,
      mrobStartTime: T0 + 100 * DAY,
      mrobEndTime: T0 + 110 * DAY,
      mrobInitialValue: 20000,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json.data.mrobId;
    for (const day of [102, 108, 109])
      expect(
        (
          await call('POST', 'rob/adjustment', {
            robaMrobId: id,
            robaType: 2,
            robaTime: T0 + day * DAY,
            robaValue: -100,
          })
        ).statusCode,
      ).toBe(200);
    // T0 + n days as the ROB screens show it at +9 (T0 is 01-03-2025 00:00 at +7, 02:00 at +9)
    const iso = (day: number) => ({ 102: '11-06-2025 02:00', 108: '17-06-2025 02:00', 109: '18-06-2025 02:00' })[day];

    const shorter = await call('PUT', `rob/rob/${id}`, { mrobEndTime: T0 + 105 * DAY });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json.status.message.mrobEndTime[0]).toBe(
      `The period must include the profile's adjustments: move or delete the adjustments of ${iso(108)}, ${iso(109)} first`,
    );
    const later = await call('PUT', `rob/rob/${id}`, { mrobStartTime: T0 + 103 * DAY });
    expect(later.statusCode).toBe(400);
    expect(later.json.status.message.mrobStartTime[0]).toContain(iso(102));
    const stored = await t.database.db
      .selectFrom('rob')
      .select(['mrobStartTime', 'mrobEndTime'])
      .where('mrobId', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(stored.mrobStartTime), Number(stored.mrobEndTime)]).toEqual([T0 + 100 * DAY, T0 + 110 * DAY]);
    // shortening that keeps every adjustment inside is fine
    expect(
      (await call('PUT', `rob/rob/${id}`, { mrobStartTime: T0 + 101 * DAY, mrobEndTime: T0 + 109 * DAY })).statusCode,
    ).toBe(200);
    const count = await t.database.db
      .selectFrom('rob_adjustment')
      .select(['robaId'])
      .where('robaMrobId', '=', id)
      .execute();
    expect(count).toHaveLength(3);
  });

  it('names the overlapped profile’s times as the screen shows them: the company’s clock, DD-MM-YYYY HH:mm', async () => {
    const created = await call('POST', 'rob/rob', {
      mrobMassId: w.assetA1,
      mrobStartTime: T0 + 200 * DAY,
      mrobEndTime: T0 + 210 * DAY,
      mrobInitialValue: 5000,
    });
    expect(created.statusCode).toBe(200);
    const payload = {
      mrobMassId: w.assetA1,
      mrobStartTime: T0 + 205 * DAY,
      mrobEndTime: T0 + 215 * DAY,
      mrobInitialValue: 1,
    };
    const en = await call('POST', 'rob/rob', payload);
    expect(en.statusCode).toBe(400);
    expect(en.json.status.message.mrobStartTime).toEqual([
      "This period overlaps the asset's ROB profile from 17-09-2025 02:00 to 27-09-2025 02:00",
    ]);
    const id = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.adminA,
      payload,
      headers: { 'accept-language': 'id' },
    });
    expect(id.json.status.message.mrobStartTime).toEqual([
      'Periode ini tumpang tindih dengan profil ROB aset dari 17-09-2025 02:00 sampai 27-09-2025 02:00',
    ]);
    const outside = await t.call({
      method: 'POST',
      url: '/api/master/rob/adjustment',
      token: w.adminA,
      payload: { robaMrobId: created.json.data.mrobId, robaType: 2, robaTime: T0 + 220 * DAY, robaValue: 5 },
      headers: { 'accept-language': 'id' },
    });
    expect(outside.json.status.message.robaTime).toEqual([
      'Waktu harus berada di dalam profil ROB (17-09-2025 02:00 sampai 27-09-2025 02:00)',
    ]);
  });
});
