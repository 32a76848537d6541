import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import { INGEST_STAGES } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { nowSeconds } from '../src/http/time.ts';
import { loadVesselPlan } from '../src/modules/summary/summary-vessel.ts';
import { resolveDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import { ingestReadings } from '../src/modules/telemetry/ingest.ts';
import type { IngestStage } from '../src/modules/telemetry/pipeline.ts';
import { voyagesStage } from '../src/modules/voyages/ingest-stage.ts';
import { detectFrom, redetect, storeDetection, voyageVessel } from '../src/modules/voyages/redetect.ts';
import { voyagesAnswer } from '../src/modules/voyages/voyages-answer.ts';
import { ingestRequests, scratchDatabase, seed } from './ingest-input.ts';
import { percentile } from './measure.ts';

/**
 * Issue 30's benchmark (docs/benchmarks.md "Voyages"), per engine (SQLite always; PostgreSQL with DATABASE_URL):
 * 1. Detection of one vessel-year: a bench vessel's GPS and main-engine rpm devices, 1-minute readings over 365 days
 *    (525 600 fixes, 1 051 200 rpm samples) ingested in-process, then a whole detection (reading the fixes and the
 *    running time, detecting, writing the legs and motion hours) timed VOYAGE_RUNS (5) times: wall and this
 *    process's CPU (the server's work: detection runs in the server process; PostgreSQL's own CPU is not in it).
 *    Also one re-detection after a new minute (what the pass costs per vessel in steady state).
 * 2. Ingest A/B of the voyages stage: the same readings (3 bench vessels × 2 days, every device, gateway batches of
 *    ~1 000) ingested in-process into two fresh databases, one without the stage and one with it, batch by batch in
 *    turn (A B, B A, …: a busy machine slows both alike), VOYAGE_AB_ROUNDS (10) rounds; readings per second of the
 *    time spent in each side's ingest calls and CPU per 1 000 readings. In-process (no HTTP) the stage's share is
 *    larger than through POST /api/ingest: the figure is an upper bound.
 *
 *   npx tsx packages/server/bench/voyages.ts      (also run by `npm run bench`)
 */
const DAY = 86400;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const RUNS = Number(process.env.VOYAGE_RUNS ?? 5);
const AB_ROUNDS = Number(process.env.VOYAGE_AB_ROUNDS ?? 10);
const YEAR_DAYS = Number(process.env.VOYAGE_DAYS ?? 365);

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function ingestAll(
  database: Database,
  stages: readonly IngestStage[],
  keys: Map<string, string>,
  bodies: { gateway: string; readings: unknown[] }[],
) {
  const scopes = new Map<string, Awaited<ReturnType<typeof resolveDeviceKey>>>();
  let accepted = 0;
  for (const b of bodies) {
    let scope = scopes.get(b.gateway);
    if (!scope) {
      scope = await resolveDeviceKey(database, keys.get(b.gateway)!);
      scopes.set(b.gateway, scope);
    }
    const r = await ingestReadings({ database, stages }, scope!, b.readings);
    accepted += r.accepted;
  }
  return accepted;
}

async function yearDetection(pgUrl: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-voyages-'));
  const { url, drop } = await scratchDatabase(dir, pgUrl);
  const fleet = benchFleet(1);
  const keys = await seed(ROOT, url, fleet);
  const database = openDatabase(url);
  try {
    const spec = fleet[0];
    const gateway = spec.devices.find((d) => d.type === 'gateway')!.uniqueId;
    const wanted = new Set(spec.devices.filter((d) => d.type === 'gps' || d.type === 'rpm').map((d) => d.uniqueId));
    const end = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const t0 = performance.now();
    let n = 0;
    for (const batch of generateReadings({
      seed: 'bench',
      vessels: [spec],
      start: end - YEAR_DAYS * DAY,
      end,
      stepSeconds: 60,
      batchSteps: 1440,
    })) {
      const readings = batch.filter((r) => wanted.has(r.device));
      n += await ingestAll(database, INGEST_STAGES, keys, [{ gateway, readings }]);
    }
    const ingestS = (performance.now() - t0) / 1000;
    const asset = await database.db.selectFrom('asset').select('massId').executeTakeFirstOrThrow();
    const massId = Number(asset.massId);
    const fixes = Number(
      (
        await database.db
          .selectFrom('telemetry_gps')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const walls: number[] = [];
    const cpus: number[] = [];
    const reads: number[] = [];
    let legs = 0;
    for (let i = 0; i < RUNS; i++) {
      // a whole detection: the vessel as never detected
      await database.db.deleteFrom('voyage_state').where('assetId', '=', massId).execute();
      const c0 = cpuNow();
      const w0 = performance.now();
      const vessel = (await voyageVessel(database.db, massId))!;
      const d = await detectFrom(database, vessel, null);
      const w1 = performance.now();
      await storeDetection(database.db, massId, d, nowSeconds(), null);
      walls.push(performance.now() - w0);
      cpus.push((cpuNow() - c0) * 1000);
      reads.push(w1 - w0);
      legs = d.legs.length;
    }
    // steady state: one new minute of readings, then the pass's re-detection of the vessel
    const next = end;
    await ingestAll(database, INGEST_STAGES, keys, [
      {
        gateway,
        readings: [...generateReadings({ seed: 'bench', vessels: [spec], start: next, end: next + 60 })]
          .flat()
          .filter((r) => wanted.has(r.device)),
      },
    ]);
    const i0 = performance.now();
    await redetect(database, massId, nowSeconds());
    const incrementalMs = performance.now() - i0;
    // the route's answer for the last 30 days: every leg's figures are a summary computation
    const plan = (await loadVesselPlan(database.db, massId))!;
    const answers: number[] = [];
    let answerLegs = 0;
    let coldMs = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const a0 = performance.now();
      answerLegs = (await voyagesAnswer(database, plan, end - 30 * DAY, end, nowSeconds())).legs.length;
      // the first computes every leg's figures (as the pass does after a detection), the others find them kept
      if (i === 0) coldMs = performance.now() - a0;
      else answers.push(performance.now() - a0);
    }
    return {
      readings: n,
      fixes,
      ingestS,
      legs,
      wallMs: percentile(walls, 50),
      cpuMs: percentile(cpus, 50),
      readDetectMs: percentile(reads, 50),
      incrementalMs,
      answerMs: percentile(answers, 50),
      coldMs,
      answerLegs,
    };
  } finally {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function ingestAb(pgUrl: string | undefined) {
  const { fleet, requests, total } = ingestRequests(3, 2);
  const bodies = requests.map((r) => ({ gateway: r.gateway, readings: JSON.parse(r.body).readings as unknown[] }));
  const without = INGEST_STAGES.filter((s) => s !== voyagesStage);
  const sides = [
    { stages: without, wall: 0, cpu: 0, n: 0 },
    { stages: INGEST_STAGES, wall: 0, cpu: 0, n: 0 },
  ];
  for (let round = 0; round < AB_ROUNDS; round++) {
    // a fresh database per side and round; the batches go to the two in turn (which first alternates), so whatever
    // else the machine does falls on both alike
    const open = await Promise.all(
      sides.map(async () => {
        const dir = mkdtempSync(join(tmpdir(), 'fleet-voyages-ab-'));
        const scratch = await scratchDatabase(dir, pgUrl);
        const keys = await seed(ROOT, scratch.url, fleet);
        return { dir, scratch, keys, database: openDatabase(scratch.url) };
      }),
    );
    try {
      for (let i = 0; i < bodies.length; i++)
        for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
          const c0 = cpuNow();
          const w0 = performance.now();
          sides[k].n += await ingestAll(open[k].database, sides[k].stages, open[k].keys, [bodies[i]]);
          sides[k].wall += performance.now() - w0;
          sides[k].cpu += cpuNow() - c0;
        }
    } finally {
      for (const o of open) {
        await o.database.close();
        await o.scratch.drop();
        rmSync(o.dir, { recursive: true, force: true });
      }
    }
  }
  for (const s of sides) if (s.n !== total * AB_ROUNDS) throw new Error(`${s.n} of ${total * AB_ROUNDS} accepted`);
  const figures = (s: (typeof sides)[number]) => ({ rate: s.n / (s.wall / 1000), cpuPerK: (s.cpu * 1e6) / s.n });
  return { readings: total, without: figures(sides[0]), with: figures(sides[1]) };
}

/** Runs both parts on SQLite and, with `pgUrl`, PostgreSQL; prints the figures and answers them as lines. */
export async function benchVoyages(pgUrl?: string): Promise<string[]> {
  const lines: string[] = [];
  const engines: [string, string | undefined][] = [['SQLite', undefined]];
  if (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl)) engines.push(['PostgreSQL', pgUrl]);
  for (const [engine, url] of engines) {
    console.log(`voyages (${engine}): ingesting one vessel-year of GPS and rpm readings …`);
    const y = await yearDetection(url);
    const ab = await ingestAb(url);
    const cost = (1 - ab.with.rate / ab.without.rate) * 100;
    const cpuCost = (ab.with.cpuPerK / ab.without.cpuPerK - 1) * 100;
    const out = [
      `${engine}: detection of one vessel-year (${y.fixes.toLocaleString('en')} fixes, ${(y.readings - y.fixes).toLocaleString('en')} rpm samples; ${y.legs} legs): ` +
        `${y.wallMs.toFixed(0)} ms wall (${y.readDetectMs.toFixed(0)} ms reading and detecting, the rest writing legs and motion hours), ` +
        `${y.cpuMs.toFixed(0)} ms server CPU; median of ${RUNS} (target ≤ 2 000 ms)`,
      `${engine}: re-detection after one new minute (the pass, per vessel): ${y.incrementalMs.toFixed(1)} ms`,
      `${engine}: the answer of GET /api/voyages/…/period for 30 days (${y.answerLegs} legs; GPS and rpm readings only), in-process: ` +
        `${y.coldMs.toFixed(0)} ms computing every leg's figures (one summary computation a leg: the pass does it after a detection), ` +
        `${y.answerMs.toFixed(0)} ms with them kept (median of ${RUNS})`,
      `${engine}: ingest A/B of the voyages stage (${ab.readings.toLocaleString('en')} readings, ${AB_ROUNDS} rounds, batch by batch in turn, in-process): ` +
        `${ab.without.rate.toFixed(0)} readings/s without, ${ab.with.rate.toFixed(0)} with (${cost.toFixed(1)} % throughput); ` +
        `CPU ${ab.without.cpuPerK.toFixed(1)} → ${ab.with.cpuPerK.toFixed(1)} ms per 1 000 readings (${cpuCost.toFixed(1)} %) (target ≤ 5 %)`,
    ];
    for (const l of out) console.log(`  ${l}`);
    lines.push(...out);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVoyages(process.env.DATABASE_URL);
