import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { startMqttIngest } from './modules/telemetry/mqtt.ts';
import { trackerHub } from './modules/tracker/tracker.routes.ts';

/** config → db → migrate → demo data → app → listen → ingestion listeners → simulator. */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
await migrate(database);
// DEMO: an empty database (no users yet) gets the demo world before the first request
if (config.demo) await seedDemoIfEmpty(database, config.backfillDays);
const app = await buildApp({ database, config });
await startBackground(app, 'before-listen');
await app.listen({ port: config.port, host: config.host });
await startBackground(app, 'after-listen');
// MQTT ingest (docs/operations.md): same validation and code path as POST /api/ingest
const mqttIngest = config.mqttUrl
  ? startMqttIngest(app.ingest, config.mqttUrl, app.log, {
      clientId: config.mqttClientId,
      sharedGroup: config.mqttSharedGroup,
      sessionExpirySeconds: config.mqttSessionExpirySeconds,
    })
  : undefined;
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
// SIMULATOR: the demo fleet's telemetry through our own ingest API — missing history in the background, then live
const simulator = config.simulator
  ? await (await import('./modules/telemetry/simulator-runner.ts')).startSimulator(app)
  : undefined;
// DEMO: the demo crew logs each bunkering the simulator finishes, so the demo's ROB ledgers stay whole
const demoClerk =
  config.simulator && config.demo ? (await import('./db/seed/demo-clerk.ts')).startDemoBunkerClerk(app) : undefined;
const demoTrackers =
  config.simulator && teltonika
    ? await (await import('./modules/tracker/demo-trackers.ts')).startDemoTrackers(app, teltonika.tcp)
    : undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app.log.info({ signal }, 'shutting down');
    await simulator?.stop();
    await demoClerk?.stop();
    await demoTrackers?.stop();
    await mqttIngest?.close();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
