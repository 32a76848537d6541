import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
import { loadConfigOrExit, printableConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { addReadinessCheck } from './http/probes.ts';
import { nowSeconds } from './http/time.ts';
import { addNewPermissionKeys } from './modules/access/built-in-roles.ts';
import { startMqttIngest } from './modules/telemetry/mqtt.ts';
import { trackerHub } from './modules/tracker/tracker.routes.ts';
import { VERSION } from './version.ts';

/** config → db → migrate → demo data → app → listen → ingestion listeners → simulator. */
const config = loadConfigOrExit();
// `npm run config` / `--print-config`: the effective configuration, secrets masked, and nothing started
if (process.argv.includes('--print-config')) {
  console.log(printableConfig(config));
  process.exit(0);
}

const database = openDatabase(config.databaseUrl, { cacheKb: config.sqliteCacheMb * 1024 });
const applied = await migrate(database);
// an existing install gets the permission keys this version adds, granted to the built-in roles
const permissionsAdded = await database.db
  .transaction()
  .execute((tx) => addNewPermissionKeys(tx, { by: 'system', now: nowSeconds() }));
// DEMO: an empty database (no users yet) gets the demo world before the first request
if (config.demo) await seedDemoIfEmpty(database, config.backfillDays);
const app = await buildApp({ database, config });
await startBackground(app, 'before-listen');
await app.listen({ port: config.port, host: config.host });
// the one line that says which version runs, on which database, and what this start migrated
app.log.info(
  { version: VERSION, database: config.dialect, migrated: applied, permissionsAdded },
  `Fleet Monitoring ${VERSION} started on port ${config.port}`,
);
await startBackground(app, 'after-listen');
// MQTT ingest (docs/operations.md): same validation and code path as POST /api/ingest
const mqttIngest = config.mqttUrl
  ? startMqttIngest(app.ingest, config.mqttUrl, app.log, {
      clientId: config.mqttClientId,
      sharedGroup: config.mqttSharedGroup,
      sessionExpirySeconds: config.mqttSessionExpirySeconds,
    })
  : undefined;
if (mqttIngest)
  addReadinessCheck(app, 'mqtt', () => (mqttIngest.client.connected ? null : 'not connected to the broker'));
// TELTONIKA: trackers over TCP and UDP on TELTONIKA_PORT (0 = off); closed by app.close()
const teltonika =
  config.teltonikaPort > 0
    ? await trackerHub(app)
        .listen(config.teltonikaPort, config.host)
        .then((ports) => {
          app.log.info(ports, 'teltonika: listening (TCP and UDP)');
          return ports;
        })
        .catch((err) =>
          app.log.error({ err }, `teltonika: cannot listen on port ${config.teltonikaPort}; trackers off`),
        )
    : undefined;
if (config.teltonikaPort > 0)
  addReadinessCheck(app, 'teltonika', () => (trackerHub(app).listening ? null : 'the listener is not listening'));
// SIMULATOR: the demo fleet's telemetry through our own ingest API — missing history in the background, then live
const simulator = config.simulator
  ? await (await import('./modules/telemetry/simulator-runner.ts')).startSimulator(app)
  : undefined;
// the fuel watch's first pass once the history is in (then hourly, docs/domain.md §41.5)
simulator?.backfilled
  .then(async () => (await import('./modules/fuel-watch/fuel-watch.plugin.ts')).fuelWatchQueue(database)?.scheduleAll())
  .catch((err) => app.log.warn({ err: (err as Error).message }, 'fuel watch: first pass failed'));
// DEMO: the demo crew logs each bunkering the simulator finishes, so the demo's ROB ledgers stay whole
const demoClerk =
  config.simulator && config.demo ? (await import('./db/seed/demo-clerk.ts')).startDemoBunkerClerk(app) : undefined;
const demoTrackers =
  config.simulator && teltonika
    ? await (await import('./modules/tracker/demo-trackers.ts')).startDemoTrackers(app, teltonika.tcp)
    : undefined;

/**
 * SIGTERM/SIGINT (docs/operations.md "Stopping"): stop accepting, finish what is under way, close, exit 0 — or exit 1
 * after SHUTDOWN_TIMEOUT_SECONDS whatever still runs. A second signal changes nothing: `npm start`'s process group
 * gets one per process, and scripts/start.mjs passes its own on.
 */
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  setTimeout(() => {
    app.log.error(
      { signal, timeoutSeconds: config.shutdownTimeoutSeconds },
      'shutdown did not finish in time: exiting',
    );
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000).unref();
  app.log.info({ signal }, 'shutting down: finishing requests and ingest batches under way');
  try {
    // the demo's own writers first: they post through the app
    await simulator?.stop();
    await demoClerk?.stop();
    await demoTrackers?.stop();
    // no new MQTT messages; the one being stored is committed and acknowledged first
    await mqttIngest?.close();
    // HTTP stops accepting, requests under way are answered, idle keep-alive connections closed; the modules' onClose
    // hooks close the live sockets, the Teltonika listeners (after their batches under way), workers and mail loop
    await app.close();
    await database.close();
    app.log.info({ ms: Date.now() - started }, 'stopped');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
