import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { positionOf, positionPayloads, sendPositions } from '../../src/modules/webhooks/positions.ts';
import { invalidateSubscribers } from '../../src/modules/webhooks/subscribers.ts';
import { eventWorld, T0 } from '../event-engine/world.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { createDevice } from '../helpers/fixtures.ts';
import { startReceiver, until } from './receiver.ts';

/** A vessel with a GPS device in its own company; `fix` ingests one GPS reading through the app's stages. */
async function vessel(database: Database, code: string) {
  const w = await eventWorld(database, code);
  await createDevice(database.db, w.massId, `gps-${code}`, 'gps');
  const gps = (ts: number, data: Record<string, number>) => ({ device: `gps-${code}`, ts, data });
  return {
    ...w,
    fixes: (...rows: [number, Record<string, number>][]) => w.ingest(rows.map(([ts, d]) => gps(ts, d))),
    subscribe: async (url: string, kinds: string[]) => {
      const r = await database.db
        .insertInto('webhook')
        .values({
          wbhkCompId: w.comp,
          wbhkName: code,
          wbhkUrl: url,
          wbhkKinds: JSON.stringify(kinds),
          wbhkActive: 1,
          wbhkSecret: 'whsec_test',
          wbhkCreatedTime: T0,
          wbhkUpdatedTime: T0,
        })
        .returning('wbhkId')
        .executeTakeFirstOrThrow();
      invalidateSubscribers(database); // written past the API: as the API does
      return Number(r.wbhkId);
    },
  };
}

const deliveriesOf = async (database: Database, id: number) =>
  (
    await database.db
      .selectFrom('webhook_delivery')
      .selectAll()
      .where('wbdlWbhkId', '=', id)
      .where('wbdlKind', '=', 'positions')
      .orderBy('wbdlId')
      .execute()
  ).map((r: any) => ({ ...r, body: JSON.parse(String(r.wbdlPayload)) }));

describe('position payloads (docs/domain.md §43, its worked example)', () => {
  it('knots to 0.1 half up, course as stored; 1 201 positions in parts of 500, 500 and 201', () => {
    const v = { id: 12, name: 'MV Sinar Bintan' };
    expect(positionOf(v, [1767225600, -6.1, 106.8, 22.224, 45])).toEqual({
      vessel: v,
      time: 1767225600,
      lat: -6.1,
      lng: 106.8,
      speedKn: 12,
      course: 45,
    });
    expect(positionOf(v, [1767225630, -6.1012, 106.8015, 20, 46]).speedKn).toBe(10.8);
    expect(positionOf(v, [1767225630, -6.1012, 106.8015, null, null])).toMatchObject({ speedKn: null, course: null });
    const many = Array.from({ length: 1201 }, (_, i) => positionOf({ id: i % 2 ? 3 : 1, name: 'x' }, [i, 0, 0, 0, 0]));
    const parts = positionPayloads(many);
    expect(parts.map((p) => [p.part, p.parts, p.count])).toEqual([
      [1, 3, 500],
      [2, 3, 500],
      [3, 3, 201],
    ]);
    // by vessel, then time: vessel 1's 601 fixes (even i) first
    expect(parts[0].positions[0]).toMatchObject({ vessel: { id: 1 }, time: 0 });
    // the second part: vessel 1's last 101 (times 1000 … 1200), then vessel 3's first 399 (times 1, 3 … 797)
    expect(parts[1].positions[0]).toMatchObject({ vessel: { id: 1 }, time: 1000 });
    expect(parts[1].positions[101]).toMatchObject({ vessel: { id: 3 }, time: 1 });
    expect([parts[1].first, parts[1].last]).toEqual([1, 1200]);
  });
});

