import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { redetect } from '../../src/modules/voyages/redetect.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { MIN, readings, voyageWorld } from './voyage-world.ts';

const H = 3600;
const close = (v: number | null, want: number, digits = 6) => {
  expect(v).not.toBeNull();
  expect(v as number).toBeCloseTo(want, digits);
};

describe.each(dialects())('voyages routes (docs/domain.md §37.4, §37.5) on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof voyageWorld>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await voyageWorld(t);
    await w.send(readings(w.T));
    await redetect(t.database, w.massId, nowSeconds());
  }, 60_000);
  afterAll(() => t?.close());

  const get = (token: string, start: number, end: number, id = w.massId, language?: string) =>
    t.call({
      method: 'GET',
      url: `/api/voyages/${id}/period/${start}/${end}`,
      token,
      headers: language ? { 'accept-language': language } : undefined,
    });

  it('§37.4 worked example: each leg’s distance, time under way, fuel, rates and CO₂', async () => {
    const r = await get(w.tenants.adminA, w.T, w.T + 10 * H + 1);
    expect(r.statusCode).toBe(200);
    const legs = r.json.data.legs;
    expect(legs.map((l: { kind: string }) => l.kind)).toEqual(['berth', 'underway', 'anchor', 'underway', 'berth']);
    const [berth, out, anchor, back, last] = legs;
    expect(berth.id).toBe(`${w.massId}-${w.T}`);
    // leg 2: 120 fixes of 308.667 m = 37 040 m = 20 NM in 7 200 s under way; ME 2 × 120 readings of 1 L; AE 2 h × 5 L/h
    expect(out).toMatchObject({ start: w.T + 2 * H, end: w.T + 4 * H, durationSeconds: 7200, underwaySeconds: 7200 });
    close(out.distanceNm, 20);
    close(out.avgSpeedKn, 10, 3);
    expect(out.me).toEqual({ litres: 240, litres15: 240, kg: expect.closeTo(204, 6) });
    close(out.ae.litres, 10);
    expect(out.ae.kg).toBeNull();
    close(out.totalLitres, 250);
    close(out.litresPerNm, 12.5);
    close(out.litresPerHour, 125);
    // (240 × 850 + 10 × 845) / 10⁶ t × 3.206
    close(out.co2Tonnes, 0.21245 * 3.206, 9);
    // leg 3: three hours at anchor, the AE only: 15 L, 5 L/h, no L/NM
    expect(anchor).toMatchObject({ durationSeconds: 10800, underwaySeconds: 0, distanceNm: 0, litresPerNm: null });
    close(anchor.totalLitres, 15);
    close(anchor.litresPerHour, 5);
    // leg 4: 30 fixes of 246.933 m = 4 NM; ME 60 L + AE 2.5 L
    close(back.distanceNm, 4);
    close(back.totalLitres, 62.5);
    close(back.litresPerNm, 15.625);
    expect(last.ongoing).toBe(true);
    expect(r.json.data.totals.distanceNm).toBeCloseTo(24, 6);
    expect(r.json.data.detectedAt).not.toBeNull();
  });

  it('keeps a closed leg’s figures per detection and vessel set-up: a new CO₂ factor counts at once', async () => {
    const whole = () => get(w.tenants.adminA, w.T, w.T + 10 * H + 1);
    const before = (await whole()).json.data.legs[1].co2Tonnes;
    const kept = await t.database.db
      .selectFrom('voyage_leg_figures')
      .selectAll()
      .where('assetId', '=', w.massId)
      .execute();
    // the four closed legs (the ongoing one is computed when asked)
    expect(kept).toHaveLength(4);
    const asset = await t.database.db
      .selectFrom('asset')
      .select('massMftyId')
      .where('massId', '=', w.massId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('fuel_type')
      .set({ mftyCo2Factor: 3.114 })
      .where('mftyId', '=', asset.massMftyId)
      .execute();
    const after = (await whole()).json.data.legs[1].co2Tonnes;
    expect(after).toBeCloseTo((before / 3.206) * 3.114, 9);
    await t.database.db
      .updateTable('fuel_type')
      .set({ mftyCo2Factor: 3.206 })
      .where('mftyId', '=', asset.massMftyId)
      .execute();
    // a detection from the start drops them all
    await t.database.db.updateTable('voyage_state').set({ dirtyFrom: w.T }).where('assetId', '=', w.massId).execute();
    await redetect(t.database, w.massId, nowSeconds());
    expect(
      await t.database.db.selectFrom('voyage_leg_figures').selectAll().where('assetId', '=', w.massId).execute(),
    ).toEqual([]);
  });

  it('clips the legs to the period: [03:00, 05:00) holds half of leg 2 and the first hour at anchor', async () => {
    const r = await get(w.tenants.adminA, w.T + 3 * H, w.T + 5 * H);
    const [out, anchor] = r.json.data.legs;
    expect(r.json.data.legs).toHaveLength(2);
    expect(out).toMatchObject({ id: `${w.massId}-${w.T + 2 * H}`, start: w.T + 3 * H, end: w.T + 4 * H });
    close(out.distanceNm, 10);
    expect(out.underwaySeconds).toBe(3600);
    close(out.me.litres, 120);
    close(out.ae.litres, 5);
    expect(anchor).toMatchObject({ start: w.T + 4 * H, end: w.T + 5 * H, ongoing: false });
    close(anchor.totalLitres, 5);
    expect(r.json.data.totals.distanceNm).toBeCloseTo(10, 6);
    expect(r.json.data.totals.underwaySeconds).toBe(3600);
    expect(r.json.data.totals.totalLitres).toBeCloseTo(130, 6);
  });

  it('corrections: merge, rename and split, listed newest first with who made them, withdrawn by DELETE', async () => {
    const post = (payload: object, token = w.tenants.adminA) =>
      t.call({ method: 'POST', url: `/api/voyages/${w.massId}/corrections`, token, payload });
    const merge = await post({ action: 'merge', start: w.T + 2 * H, end: w.T + 7 * H + 30 * MIN });
    expect(merge.statusCode).toBe(200);
    const rename = await post({ action: 'rename', start: w.T + 7 * H + 30 * MIN, place: 'Pier 9', which: 'both' });
    expect(rename.statusCode).toBe(200);
    let legs = (await get(w.tenants.adminA, w.T, w.T + 10 * H + 1)).json.data.legs;
    expect(legs.map((l: { kind: string }) => l.kind)).toEqual(['berth', 'underway', 'berth']);
    expect(legs[1]).toMatchObject({
      kind: 'underway',
      start: w.T + 2 * H,
      end: w.T + 7.5 * H,
      corrected: true,
      fromPlace: 'Tanjung Priok, Jakarta',
      toPlace: 'Tanjung Priok, Jakarta',
    });
    close(legs[1].distanceNm, 24);
    expect(legs[2]).toMatchObject({ fromPlace: 'Pier 9', toPlace: 'Pier 9', corrected: true });
    const split = await post({ action: 'split', at: w.T + 3 * H });
    expect(split.statusCode).toBe(200);
    legs = (await get(w.tenants.adminA, w.T, w.T + 10 * H + 1)).json.data.legs;
    expect(legs.map((l: { start: number }) => l.start - w.T)).toEqual([0, 2 * H, 3 * H, 7.5 * H]);
    close(legs[1].distanceNm, 10);
    const list = await t.call({ method: 'GET', url: `/api/voyages/${w.massId}/corrections`, token: w.tenants.adminA });
    expect(list.json.data.map((c: { action: string }) => c.action)).toEqual(['split', 'rename', 'merge']);
    expect(list.json.data[0]).toMatchObject({
      createdBy: 'admin@a.test',
      detail: { action: 'split', at: w.T + 3 * H },
    });
    // corrections stay applied when detection runs again
    await t.database.db.updateTable('voyage_state').set({ dirtyFrom: w.T }).where('assetId', '=', w.massId).execute();
    await redetect(t.database, w.massId, nowSeconds());
    legs = (await get(w.tenants.adminA, w.T, w.T + 10 * H + 1)).json.data.legs;
    expect(legs.map((l: { start: number }) => l.start - w.T)).toEqual([0, 2 * H, 3 * H, 7.5 * H]);
    for (const c of list.json.data) {
      const del = await t.call({
        method: 'DELETE',
        url: `/api/voyages/${w.massId}/corrections/${c.id}`,
        token: w.tenants.adminA,
      });
      expect(del.statusCode).toBe(200);
    }
    const again = await t.call({
      method: 'DELETE',
      url: `/api/voyages/${w.massId}/corrections/${list.json.data[0].id}`,
      token: w.tenants.adminA,
    });
    expect(again.statusCode).toBe(404);
    legs = (await get(w.tenants.adminA, w.T, w.T + 10 * H + 1)).json.data.legs;
    expect(legs).toHaveLength(5);
    // withdrawn corrections stay on record with who withdrew them
    const kept = await t.database.db
      .selectFrom('voyage_correction')
      .selectAll()
      .where('vcorAssetId', '=', w.massId)
      .execute();
    expect(kept.map((k) => k.vcorDeletedBy)).toEqual(['admin@a.test', 'admin@a.test', 'admin@a.test']);
  });

  it('permission and scope: read may list, not correct; another tenant’s vessel is not found', async () => {
    expect((await get(w.tenants.readerA, w.T, w.T + H)).statusCode).toBe(200);
    const post = await t.call({
      method: 'POST',
      url: `/api/voyages/${w.massId}/corrections`,
      token: w.tenants.readerA,
      payload: { action: 'split', at: w.T + 3 * H },
    });
    expect(post.statusCode).toBe(403);
    expect((await get(w.tenants.adminB, w.T, w.T + H)).statusCode).toBe(404);
    const list = await t.call({ method: 'GET', url: `/api/voyages/${w.massId}/corrections`, token: w.tenants.adminB });
    expect(list.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/voyages/${w.massId}/period/${w.T}/${w.T + H}` })).statusCode).toBe(
      401,
    );
  });

  it('bad input is a 400 with a message, in Indonesian too', async () => {
    expect((await get(w.tenants.adminA, w.T + H, w.T)).statusCode).toBe(400);
    const long = await get(w.tenants.adminA, w.T - 400 * 86400, w.T, w.massId, 'id');
    expect(long.statusCode).toBe(400);
    expect(long.json.status.message).toBe('Periode pelayaran paling lama 366 hari');
    expect((await get(w.tenants.adminA, w.T, w.T + H, 0)).statusCode).toBe(400);
    const post = (payload: object, language?: string) =>
      t.call({
        method: 'POST',
        url: `/api/voyages/${w.massId}/corrections`,
        token: w.tenants.adminA,
        payload,
        headers: language ? { 'accept-language': language } : undefined,
      });
    const miss = await post({ action: 'merge', start: w.T + 1, end: w.T + 2 * H }, 'id');
    expect(miss.statusCode).toBe(400);
    expect(miss.json.status.message).toBe('Tidak ada leg yang dimulai pada start atau berakhir pada end');
    expect((await post({ action: 'split', at: w.T - 5 })).statusCode).toBe(400);
    expect((await post({ action: 'rename', start: w.T, place: '  ', which: 'both' })).statusCode).toBe(400);
    expect((await post({ action: 'rename', start: w.T, place: 'x'.repeat(101), which: 'both' })).statusCode).toBe(400);
    expect((await post({ action: 'teleport' })).statusCode).toBe(400);
    expect((await post({ action: 'merge', start: w.T, end: w.T + 2 * H })).statusCode).toBe(400);
  });

  it('a leg the period clips keeps its own boundaries (legStart, legEnd): merging it with the one before is accepted', async () => {
    // [00:00, 05:00) cuts its last leg, the anchorage [04:00, 07:00), at 05:00
    const r = await get(w.tenants.adminA, w.T, w.T + 5 * H);
    const legs = r.json.data.legs;
    expect(legs.map((l: { kind: string }) => l.kind)).toEqual(['berth', 'underway', 'anchor']);
    const [, out, anchor] = legs;
    expect(anchor).toMatchObject({ start: w.T + 4 * H, end: w.T + 5 * H, legStart: w.T + 4 * H, legEnd: w.T + 7 * H });
    expect(anchor.durationSeconds).toBe(H);
    close(anchor.totalLitres, 5);
    expect(out).toMatchObject({ start: w.T + 2 * H, end: w.T + 4 * H, legStart: w.T + 2 * H, legEnd: w.T + 4 * H });
    const post = (payload: object) =>
      t.call({ method: 'POST', url: `/api/voyages/${w.massId}/corrections`, token: w.tenants.adminA, payload });
    // the clipped end is no leg's end: refused, as the screen's merge was before it sent the leg's own end
    expect((await post({ action: 'merge', start: out.start, end: anchor.end })).statusCode).toBe(400);
    const merge = await post({ action: 'merge', start: out.legStart, end: anchor.legEnd });
    expect(merge.statusCode, JSON.stringify(merge.json)).toBe(200);
    const stored = await t.database.db
      .selectFrom('voyage_correction')
      .select('vcorDetail')
      .where('vcorId', '=', merge.json.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.vcorDetail)).toEqual({ action: 'merge', start: w.T + 2 * H, end: w.T + 7 * H });
    // the period still shows the merged leg clipped to it, with its own boundaries beside
    const after = (await get(w.tenants.adminA, w.T, w.T + 5 * H)).json.data.legs;
    expect(after[1]).toMatchObject({
      kind: 'underway',
      start: w.T + 2 * H,
      end: w.T + 5 * H,
      legStart: w.T + 2 * H,
      legEnd: w.T + 7 * H,
      corrected: true,
    });
    close(after[1].distanceNm, 20);
    await t.call({
      method: 'DELETE',
      url: `/api/voyages/${w.massId}/corrections/${merge.json.data.id}`,
      token: w.tenants.adminA,
    });
  });
});
