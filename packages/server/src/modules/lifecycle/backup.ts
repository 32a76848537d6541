import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Database } from '../../db/database.ts';

/**
 * Online backups (docs/operations.md "Backup and restore"): the database and the uploads folder (asset images,
 * DATA_DIR/uploads) into one folder per backup, `fleet-YYYYMMDD-HHMMSS`, rotated (the newest `keep` stay).
 * - SQLite: the online backup API (better-sqlite3 `backup()`: pages copied in steps while the server keeps reading and
 *   writing; the copy is one consistent state) → `fleet.db`;
 * - PostgreSQL: `pg_dump -Fc` → `fleet.dump` (restore with pg_restore), when pg_dump is on the PATH.
 * A backup is written under a `.partial` name and renamed when complete: a folder without it is whole.
 * `backup.json` says what it holds. Restore (SQLite): `restoreBackup` copies it into an empty data folder.
 */

export interface BackupOptions {
  dataDir: string;
  backupDir: string;
  keep: number;
  /** the database address for pg_dump; default the pool's own */
  databaseUrl?: string;
  /** epoch milliseconds (names the folder) */
  now?: number;
}

export interface BackupManifest {
  format: 1;
  createdTime: string;
  dialect: Database['dialect'];
  /** the database file in the folder: fleet.db (SQLite) or fleet.dump (pg_dump custom format) */
  database: string;
  uploads: boolean;
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '');

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** Writes one backup and removes the oldest beyond `keep`; answers the backup's folder. */
export async function runBackup(database: Database, o: BackupOptions): Promise<string> {
  const backupDir = resolve(o.backupDir);
  await mkdir(backupDir, { recursive: true });
  let name = `fleet-${stamp(o.now ?? Date.now())}`;
  for (let i = 2; await exists(join(backupDir, name)); i++) name = `fleet-${stamp(o.now ?? Date.now())}-${i}`;
  const partial = join(backupDir, `${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    let file: string;
    if (database.dialect === 'sqlite') {
      file = 'fleet.db';
      await database.sqlite.backup(join(partial, file));
    } else {
      file = 'fleet.dump';
      const url =
        (database.pool as unknown as { options: { connectionString?: string } }).options.connectionString ??
        o.databaseUrl;
      if (!url) throw new Error('the PostgreSQL address is unknown');
      await pgDump(url, join(partial, file));
    }
    const uploads = resolve(o.dataDir, 'uploads');
    const hasUploads = await exists(uploads);
    if (hasUploads) await cp(uploads, join(partial, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      createdTime: new Date(o.now ?? Date.now()).toISOString(),
      dialect: database.dialect,
      database: file,
      uploads: hasUploads,
    };
    await writeFile(join(partial, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, join(backupDir, name));
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
  await rotate(backupDir, o.keep);
  return join(backupDir, name);
}

/** The complete backups in a folder, oldest first. */
export async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  return names
    .filter((n) => /^fleet-\d{8}-\d{6}(-\d+)?$/.test(n))
    .sort()
    .map((n) => join(backupDir, n));
}

async function rotate(backupDir: string, keep: number) {
  const all = await listBackups(backupDir);
  for (const old of all.slice(0, Math.max(0, all.length - Math.max(1, keep))))
    await rm(old, { recursive: true, force: true });
}

/** pg_dump in its custom format (compressed, restorable table by table with pg_restore). */
function pgDump(url: string, file: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('pg_dump', ['-Fc', '--no-owner', '-f', file, '--dbname', url], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b) => {
      err += String(b);
    });
    child.on('error', (e) =>
      fail(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error('pg_dump is not on the PATH: install the PostgreSQL client tools (docs/operations.md)')
          : e,
      ),
    );
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`pg_dump failed (${code}): ${err.trim()}`))));
  });
}

/**
 * SQLite restore: the backup's database and uploads into `dataDir`, which must not hold a database yet (restore into
 * a new data folder, then point DATA_DIR at it — or move the old one away first). Answers the database file.
 */
export async function restoreBackup(backup: string, dataDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(backup, 'backup.json'), 'utf8')) as BackupManifest;
  if (manifest.dialect !== 'sqlite')
    throw new Error('a PostgreSQL backup is restored with pg_restore (docs/operations.md "Backup and restore")');
  const target = resolve(dataDir, 'fleet.db');
  if (await exists(target)) throw new Error(`${target} exists: restore into an empty data folder`);
  await mkdir(resolve(dataDir), { recursive: true });
  await cp(join(backup, manifest.database), target);
  if (manifest.uploads) await cp(join(backup, 'uploads'), resolve(dataDir, 'uploads'), { recursive: true });
  return target;
}
