/**
 * `npm run seed`: puts the demo data into the configured database (DATABASE_URL, else the SQLite file in
 * DATA_DIR) after migrating it — only when it is empty; otherwise says why not and exits with status 1.
 */
import { loadConfigOrExit } from '../../config.ts';
import { openDatabase } from '../database.ts';
import { migrate } from '../migrate.ts';
import { DEMO_USERS, demoBlocker, seedDemo } from './demo.ts';

const config = loadConfigOrExit();
const where = config.dialect === 'sqlite' ? config.databaseUrl.replace(/^sqlite:/, '') : 'PostgreSQL';
const database = openDatabase(config.databaseUrl);
let status = 0;
try {
  await migrate(database);
  const blocker = await demoBlocker(database.db);
  if (blocker) {
    console.error(`Not seeding ${where}: ${blocker}. Demo data goes only into an empty database.`);
    status = 1;
  } else {
    const s = await seedDemo(database, { backfillDays: config.backfillDays });
    console.log(
      `Seeded ${where}: ${s.users} users, ${s.companies} companies in ${s.groups} groups, ${s.vessels} vessels, ` +
        `${s.devices} devices, ${s.tankDetailRows} tank sounding rows.`,
    );
    for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(9)} ${u.password.padEnd(14)} ${u.role}`);
  }
} catch (err) {
  console.error(`Seeding ${where} failed: ${err instanceof Error ? err.message : String(err)}`);
  status = 1;
} finally {
  await database.close();
}
process.exit(status);
