import { openDatabase } from '../src/db/database.ts';
import { createRole, createUser, signIn } from '../test/helpers/fixtures.ts';
import { cpuSecondsOf, timeIt } from './measure.ts';

const WARMUP = Number(process.env.BENCH_EMISSIONS_WARMUP ?? 2);
const RUNS = Number(process.env.BENCH_EMISSIONS_RUNS ?? 10);

/**
 * Issue 30's emissions benchmark, called from run.ts once per engine while the server runs: on the bench data set
 * (every vessel given a fuel type and a tanker's capacities, so CO₂ and the CII are computed) it times GET /api/emissions/dcs/{year} — the
 * DCS year of every bench vessel: their fuel, distance and CO₂ of the calendar year through the summary's code, the
 * motion hours, AER, cgDIST and CII — and GET /api/emissions/fleet/period for the last 30 days, wall time and the
 * server's CPU per request. Figures are printed; the lines go into docs/benchmarks.md by hand.
 */
export async function benchEmissions(o: { base: string; url: string; engine: string; end: number; serverPid: number }) {
  const database = openDatabase(o.url);
  const db = database.db;
  try {
    const assets = await db.selectFrom('asset').select(['massId', 'massCompId']).orderBy('massId').execute();
    // a fuel type with a factor, so CO₂, AER and the CII are computed as on a configured fleet
    const fuel = await db
      .insertInto('fuel_type')
      .values({ mftyName: `Bench HSD ${Date.now()}`, mftyCo2Factor: 3.206, mftyDensity: 845 })
      .returning('mftyId')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('asset')
      .set({ massGt: 2450, massDwt: 3500, massCiiType: 'tanker', massMftyId: fuel.mftyId })
      .execute();
    const role = await createRole(db, `Bench emissions ${Date.now()}`, { emissions: ['read'] });
    const userId = `bench-emissions-${Date.now()}@fleet.test`;
    const companies = [...new Set(assets.map((a) => Number(a.massCompId)))];
    await createUser(db, {
      userId,
      username: userId.split('@')[0],
      roleIds: [role],
      companies: companies.map((compId) => ({ compId })),
    });
    const token = await signIn(db, userId, companies[0]);
    let shed = 0; // 503s of the load shedding or a full heavy line: waited out as the web client does, and reported
    const get = async (path: string) => {
      let res = await fetch(o.base + path, { headers: { authentication: token } });
      while (res.status === 503 && shed < 50) {
        shed++;
        await new Promise((ok) => setTimeout(ok, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        res = await fetch(o.base + path, { headers: { authentication: token } });
      }
      const body = (await res.json()) as { status: { error: number }; data: { vessels: unknown[] } };
      if (res.status !== 200 || body.status.error !== 0) throw new Error(`${path}: ${JSON.stringify(body.status)}`);
      return body.data.vessels.length;
    };
    const year = new Date((o.end - 1) * 1000).getUTCFullYear();
    const timed = async (path: string) => {
      const vessels = await get(path);
      const cpu0 = cpuSecondsOf(o.serverPid);
      const t = await timeIt(() => get(path), { warmup: WARMUP, runs: RUNS });
      const cpuMs = ((cpuSecondsOf(o.serverPid) - cpu0) * 1000) / (WARMUP + RUNS);
      return { ...t, cpuMs, vessels };
    };
    const dcs = await timed(`/api/emissions/dcs/${year}`);
    const period = await timed(`/api/emissions/fleet/period/${o.end - 30 * 86400}/${o.end}`);
    const f = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(0)} ms`;
    console.log(
      `${o.engine}: emissions DCS year ${year} for ${dcs.vessels} vessels: p50 ${f(dcs.p50)}, p95 ${f(dcs.p95)}, server CPU ${f(dcs.cpuMs)} per request (${RUNS} runs)`,
    );
    console.log(
      `${o.engine}: emissions fleet period, 30 days, ${period.vessels} vessels: p50 ${f(period.p50)}, p95 ${f(period.p95)}, server CPU ${f(period.cpuMs)} per request (${RUNS} runs)`,
    );
    if (shed) console.log(`${o.engine}: emissions bench: ${shed} request(s) shed with 503 and asked again`);
    return { dcs, period };
  } finally {
    await database.close();
  }
}
