import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueClosedLegs } from '../../src/modules/webhooks/voyage-legs.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createAsset, createCompany, createGroup } from '../helpers/fixtures.ts';

/** voyage_leg.closed: each closed leg told once to the subscribed companies, an ongoing leg never. */
describe.each(dialects())('voyage leg webhooks on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEBHOOK_POLL_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('queues a closed leg once per change of its end, only for companies subscribed to it', async () => {
    const db = t.database.db;
    const group = await createGroup(db, 'Legs');
    const comp = await createCompany(db, group, 'Legs Co');
    const other = await createCompany(db, group, 'Other Co');
    const vessel = await createAsset(db, comp, 'MV Legs');
    const otherVessel = await createAsset(db, other, 'MV Other');
    const sub = async (compId: number, kinds: string[]) =>
      db
        .insertInto('webhook')
        .values({
          wbhkCompId: compId,
          wbhkName: 'legs',
          wbhkUrl: 'http://127.0.0.1:9/legs',
          wbhkKinds: JSON.stringify(kinds),
          wbhkActive: 0,
          wbhkSecret: 'whsec_x',
          wbhkCreatedTime: 1000,
          wbhkUpdatedTime: 1000,
        })
        .returning('wbhkId')
        .executeTakeFirstOrThrow();
    const mine = await sub(comp, ['voyage_leg.closed']);
    await sub(other, ['event.opened']);
    await db.updateTable('webhook').set({ wbhkActive: 1 }).execute();
    const leg = (assetId: number, start: number, end: number, ongoing: 0 | 1) => ({
      assetId,
      startTs: start,
      endTs: end,
      kind: 'underway',
      fromPlace: 'Tanjung Priok',
      toPlace: ongoing ? null : 'Merak',
      startLat: -6.1,
      startLng: 106.88,
      endLat: -5.93,
      endLng: 106.0,
      ongoing,
    });
    // before the subscription (ended at 900), closed, ongoing; and the other company's closed leg
    await db
      .insertInto('voyage_leg')
      .values([
        leg(vessel, 0, 900, 0),
        leg(vessel, 2000, 9200, 0),
        leg(vessel, 9200, 9800, 1),
        leg(otherVessel, 2000, 5000, 0),
      ])
      .execute();
    expect(await queueClosedLegs(t.database, 10_000)).toBe(1);
    expect(await queueClosedLegs(t.database, 10_001)).toBe(0);
    // re-detected: stored again the same, then with a later end
    await db.deleteFrom('voyage_leg').where('assetId', '=', vessel).where('startTs', '=', 2000).execute();
    await db
      .insertInto('voyage_leg')
      .values(leg(vessel, 2000, 9200, 0))
      .execute();
    expect(await queueClosedLegs(t.database, 10_002)).toBe(0);
    await db
      .updateTable('voyage_leg')
      .set({ endTs: 9300 })
      .where('assetId', '=', vessel)
      .where('startTs', '=', 2000)
      .execute();
    expect(await queueClosedLegs(t.database, 10_003)).toBe(1);
    const rows = await db
      .selectFrom('webhook_delivery')
      .select(['wbdlWbhkId', 'wbdlKind', 'wbdlPayload'])
      .orderBy('wbdlId')
      .execute();
    expect(rows.map((r) => [Number(r.wbdlWbhkId), r.wbdlKind])).toEqual([
      [Number(mine.wbhkId), 'voyage_leg.closed'],
      [Number(mine.wbhkId), 'voyage_leg.closed'],
    ]);
    expect(JSON.parse(rows[0].wbdlPayload)).toMatchObject({
      kind: 'voyage_leg.closed',
      created: 10_000,
      companyId: comp,
      data: {
        vessel: { id: vessel, name: 'MV Legs' },
        kind: 'underway',
        start: 2000,
        end: 9200,
        durationSeconds: 7200,
        from: 'Tanjung Priok',
        to: 'Merak',
        startPosition: { lat: -6.1, lng: 106.88 },
      },
    });
    expect(JSON.parse(rows[1].wbdlPayload).data).toMatchObject({ end: 9300, durationSeconds: 7300 });
  });
});