describe.each(dialects())('position webhooks on %s', (dialect) => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // the batcher is run by the test (interval 0), retries at once
    t = await createTestApp(dialect, {
      env: { WEBHOOK_RETRY_BASE_SECONDS: '0', WEBHOOK_POLL_SECONDS: '0', WEBHOOK_POSITION_INTERVAL_SECONDS: '0' },
    });
    rx = await startReceiver({ '/down': Array(50).fill(500) });
  });
  afterAll(async () => {
    await rx.close();
    await t.close();
  });

  it('sends exactly the fixes noted since the last batch, of the company’s vessels only; a failing receiver holds no other', async () => {
    const db = t.database.db;
    const a = await vessel(t.database, 'psa');
    const b = await vessel(t.database, 'psb');
    const c = await vessel(t.database, 'psc');
    // nothing subscribes to positions: ingest notes nothing
    await a.fixes([T0, { latitude: -6, longitude: 106, speed: 10 }]);
    expect(await db.selectFrom('webhook_outbox').selectAll().execute()).toEqual([]);

    const subA = await a.subscribe(rx.url('/a'), ['positions']);
    await b.subscribe(rx.url('/b'), ['event.opened']);
    const subC = await c.subscribe(rx.url('/down'), ['positions', 'event.opened']);
    // the worked example: two fixes and a reading without a position
    await a.fixes(
      [T0 + 100, { latitude: -6.1, longitude: 106.8, speed: 22.224, track: 45 }],
      [T0 + 130, { latitude: -6.1012, longitude: 106.8015, speed: 20, track: 46 }],
      [T0 + 160, { speed: 19 }],
    );
    await b.fixes([T0 + 100, { latitude: 1, longitude: 104, speed: 5 }]);
    await c.fixes([T0 + 100, { latitude: 2, longitude: 105, speed: 5 }]);
    // one noted row per subscribed vessel and batch; company B's vessel never
    const noted = await db.selectFrom('webhook_outbox').select(['wboxKind', 'wboxMassId', 'wboxCompId']).execute();
    expect(noted.map((n) => [n.wboxKind, Number(n.wboxMassId), Number(n.wboxCompId)]).sort()).toEqual(
      [
        ['positions', a.massId, a.comp],
        ['positions', c.massId, c.comp],
      ].sort(),
    );

    expect(await sendPositions(t.database)).toBe(2);
    const [first] = await deliveriesOf(t.database, subA);
    expect(first.body).toMatchObject({
      kind: 'positions',
      companyId: a.comp,
      data: {
        part: 1,
        parts: 1,
        count: 2,
        first: T0 + 100,
        last: T0 + 130,
        positions: [
          {
            vessel: { id: a.massId, name: 'MV Events psa' },
            time: T0 + 100,
            lat: -6.1,
            lng: 106.8,
            speedKn: 12,
            course: 45,
          },
          { vessel: { id: a.massId }, time: T0 + 130, lat: -6.1012, lng: 106.8015, speedKn: 10.8, course: 46 },
        ],
      },
    });
    // taken: a second pass has nothing
    expect(await sendPositions(t.database)).toBe(0);

    // the next batch: two new fixes and a duplicate of one already sent (not new: not a fix again)
    await a.fixes(
      [T0 + 130, { latitude: -6.1012, longitude: 106.8015, speed: 20, track: 46 }],
      [T0 + 190, { latitude: -6.2, longitude: 106.9, speed: 18.52 }],
      [T0 + 220, { latitude: -6.3, longitude: 107, speed: 0 }],
    );
    expect(await sendPositions(t.database)).toBe(1);
    const [, second] = await deliveriesOf(t.database, subA);
    expect(second.body.data.positions.map((p: any) => [p.time, p.speedKn, p.course])).toEqual([
      [T0 + 190, 10, null],
      [T0 + 220, 0, null],
    ]);

    // every delivery: no other company's vessel
    const all = await db
      .selectFrom('webhook_delivery')
      .select('wbdlPayload')
      .where('wbdlKind', '=', 'positions')
      .execute();
    for (const d of all) {
      const body = JSON.parse(String(d.wbdlPayload));
      const own = body.companyId === a.comp ? a.massId : c.massId;
      for (const p of body.data.positions) expect(p.vessel.id).toBe(own);
    }
    expect(JSON.stringify(all)).not.toContain(`"id":${b.massId},`);

    // C's receiver fails every try; A's are delivered meanwhile
    await until(async () => (await deliveriesOf(t.database, subA)).every((d) => d.wbdlStatus === 'delivered'), 'A');
    expect(rx.at('/a').length).toBe(2);
    const [down] = await deliveriesOf(t.database, subC);
    expect(down.wbdlStatus).not.toBe('delivered');
    expect(rx.at('/down').length).toBeGreaterThan(0);
  });
});

describe.each(dialects())('noted positions across a restart on %s', (dialect) => {
  it('are sent once by the next process: nothing lost, nothing twice', async () => {
    const database = await freshDatabase(dialect, undefined, { sqliteFile: true });
    const config = loadConfig({
      DATA_DIR: `/tmp/fleet-test-${process.pid}`,
      DEMO: '0',
      SIMULATOR: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
      WEBHOOK_POLL_SECONDS: '0',
      WEBHOOK_POSITION_INTERVAL_SECONDS: '0',
    });
    try {
      const first = await buildApp({ database, config, logger: false });
      await first.ready();
      const a = await vessel(database, 'psr');
      const sub = await a.subscribe('http://127.0.0.1:9/nobody', ['positions']);
      await a.fixes([T0, { latitude: -6, longitude: 106 }], [T0 + 30, { latitude: -6.01, longitude: 106.01 }]);
      await first.close(); // stopped before its batcher ran: the fixes wait in the outbox
      const second = await buildApp({ database, config, logger: false });
      await second.ready();
      await a.fixes([T0 + 60, { latitude: -6.02, longitude: 106.02 }]);
      expect(await sendPositions(database)).toBe(1);
      expect(await sendPositions(database)).toBe(0);
      await second.close();
      const third = await buildApp({ database, config, logger: false });
      await third.ready();
      expect(await sendPositions(database)).toBe(0);
      await third.close();
      const sent = await deliveriesOf(database, sub);
      expect(sent.length).toBe(1);
      expect(sent[0].body.data.positions.map((p: any) => p.time)).toEqual([T0, T0 + 30, T0 + 60]);
    } finally {
      await database.drop();
    }
  });
});
