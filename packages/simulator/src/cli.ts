/**
 * `npm run simulate -- --url http://localhost:8080 --key gateway-tb01=<key> … --backfill-days 30 --live`
 * Feeds the demo fleet's telemetry (or the benchmark fleet's) to a running server through POST /api/ingest.
 * Keys come from `POST /api/master/device/{devcId}/keys` on each vessel's gateway device (README "Simulator").
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { benchFleet } from './bench-fleet.ts';
import { runSimulator } from './run-simulator.ts';
import type { VesselSpec } from './vessel.ts';

const usage = `Usage: npm run simulate -- --url <base url> --key <gateway id>=<key> [--key …] [options]

  --url URL            where the API answers (default http://localhost:8080)
  --key ID=KEY         ingest key of a vessel's gateway device (repeat for each vessel)
  --keys-file FILE     JSON object { "<gateway id>": "<key>", … } instead of (or besides) --key
  --backfill-days N    days of 1-minute history to make sure of (default 30; 0 = none)
  --live               after the backfill, send readings every 10 s until stopped (Ctrl-C)
  --interval-ms N      live interval (default 10000)
  --seed S             the world's seed (default demo; the server's built-in simulator uses demo)
  --bench N            simulate the N benchmark vessels (bench-… devices) instead of the demo fleet
  --vessels a,b        only these vessel codes
  --concurrency N      requests in flight during the backfill (default 2)
`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      key: { type: 'string', multiple: true, default: [] },
      'keys-file': { type: 'string' },
      'backfill-days': { type: 'string', default: '30' },
      live: { type: 'boolean', default: false },
      'interval-ms': { type: 'string', default: '10000' },
      seed: { type: 'string', default: 'demo' },
      bench: { type: 'string' },
      vessels: { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
}
try {
  args = parse();
} catch (err) {
  fail((err as Error).message);
}
const v = args.values;
if (v.help) {
  console.log(usage);
  process.exit(0);
}

const number = (name: string, text: string, min: number) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min} (got "${text}")`);
  return n;
};

const keys: Record<string, string> = {};
if (v['keys-file']) {
  try {
    Object.assign(keys, JSON.parse(readFileSync(v['keys-file'], 'utf8')));
  } catch (err) {
    fail(`cannot read --keys-file: ${(err as Error).message}`);
  }
}
for (const pair of v.key) {
  const at = pair.indexOf('=');
  if (at <= 0 || at === pair.length - 1) fail(`--key must be <gateway id>=<key> (got "${pair}")`);
  keys[pair.slice(0, at)] = pair.slice(at + 1);
}

let vessels: VesselSpec[] = v.bench ? benchFleet(number('bench', v.bench, 1)) : DEMO_FLEET;
if (v.vessels) {
  const wanted = new Set(v.vessels.split(',').map((s) => s.trim()));
  vessels = vessels.filter((x) => wanted.has(x.code));
}
const gateways = new Set(vessels.flatMap((x) => x.devices.filter((d) => d.type === 'gateway').map((d) => d.uniqueId)));
for (const id of Object.keys(keys))
  if (!gateways.has(id)) console.warn(`warning: no simulated vessel has the gateway ${id}; its key is not used`);
vessels = vessels.filter((x) => x.devices.some((d) => d.type === 'gateway' && keys[d.uniqueId]));
if (!vessels.length) {
  fail('no vessel to simulate: give a key for at least one gateway (e.g. --key gateway-tb01=dk_…)');
}

const handle = runSimulator({
  baseUrl: v.url,
  keys,
  vessels,
  backfillDays: number('backfill-days', v['backfill-days'], 0),
  live: v.live,
  liveIntervalMs: number('interval-ms', v['interval-ms'], 1000),
  seed: v.seed,
  concurrency: number('concurrency', v.concurrency, 1),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.log('stopping…');
    await handle.stop();
    process.exit(0);
  });
}
await handle.backfilled;
if (!v.live) {
  await handle.stop();
  const s = handle.stats;
  console.log(
    `done: ${s.accepted} accepted, ${s.duplicate} duplicate, ${s.rejected} rejected in ${s.requests} requests`,
  );
  process.exit(s.rejected || s.errors ? 1 : 0);
}
