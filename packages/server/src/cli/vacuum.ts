/**
 * `npm run vacuum` (SQLite; docs/operations.md "Retention"): switches a database made before incremental auto-vacuum
 * to it with the one VACUUM that needs (the file is rewritten: stop the server, and have free disk space for a copy),
 * or, already switched, gives every free page back to the file system. PostgreSQL: nothing to do (its autovacuum, and
 * retention drops whole partitions).
 */
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const config = loadConfigOrExit();
const database = openDatabase(config.databaseUrl);
try {
  if (database.dialect !== 'sqlite') console.log('PostgreSQL: nothing to do (autovacuum; retention drops partitions)');
  else {
    const s = database.sqlite;
    const pages = () => Number(s.pragma('page_count', { simple: true }));
    const before = pages();
    if (Number(s.pragma('auto_vacuum', { simple: true })) !== 2) {
      s.pragma('auto_vacuum = INCREMENTAL');
      s.exec('VACUUM');
    } else s.pragma('incremental_vacuum');
    const size = Number(s.pragma('page_size', { simple: true }));
    console.log(`auto_vacuum incremental; ${((before - pages()) * size) / 1e6} MB given back`);
  }
} finally {
  await database.close();
}
