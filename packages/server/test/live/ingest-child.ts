// A second server process for the two-process test: builds the app on the same PostgreSQL database
// and ingests the readings given on the command line through POST /api/ingest, then exits.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';

const [url, key, readings] = process.argv.slice(2);
const database = openDatabase(url);
const config = loadConfig({
  DATABASE_URL: url,
  DEMO: '0',
  SIMULATOR: '0',
  DATA_DIR: '/tmp/fleet-live-child',
  DAILY_REPORT_TICK_SECONDS: '0',
});
const app = await buildApp({ database, config, logger: false });
await app.ready();
const res = await app.inject({
  method: 'POST',
  url: '/api/ingest',
  headers: { 'x-device-key': key },
  payload: { readings: JSON.parse(readings) },
});
process.stdout.write(res.body);
await app.close();
await database.close();
