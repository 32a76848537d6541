/**
 * `npm run backup`: one online backup now (docs/operations.md "Backup and restore") — SQLite through its backup API
 * while the server may keep running, PostgreSQL through pg_dump -Fc — with the uploads folder, into BACKUP_DIR
 * (default DATA_DIR/backups), keeping the newest BACKUP_KEEP. `npm run backup -- --restore <backup folder>` (SQLite)
 * copies a backup into DATA_DIR, which must not hold a database yet. Exit status: 0 done, 1 failed.
 */
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { restoreBackup, runBackup } from '../modules/lifecycle/backup.ts';

const config = loadConfigOrExit();
const at = process.argv.indexOf('--restore');
try {
  if (at >= 0) {
    const from = process.argv[at + 1];
    if (!from) throw new Error('--restore needs the backup folder');
    console.log(`restored into ${await restoreBackup(from, config.dataDir)}`);
  } else {
    const database = openDatabase(config.databaseUrl);
    try {
      const dir = await runBackup(database, {
        dataDir: config.dataDir,
        backupDir: config.lifecycle.backupDir,
        keep: config.lifecycle.backupKeep,
        databaseUrl: config.databaseUrl,
      });
      console.log(`backup written: ${dir}`);
    } finally {
      await database.close();
    }
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
