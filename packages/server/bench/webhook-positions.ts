import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INGEST_STAGES } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { resolveDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import { ingestReadings } from '../src/modules/telemetry/ingest.ts';
import type { IngestStage } from '../src/modules/telemetry/pipeline.ts';
import { webhookPositionsStage } from '../src/modules/webhooks/positions.ts';
import { ingestRequests, scratchDatabase, seed } from './ingest-input.ts';
import { percentile } from './measure.ts';

/**
 * Issue 31's measure of the `positions` ingest stage (docs/benchmarks.md "Webhook positions"): the same readings
 * (the bench fleet, POS_VESSELS (3) vessels × POS_DAYS (2) days, every device, gateway batches of ~1 000) ingested
 * in-process into four fresh databases per round — with no subscription, without and with the stage; with a
 * `positions` subscription of the fleet's company, without and with the stage — batch by batch in turn (the order
 * rotates each batch, so a busy machine slows all four alike), POS_ROUNDS (3) rounds. Per side: readings per second of
 * the time spent in its ingest calls, and this process's CPU per 1 000 readings (the server's work; PostgreSQL's own
 * CPU is not in it). In-process (no HTTP) the stage's share is larger than through POST /api/ingest: an upper bound.
 *
 *   npx tsx packages/server/bench/webhook-positions.ts          (SQLite)
 *   DATABASE_URL=postgres://… npx tsx packages/server/bench/webhook-positions.ts   (PostgreSQL)
 */
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const ROUNDS = Number(process.env.POS_ROUNDS ?? 3);
const VESSELS = Number(process.env.POS_VESSELS ?? 3);
const DAYS = Number(process.env.POS_DAYS ?? 2);
const PG =
  process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)
    ? process.env.DATABASE_URL
    : undefined;

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const without = INGEST_STAGES.filter((s) => s !== webhookPositionsStage);
const sides: {
  name: string;
  subscribed: boolean;
  stages: readonly IngestStage[];
  wall: number;
  cpu: number;
  n: number;
  /** each round's CPU seconds */
  roundCpu: number[];
}[] = [
  {
    name: 'no subscription, without the stage',
    subscribed: false,
    stages: without,
    wall: 0,
    cpu: 0,
    n: 0,
    roundCpu: [],
  },
  {
    name: 'no subscription, with the stage',
    subscribed: false,
    stages: INGEST_STAGES,
    wall: 0,
    cpu: 0,
    n: 0,
    roundCpu: [],
  },
  {
    name: 'a positions subscription, without the stage',
    subscribed: true,
    stages: without,
    wall: 0,
    cpu: 0,
    n: 0,
    roundCpu: [],
  },
  {
    name: 'a positions subscription, with the stage',
    subscribed: true,
    stages: INGEST_STAGES,
    wall: 0,
    cpu: 0,
    n: 0,
    roundCpu: [],
  },
];

async function subscribeAll(database: Database) {
  const comps = await database.db.selectFrom('asset').select('massCompId').distinct().execute();
  for (const c of comps)
    await database.db
      .insertInto('webhook')
      .values({
        wbhkCompId: c.massCompId,
        wbhkName: 'bench',
        wbhkUrl: 'http://127.0.0.1:9/positions',
        wbhkKinds: JSON.stringify(['positions']),
        wbhkActive: 1,
        wbhkSecret: 'whsec_bench',
        wbhkCreatedTime: 0,
        wbhkUpdatedTime: 0,
      })
      .execute();
}

const { fleet, requests, total } = ingestRequests(VESSELS, DAYS);
const bodies = requests.map((r) => ({ gateway: r.gateway, readings: JSON.parse(r.body).readings as unknown[] }));
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const loads: number[] = [];
let noted = 0;
for (let round = 0; round < ROUNDS; round++) {
  const open = await Promise.all(
    sides.map(async (s) => {
      const dir = mkdtempSync(join(tmpdir(), 'fleet-positions-ab-'));
      const scratch = await scratchDatabase(dir, PG);
      const keys = await seed(ROOT, scratch.url, fleet);
      const database = openDatabase(scratch.url);
      if (s.subscribed) await subscribeAll(database);
      return { dir, scratch, keys, database, scopes: new Map<string, any>() };
    }),
  );
  const cpu0 = sides.map((s) => s.cpu);
  try {
    for (let i = 0; i < bodies.length; i++)
      for (let j = 0; j < sides.length; j++) {
        const k = (i + j) % sides.length;
        const o = open[k];
        const b = bodies[i];
        let scope = o.scopes.get(b.gateway);
        if (!scope) {
          scope = await resolveDeviceKey(o.database, o.keys.get(b.gateway)!);
          o.scopes.set(b.gateway, scope);
        }
        const c0 = cpuNow();
        const w0 = performance.now();
        sides[k].n += (
          await ingestReadings({ database: o.database, stages: sides[k].stages }, scope, b.readings)
        ).accepted;
        sides[k].wall += performance.now() - w0;
        sides[k].cpu += cpuNow() - c0;
      }
    sides.forEach((s, k) => {
      s.roundCpu.push(s.cpu - cpu0[k]);
    });
    const rows = await open[3].database.db.selectFrom('webhook_outbox').select('wboxBody').execute();
    noted = rows.reduce((n, r) => n + JSON.parse(String(r.wboxBody)).length, 0);
  } finally {
    for (const o of open) {
      await o.database.close();
      await o.scratch.drop();
      rmSync(o.dir, { recursive: true, force: true });
    }
  }
  loads.push(loadavg()[0]);
  console.log(`round ${round + 1} done (load ${loadavg()[0].toFixed(1)})`);
}
for (const s of sides) if (s.n !== total * ROUNDS) throw new Error(`${s.name}: ${s.n} of ${total * ROUNDS} accepted`);
const fig = (s: (typeof sides)[number]) => ({ rate: s.n / (s.wall / 1000), cpuPerK: (s.cpu * 1e6) / s.n });
console.log(
  `\n${PG ? 'PostgreSQL' : 'SQLite'}: ${total.toLocaleString('en')} readings per side (${VESSELS} vessels, ${DAYS} days; ${noted.toLocaleString('en')} fixes noted with the subscription), ${ROUNDS} rounds, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, 1-min load ${loads.map((l) => l.toFixed(1)).join(', ')}`,
);
console.log('| ingest, in-process | readings/s (wall in ingest) | CPU per 1 000 readings |');
console.log('|---|---|---|');
for (const s of sides) {
  const f = fig(s);
  console.log(`| ${s.name} | ${f.rate.toFixed(0)} | ${f.cpuPerK.toFixed(2)} ms |`);
}
for (const [a, b, what] of [
  [0, 1, 'no subscription'],
  [2, 3, 'a positions subscription'],
] as const) {
  const fa = fig(sides[a]);
  const fb = fig(sides[b]);
  // the rounds' own CPU ratios: their median and spread say how much of the difference is noise
  const ratios = sides[b].roundCpu.map((c, r) => (c / sides[a].roundCpu[r] - 1) * 100).sort((x, y) => x - y);
  console.log(
    `${what}: the stage costs ${((1 - fb.rate / fa.rate) * 100).toFixed(1)} % throughput, ${((fb.cpuPerK / fa.cpuPerK - 1) * 100).toFixed(1)} % CPU; ` +
      `per round CPU ${percentile(ratios, 50).toFixed(1)} % median (${ratios[0].toFixed(1)} … ${ratios[ratios.length - 1].toFixed(1)})`,
  );
}
