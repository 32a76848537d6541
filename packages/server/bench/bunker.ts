import { openDatabase } from '../src/db/database.ts';
import { createRole, createUser, signIn } from '../test/helpers/fixtures.ts';
import { timeIt } from './measure.ts';

const DAY = 86400;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGETS = { detail: 50, rob: 200 };

/**
 * Issue 16's benchmark, called from run.ts once per engine while the server runs: on the bench data set it adds
 * a bunker-log reader, one bunkering log over the busiest three hours of a bench vessel's BUNKER_IN meter (any
 * vessel when none has one) and a one-year ROB profile ending at the data's end; then times
 * GET /api/master/bunker/log/detail/{id} (target p50 ≤ 50 ms) and GET /api/summary/rob/{id}?interval=daily
 * (target p50 ≤ 200 ms). Figures are printed.
 */
export async function benchBunker(o: { base: string; url: string; engine: string; end: number; days: number }) {
  const database = openDatabase(o.url);
  const db = database.db;
  try {
    const meter = await db
      .selectFrom('device')
      .select(['devcId', 'devcMassId'])
      .where('devcLabel', '=', 'BUNKER_IN')
      .orderBy('devcId')
      .executeTakeFirst();
    const asset = await db
      .selectFrom('asset')
      .select(['massId', 'massCompId'])
      .$if(!!meter, (q) => q.where('massId', '=', meter?.devcMassId))
      .orderBy('massId')
      .executeTakeFirstOrThrow();
    let windowEnd = o.end;
    if (meter) {
      const busiest = await db
        .selectFrom('telemetry_flowmeter')
        .select('ts')
        .where('deviceId', '=', meter.devcId)
        .orderBy('volumeFlowrate', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (busiest) windowEnd = Number(busiest.ts) + 1800;
    }
    const role = await createRole(db, `Bench bunker ${Date.now()}`, {
      master_bunker_log: ['read'],
      master_bunker_adjustment: ['read'],
      master_rob_rob: ['read'],
      summary_rob: ['read'],
    });
    const userId = `bench-bunker-${Date.now()}@fleet.test`;
    await createUser(db, {
      userId,
      username: userId.split('@')[0],
      roleIds: [role],
      companies: [{ compId: Number(asset.massCompId) }],
    });
    const token = await signIn(db, userId, Number(asset.massCompId));
    const log = await db
      .insertInto('bunker_log')
      .values({
        bklgMassId: asset.massId,
        bklgStartDatetime: windowEnd - 3 * 3600,
        bklgEndDatetime: windowEnd,
        bklgTargetBunker: 50000,
        bklgType: 'IN',
        bklgStartSounding: 10000,
        bklgEndSounding: 59000,
      })
      .returning('bklgId')
      .executeTakeFirstOrThrow();
    for (const [i, amount] of [200, -50].entries())
      await db
        .insertInto('bunker_adjustment')
        .values({
          bklaBklgId: log.bklgId,
          bklaAmount: amount,
          bklaReason: 'OTHERS',
          bklaType: 2,
          bklaDesc: 'bench',
          bklaCreatedTime: windowEnd + i,
        })
        .execute();
    const profile = await db
      .insertInto('rob')
      .values({
        mrobMassId: asset.massId,
        mrobStartTime: o.end - 365 * DAY,
        mrobEndTime: o.end - 1,
        mrobInitialValue: 100000,
      })
      .returning('mrobId')
      .executeTakeFirstOrThrow();

    let shed = 0; // 503s of the load shedding: waited out as the web client does, and reported
    const get = async (path: string) => {
      let res = await fetch(o.base + path, { headers: { authentication: token } });
      while (res.status === 503 && shed < 20) {
        shed++;
        await new Promise((ok) => setTimeout(ok, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        res = await fetch(o.base + path, { headers: { authentication: token } });
      }
      const body = (await res.json()) as { status: { error: number; message: unknown } };
      if (res.status !== 200 || body.status.error !== 0) throw new Error(`${path}: ${JSON.stringify(body.status)}`);
      return body;
    };
    const detail = await timeIt(() => get(`/api/master/bunker/log/detail/${log.bklgId}`), {
      warmup: WARMUP,
      runs: RUNS,
    });
    const rob = await timeIt(() => get(`/api/summary/rob/${profile.mrobId}?interval=daily`), {
      warmup: WARMUP,
      runs: RUNS,
    });
    const f = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
    const ok = (x: number, t: number) => (x <= t ? '✓' : '✗');
    console.log(
      `${o.engine}: bunker log detail (${meter ? '3 h of the BUNKER_IN meter' : 'no bunker meter in the fleet'}, 2 adjustments): p50 ${f(detail.p50)}, p95 ${f(detail.p95)} (target p50 ≤ ${TARGETS.detail} ms) ${ok(detail.p50, TARGETS.detail)}`,
    );
    console.log(
      `${o.engine}: ROB summary, one-year profile at daily interval (${o.days} days of data): p50 ${f(rob.p50)}, p95 ${f(rob.p95)} (target p50 ≤ ${TARGETS.rob} ms) ${ok(rob.p50, TARGETS.rob)}`,
    );
    if (shed) console.log(`${o.engine}: bunker bench: ${shed} request(s) shed with 503 and asked again`);
    return { detail, rob };
  } finally {
    await database.close();
  }
}
