import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { definitions } from './events.ts';
import { ingestRequests, scratchDatabase, seed } from './ingest-input.ts';

/**
 * Stored values A/B of the ingest path (issue 29): the ingest bench's readings (ingest-input.ts) posted through
 * POST /api/ingest of each checkout's own app (in process, `inject`), on a fresh database each, then a SHA-1 per
 * table of every telemetry, rollup and last-state table — and, with the 50 event definitions of bench/events.ts active
 * on every gateway, of the event engine's tables — rows in key order. The two sides must give the same digests.
 *
 *   npx tsx packages/server/bench/ingest-digest.ts <rootA> <rootB>
 *
 * DIGEST_VESSELS (3), DIGEST_DAYS (1), DIGEST_PG=<postgres://… of a server>: on PostgreSQL (scratch databases).
 * Besides the batches in order, every 7th batch is held back and sent after the next one (late batches: the derived
 * columns of stored readings rewritten, their buckets rebuilt) and the first 5 are sent again at the end (duplicates).
 * Columns of server time (arrival, created/updated) are left out: they differ between any two runs.
 */
const [rootA, rootB] = process.argv.slice(2).map((p) => p && resolve(p));
if (!rootA || !rootB) throw new Error('usage: ingest-digest.ts <rootA> <rootB>');
const { fleet, requests } = ingestRequests(
  Number(process.env.DIGEST_VESSELS ?? 3),
  Number(process.env.DIGEST_DAYS ?? 1),
);
const PG = process.env.DIGEST_PG;

/** The order posted: every 7th batch after the one following it, then the first 5 again. */
const order = requests.slice();
for (let i = 6; i + 1 < order.length; i += 7) [order[i], order[i + 1]] = [order[i + 1], order[i]];
order.push(...requests.slice(0, 5));

/** Columns of server time, per table prefix. */
const SERVER_TIME = new Set(['received_time', 'evnt_created_time', 'evnt_updated_time', 'evst_updated_time']);
/** Tables digested: every telemetry table (raw, rollups, last states) and the engine's. */
const DIGESTED = /^(telemetry_.*|event_log|event_state|event_state_version)$/;

async function digests(root: string): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-ingest-digest-'));
  const { url, drop } = await scratchDatabase(dir, PG);
  try {
    const keys = await seed(root, url, fleet, definitions());
    const src = join(root, 'packages/server/src');
    const { openDatabase } = await import(join(src, 'db/database.ts'));
    const { buildApp } = await import(join(src, 'app.ts'));
    const { loadConfig } = await import(join(src, 'config.ts'));
    const database = openDatabase(url);
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), DEMO: '0', SIMULATOR: '0', MAX_EVENT_LOOP_DELAY_MS: '0' });
    const app = await buildApp({ database, config, logger: false });
    const out = new Map<string, string>();
    try {
      for (const r of order) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/ingest',
          headers: { 'content-type': 'application/json', 'x-device-key': keys.get(r.gateway)! },
          payload: r.body,
        });
        if (res.statusCode !== 200) throw new Error(`${root}: ingest answered ${res.statusCode}: ${res.body}`);
      }
      const tables: string[] = PG
        ? (
            await database.pool.query(
              `select c.relname as name from pg_class c where c.relnamespace = current_schema()::regnamespace
                 and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
            )
          ).rows.map((r: { name: string }) => r.name)
        : database.sqlite
            .prepare(`select name from sqlite_master where type = 'table' order by 1`)
            .all()
            .map((r: { name: string }) => r.name);
      for (const table of tables.filter((t) => DIGESTED.test(t))) {
        const rows: Record<string, unknown>[] = PG
          ? (await database.pool.query(`select * from ${table} order by 1, 2`)).rows
          : database.sqlite.prepare(`select * from ${table} order by 1, 2`).all();
        const hash = createHash('sha1');
        for (const row of rows) {
          // a number as its shortest exact text on both engines (PostgreSQL answers bigints as text)
          const cells = Object.entries(row)
            .filter(([k]) => !SERVER_TIME.has(k))
            .map(
              ([k, v]) => `${k}=${v === null ? 'null' : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v}`,
            );
          hash.update(`${cells.join('|')}\n`);
        }
        out.set(table, `${rows.length} rows ${hash.digest('hex')}`);
      }
    } finally {
      await app.close();
      await database.close();
    }
    return out;
  } finally {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const a = await digests(rootA);
const b = await digests(rootB);
let same = true;
for (const table of new Set([...a.keys(), ...b.keys()])) {
  const eq = a.get(table) === b.get(table);
  same &&= eq;
  console.log(`${eq ? 'same' : 'DIFFERENT'} ${table}: A ${a.get(table)}${eq ? '' : `, B ${b.get(table)}`}`);
}
console.log(
  `${PG ? 'PostgreSQL' : 'SQLite'}: ${order.length} batches, ${same ? 'every table identical' : 'tables differ'}`,
);
if (!same) process.exitCode = 1;
