import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import { INGEST_STAGES } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { syncVesselFuelWatch } from '../src/modules/fuel-watch/fuel-watch.ts';
import { ingestReadings, type KeyScope } from '../src/modules/telemetry/ingest.ts';
import { createAsset, createCompany, createDevice, createGroup } from '../test/helpers/fixtures.ts';
import { timeIt } from './measure.ts';

/**
 * Issue 30's fuel-watch benchmark (docs/domain.md §41.5): the cost of one background pass over every vessel with a
 * gateway — for each, 28 days of hours read (the 14-day window and the 14 days its models look back), the four
 * rules, and the events brought in line. The first pass writes what it finds; the timed passes find the same
 * (nothing written: the steady state of the hourly pass). Called from run.ts on its data set (BENCH_DAYS of the
 * bench fleet), and alone (`npx tsx packages/server/bench/fuel-watch.ts`) on a fresh embedded database holding
 * BENCH_FW_DAYS (28) days of the bench fleet's 1-minute readings, ingested in process. The fuel watch adds nothing
 * to ingest (no ingest stage): its cost at ingest is none.
 */
const RUNS = Number(process.env.BENCH_FW_RUNS ?? 5);
const TOLERANCE = { warning: 0.5, protest: 1 };
const TARGET_MS = 10_000;

export async function benchFuelWatch(o: { url: string; engine: string; now: number }) {
  const database = openDatabase(o.url);
  try {
    const vessels = (
      await database.db
        .selectFrom('device')
        .select('devcMassId')
        .distinct()
        .where('devcType', '=', 'gateway')
        .where('devcMassId', 'is not', null)
        .execute()
    ).map((r) => Number(r.devcMassId));
    const pass = async () => {
      const out = { inserted: 0, updated: 0, deleted: 0 };
      for (const massId of vessels) {
        const r = await syncVesselFuelWatch(database, massId, { tolerance: TOLERANCE, now: o.now });
        out.inserted += r.inserted;
        out.updated += r.updated;
        out.deleted += r.deleted;
      }
      return out;
    };
    const t0 = performance.now();
    const first = await pass();
    const firstMs = performance.now() - t0;
    let again = { inserted: 0, updated: 0, deleted: 0 };
    const steady = await timeIt(
      async () => {
        again = await pass();
      },
      { warmup: 0, runs: RUNS },
    );
    // what the first pass found, by vessel and event type
    const found = await database.db
      .selectFrom('event_log as e')
      .innerJoin('master_event as m', 'm.mevtId', 'e.evntMevtId')
      .innerJoin('asset as a', 'a.massId', 'e.evntMassId')
      .select(['a.massName', 'm.mevtType', 'e.evntTimestamp', 'e.evntReason'])
      .where('e.evntWatchKey', 'is not', null)
      .orderBy('e.evntTimestamp')
      .execute();
    for (const e of found)
      console.log(
        `  ${e.massName}: ${e.mevtType} from ${new Date(Number(e.evntTimestamp) * 1000).toISOString()} ${e.evntReason}`,
      );
    // and how many each rule found (0 is a line too: a fleet without scenarios should find none)
    const byRule = new Map(
      ['Abnormal Consumption', 'ROB Drop Unexplained', 'Flow While Engine Stopped', 'Short Delivery'].map((k) => [
        k,
        0,
      ]),
    );
    for (const e of found) byRule.set(String(e.mevtType), (byRule.get(String(e.mevtType)) ?? 0) + 1);
    console.log(`  found by rule: ${[...byRule].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const f = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `${o.engine}: fuel watch pass over ${vessels.length} vessels (28 days of hours each): first ${f(firstMs)} ` +
        `(events written ${first.inserted}); then p50 ${f(steady.p50)}, p95 ${f(steady.p95)} ` +
        `(${f(steady.p50 / Math.max(1, vessels.length))} a vessel; written again ${again.inserted + again.updated + again.deleted}) ` +
        `(target ≤ ${f(TARGET_MS)}) ${steady.p50 <= TARGET_MS ? '✓' : '✗'}`,
    );
    return { vessels: vessels.length, firstMs, steady, events: first.inserted };
  } finally {
    await database.close();
  }
}

/** Alone: a fresh embedded database with BENCH_FW_DAYS days of the bench fleet, then the pass. */
async function main() {
  const vessels = Number(process.env.BENCH_VESSELS ?? 10);
  const days = Number(process.env.BENCH_FW_DAYS ?? 28);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-fw-'));
  const url = `sqlite:${join(dir, 'fw.db')}`;
  try {
    const database = openDatabase(url);
    await migrate(database);
    const db = database.db;
    const comp = await createCompany(db, await createGroup(db, 'Bench fuel watch'), 'Bench fuel watch co');
    const scopes = new Map<string, KeyScope>();
    for (const spec of benchFleet(vessels)) {
      const massId = await createAsset(db, comp, spec.name);
      const gw = spec.devices.find((d) => d.type === 'gateway')!;
      let gatewayId = 0;
      for (const d of spec.devices) {
        const id = await createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
        if (d === gw) gatewayId = id;
      }
      const scope: KeyScope = { keyId: 0, devcId: gatewayId, devcUniqueId: gw.uniqueId, massId, gateway: true };
      for (const d of spec.devices) scopes.set(d.uniqueId, scope);
    }
    const end = Math.floor(Date.now() / 1000 / 3600) * 3600;
    const t0 = performance.now();
    let n = 0;
    for (const batch of generateReadings({
      seed: 'bench',
      vessels: benchFleet(vessels),
      start: end - days * 86_400,
      end,
      stepSeconds: 60,
      batchSteps: 60, // ~1000 readings a gateway per call, as run.ts and events.ts send
    })) {
      const byGateway = new Map<KeyScope, typeof batch>();
      for (const r of batch) {
        const s = scopes.get(r.device)!;
        const list = byGateway.get(s);
        if (list) list.push(r);
        else byGateway.set(s, [r]);
      }
      for (const [scope, readings] of byGateway)
        await ingestReadings({ database, stages: INGEST_STAGES }, scope, readings);
      n += batch.length;
    }
    console.log(
      `fuel watch bench: ${n} readings of ${vessels} vessels over ${days} days ingested in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    await database.close();
    await benchFuelWatch({ url, engine: 'sqlite', now: end });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
