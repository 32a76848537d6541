import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import pg from 'pg';

/**
 * What the ingest A/B benches post (ingest-ab.ts: speed, ingest-digest.ts: stored values) and where: the same
 * generated readings (the simulator's seed 'bench', this checkout's generator) as gateway batches of ~1 000, as run.ts
 * sends them; a fresh database per side, migrated and seeded by that side's own code.
 */

const DAY = 86400;
const BATCH = 1000;

export interface IngestRequest {
  gateway: string;
  body: string;
  n: number;
}

/** The bodies to post, built once: every side receives the same requests in the same order. */
export function ingestRequests(vessels: number, days: number, end = Math.floor(Date.now() / 1000 / DAY) * DAY) {
  const fleet = benchFleet(vessels);
  const gatewayOf = new Map<string, string>();
  for (const v of fleet) {
    const gateway = v.devices.find((d) => d.type === 'gateway')!.uniqueId;
    for (const d of v.devices) gatewayOf.set(d.uniqueId, gateway);
  }
  const devicesPerStep = fleet.reduce((n, v) => n + v.devices.length, 0) / fleet.length;
  const requests: IngestRequest[] = [];
  for (const batch of generateReadings({
    seed: 'bench',
    vessels: fleet,
    start: end - days * DAY,
    end,
    stepSeconds: 60,
    batchSteps: Math.max(1, Math.round(BATCH / devicesPerStep)),
  })) {
    const byGateway = new Map<string, unknown[]>();
    for (const r of batch) {
      const g = gatewayOf.get(r.device)!;
      const list = byGateway.get(g) ?? [];
      list.push(r);
      byGateway.set(g, list);
    }
    for (const [gateway, readings] of byGateway)
      requests.push({ gateway, body: JSON.stringify({ readings }), n: readings.length });
  }
  return { fleet, requests, total: requests.reduce((n, r) => n + r.n, 0) };
}

/** An event definition to seed on every gateway (bench/events.ts makes 50). */
export interface BenchDefinition {
  type: string;
  duration: number;
  thresholds: object;
}

/**
 * A fresh database of `root`, migrated and seeded by its own modules: the fleet's devices and a key per gateway;
 * with `definitions`, those master events active on every gateway (one configuration each).
 */
export async function seed(
  root: string,
  url: string,
  fleet: ReturnType<typeof benchFleet>,
  definitions: BenchDefinition[] = [],
): Promise<Map<string, string>> {
  const src = join(root, 'packages/server');
  const { openDatabase } = await import(join(src, 'src/db/database.ts'));
  const { migrate } = await import(join(src, 'src/db/migrate.ts'));
  const { issueDeviceKey } = await import(join(src, 'src/modules/telemetry/device-keys.ts'));
  const f = await import(join(src, 'test/helpers/fixtures.ts'));
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const company = await f.createCompany(db, await f.createGroup(db, 'Bench Group'), 'Bench Shipping');
  const mevtIds: number[] = [];
  for (const d of definitions) {
    const r = await db
      .insertInto('master_event')
      .values({
        mevtType: d.type,
        mevtTriggerDuration: d.duration,
        mevtIsPriority: 0,
        mevtThresholds: JSON.stringify(d.thresholds),
      })
      .returning('mevtId')
      .executeTakeFirstOrThrow();
    mevtIds.push(Number(r.mevtId));
  }
  const keys = new Map<string, string>();
  for (const spec of fleet) {
    const massId = await f.createAsset(db, company, spec.name);
    for (const d of spec.devices) {
      const id = await f.createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
      if (d.type !== 'gateway') continue;
      keys.set(d.uniqueId, await issueDeviceKey(db, id, 'bench'));
      if (!mevtIds.length) continue;
      const c = await db
        .insertInto('config_event')
        .values({ mcevAssetId: d.uniqueId.replace(/^gateway-/, ''), mcevDevcId: id, mcevVersion: 1, mcevIsActive: 1 })
        .returning('mcevId')
        .executeTakeFirstOrThrow();
      for (const mevtId of mevtIds)
        await db.insertInto('asset_event').values({ asevMcevId: c.mcevId, asevMevtId: mevtId }).execute();
    }
  }
  await database.close();
  return keys;
}

let scratch = 0;
/**
 * A database for one side and round: a SQLite file in `dir`, or with `pgUrl` (a PostgreSQL server) a scratch
 * database (created here; `drop` drops it).
 */
export async function scratchDatabase(
  dir: string,
  pgUrl: string | undefined,
): Promise<{ url: string; drop: () => Promise<void>; size: () => Promise<number> }> {
  if (!pgUrl) {
    const file = join(dir, 'bench.db');
    const bytes = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    return { url: `sqlite:${file}`, drop: async () => {}, size: async () => bytes(file) + bytes(`${file}-wal`) };
  }
  const name = `ingest_ab_${process.pid}_${++scratch}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    url: `${pgUrl.replace(/\/[^/]*$/, '')}/${name}`,
    size: async () => Number((await query(`select pg_database_size('${name}') as b`))[0].b),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
