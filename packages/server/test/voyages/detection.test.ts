import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { motionTotals } from '../../src/modules/voyages/motion-hours.ts';
import { redetect } from '../../src/modules/voyages/redetect.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { MIN, readings, voyageWorld } from './voyage-world.ts';

const H = 3600;

async function storedLegs(t: TestApp, massId: number) {
  return (
    await t.database.db.selectFrom('voyage_leg').selectAll().where('assetId', '=', massId).orderBy('startTs').execute()
  ).map((l) => ({
    kind: l.kind,
    start: Number(l.startTs),
    end: Number(l.endTs),
    from: l.fromPlace,
    to: l.toPlace,
    ongoing: Number(l.ongoing) === 1,
  }));
}

describe.each(dialects())('voyage detection and motion hours (docs/domain.md §37) on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof voyageWorld>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await voyageWorld(t);
    await w.send(readings(w.T));
    await redetect(t.database, w.massId, nowSeconds());
  }, 60_000);
  afterAll(() => t?.close());

  it('§37.4 example: berth → under way → anchor → under way → berth, places from the port catalogue', async () => {
    const T = w.T;
    const berth = 'Tanjung Priok, Jakarta';
    const anchorage = 'Tanjung Priok, Jakarta anchorage';
    expect(await storedLegs(t, w.massId)).toEqual([
      { kind: 'berth', start: T, end: T + 2 * H, from: berth, to: berth, ongoing: false },
      { kind: 'underway', start: T + 2 * H, end: T + 4 * H, from: berth, to: anchorage, ongoing: false },
      { kind: 'anchor', start: T + 4 * H, end: T + 7 * H, from: anchorage, to: anchorage, ongoing: false },
      { kind: 'underway', start: T + 7 * H, end: T + 7 * H + 30 * MIN, from: anchorage, to: berth, ongoing: false },
      { kind: 'berth', start: T + 7 * H + 30 * MIN, end: T + 10 * H, from: berth, to: berth, ongoing: true },
    ]);
  });

  it('§37.1 motion hours: under way per UTC hour, the engine running while idle at the berth (01:40–02:00)', async () => {
    const rows = await t.database.db
      .selectFrom('voyage_motion_hour')
      .select(['hour', 'underwaySeconds', 'idleRunningSeconds'])
      .where('assetId', '=', w.massId)
      .orderBy('hour')
      .execute();
    expect(rows.map((r) => [Number(r.hour) - w.T, Number(r.underwaySeconds), Number(r.idleRunningSeconds)])).toEqual([
      [1 * H, 0, 1200],
      [2 * H, 3600, 0],
      [3 * H, 3600, 0],
      [7 * H, 1800, 0],
    ]);
    const totals = await motionTotals(t.database, [w.massId, 999_999], w.T + H, w.T + 4 * H);
    expect(totals.get(w.massId)).toEqual({ underwaySeconds: 7200, idleRunningSeconds: 1200 });
    expect(totals.get(999_999)).toEqual({ underwaySeconds: 0, idleRunningSeconds: 0 });
    // hours whose start lies in [start, end): 02:30 → 07:00 holds the hours 03:00 … 06:00
    expect((await motionTotals(t.database, [w.massId], w.T + 2.5 * H, w.T + 7 * H)).get(w.massId)).toEqual({
      underwaySeconds: 3600,
      idleRunningSeconds: 0,
    });
  });
});
