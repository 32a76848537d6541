import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { detectFrom, voyageVessel } from '../../src/modules/voyages/redetect.ts';
import { inHeavyPool, runVoyagePass } from '../../src/modules/voyages/voyage-pass.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { MIN, readings, voyageWorld } from './voyage-world.ts';

const H = 3600;

async function legs(t: TestApp, massId: number) {
  return (
    await t.database.db
      .selectFrom('voyage_leg')
      .select(['kind', 'startTs', 'endTs', 'fromPlace', 'toPlace'])
      .where('assetId', '=', massId)
      .orderBy('startTs')
      .execute()
  ).map((l) => [l.kind, Number(l.startTs), Number(l.endTs), l.fromPlace, l.toPlace]);
}

/**
 * The worked example's track with two holes at first: GPS silent 00:30–01:40 at the berth (a gap of 71 min at one
 * place) and 04:01–07:00 at the anchorage. The second hole arrives late; the ingest stage marks the vessel dirty from
 * 04:01 and the pass re-detects from the last stable boundary (the berth at 00:00).
 */
describe.each(dialects())('late readings and gaps (docs/domain.md §37.3, §37.6) on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof voyageWorld>>;
  const gps = (r: { device: string }) => r.device === 'v-gps';
  const inHole = (m: number) => m >= 241 && m <= 420;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await voyageWorld(t);
    const all = readings(w.T);
    const minute = (r: { ts: number }) => (r.ts - w.T) / MIN;
    await w.send(all.filter((r) => !gps(r) || !((minute(r) >= 30 && minute(r) <= 100) || inHole(minute(r)))));
  }, 60_000);
  afterAll(() => t?.close());

  it('ingest marks the vessel dirty; the pass detects: a gap at one place stays one stop, one across places is a passage', async () => {
    const mark = await t.database.db.selectFrom('voyage_state').selectAll().where('assetId', '=', w.massId).execute();
    expect(mark.map((m) => Number(m.dirtyFrom))).toEqual([w.T]);
    expect(await runVoyagePass(t.database, nowSeconds())).toEqual([w.massId]);
    const berth = 'Tanjung Priok, Jakarta';
    // fix 04:00 at the anchorage, then 07:01 0.19 NM on under way: the gap lies in the passage that follows it
    expect(await legs(t, w.massId)).toEqual([
      ['berth', w.T, w.T + 2 * H, berth, berth],
      ['underway', w.T + 2 * H, w.T + 7.5 * H, berth, berth],
      ['berth', w.T + 7.5 * H, w.T + 10 * H, berth, berth],
    ]);
    const state = await t.database.db.selectFrom('voyage_state').selectAll().where('assetId', '=', w.massId).execute();
    expect(state[0].dirtyFrom).toBeNull();
    expect(await runVoyagePass(t.database, nowSeconds())).toEqual([]);
  });

  it('the late fixes split the passage at the anchorage; the result equals a detection of the whole track', async () => {
    const late = readings(w.T).filter((r) => gps(r) && inHole((r.ts - w.T) / MIN));
    await w.send(late);
    const mark = await t.database.db.selectFrom('voyage_state').selectAll().where('assetId', '=', w.massId).execute();
    expect(Number(mark[0].dirtyFrom)).toBe(w.T + 241 * MIN);
    // as the server's timer runs it: reading and detecting in the heavy pool, the writes here
    expect(await runVoyagePass(t.database, nowSeconds(), inHeavyPool(t.database))).toEqual([w.massId]);
    const berth = 'Tanjung Priok, Jakarta';
    const anchorage = 'Tanjung Priok, Jakarta anchorage';
    const got = await legs(t, w.massId);
    expect(got).toEqual([
      ['berth', w.T, w.T + 2 * H, berth, berth],
      ['underway', w.T + 2 * H, w.T + 4 * H, berth, anchorage],
      ['anchor', w.T + 4 * H, w.T + 7 * H, anchorage, anchorage],
      ['underway', w.T + 7 * H, w.T + 7.5 * H, anchorage, berth],
      ['berth', w.T + 7.5 * H, w.T + 10 * H, berth, berth],
    ]);
    const vessel = await voyageVessel(t.database.db, w.massId);
    const whole = await detectFrom(t.database, vessel!, null);
    expect(whole.legs.map((l) => [l.kind, l.start, l.end, l.fromPlace, l.toPlace])).toEqual(got);
  });
});
