/**
 * `npm run migrate`: brings the configured database (DATABASE_URL, else the SQLite file in DATA_DIR) to this
 * version's schema and exits — no server started. Prints the migrations it applied, in order, or that there was
 * nothing to do. The server migrates on start as well; this runs them on their own, before an upgraded server starts
 * (docs/operations.md "Install and upgrade"). Exit status: 0 done, 1 failed (the failed migration is named; each one
 * runs in its own transaction on PostgreSQL, so the database stays at the last one that succeeded).
 */
import { loadConfigOrExit, maskUrl } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate, migrationNames } from '../db/migrate.ts';
import { VERSION } from '../version.ts';

const config = loadConfigOrExit();
const where = config.dialect === 'sqlite' ? config.databaseUrl.replace(/^sqlite:/, '') : maskUrl(config.databaseUrl);
const database = openDatabase(config.databaseUrl);
let status = 0;
try {
  const started = Date.now();
  const applied = await migrate(database);
  const known = migrationNames();
  if (applied.length === 0)
    console.log(
      `Fleet Monitoring ${VERSION}: ${where} is up to date (${known.length} migrations, last ${known.at(-1)}).`,
    );
  else {
    console.log(`Fleet Monitoring ${VERSION}: applied ${applied.length} migration(s) to ${where}:`);
    for (const name of applied) console.log(`  ${name}`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s; the schema is at ${known.at(-1)}.`);
  }
} catch (err) {
  console.error(`Migrating ${where} failed: ${err instanceof Error ? err.message : String(err)}`);
  status = 1;
} finally {
  await database.close();
}
process.exit(status);
