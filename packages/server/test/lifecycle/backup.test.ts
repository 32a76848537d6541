import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { listBackups, restoreBackup, runBackup } from '../../src/modules/lifecycle/backup.ts';
import { createTestApp, dialects, scratchDatabase, type TestApp } from '../helpers/app.ts';
import { buildWorld, H, type World } from '../summary/summary-world.ts';

/**
 * docs/operations.md "Backup and restore": an online backup (SQLite's backup API, PostgreSQL's pg_dump -Fc) with the
 * uploads folder, rotated; restored into a new data folder (SQLite: `npm run backup -- --restore`, PostgreSQL:
 * pg_restore into a new database), a server started there gives the same answers: a user signs in with the password,
 * a device's raw readings, a vessel's summary, an uploaded image.
 */
describe.each(dialects())('backup and restore on %s', (dialect) => {
  const root = mkdtempSync(join(tmpdir(), 'fleet-backup-'));
  const dataDir = join(root, 'data');
  const backupDir = join(root, 'backups');
  const image = 'uploads/asset/1-0123abcd.png';
  let t: TestApp;
  let w: World;

  /** A client of an app: status, JSON (or null) and the body as text. */
  const client =
    (app: FastifyInstance) =>
    async ({ token, ...rest }: InjectOptions & { token?: string }) => {
      const res = await app.inject({ ...rest, headers: token ? { authentication: token } : {} });
      let json: any = null;
      try {
        json = res.json();
      } catch {}
      return { statusCode: res.statusCode, json, body: res.body };
    };
  type Call = ReturnType<typeof client>;

  /** What a client sees: sign-in with the password, then readings, a summary and the image with its token. */
  const answers = async (call: Call) => {
    const login = await call({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: 'admina', password: 'Secret#123' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json.data.token as string;
    const raw = await call({
      method: 'GET',
      url: `/api/series/base/period/${w.T0}/${w.T0 + 3 * H}?device=rpm-a-1`,
      token,
    });
    const summary = await call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + 3 * H}?devcMassId=${w.twinAe}&showDetails=true`,
      token,
    });
    const picture = await call({ method: 'GET', url: `/api/${image}`, token });
    expect([raw.statusCode, summary.statusCode, picture.statusCode]).toEqual([200, 200, 200]);
    expect(raw.json.data.series?.length ?? raw.json.data.length).toBeGreaterThan(0);
    return { user: login.json.data.userId, raw: raw.json.data, summary: summary.json.data, picture: picture.body };
  };

  beforeAll(async () => {
    mkdirSync(join(dataDir, 'uploads', 'asset'), { recursive: true });
    writeFileSync(join(dataDir, image), Buffer.from('not really a png'));
    t = await createTestApp(dialect, { sqliteFile: true, env: { DATA_DIR: dataDir } });
    w = await buildWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes whole backups with the uploads and keeps the newest BACKUP_KEEP', async () => {
    const o = { dataDir, backupDir, keep: 2, databaseUrl: t.config.databaseUrl };
    for (const at of [0, 1, 2]) await runBackup(t.database, { ...o, now: Date.UTC(2026, 0, 1, 12, 0, at) });
    const kept = await listBackups(backupDir);
    expect(kept.map((p) => p.split('/').pop())).toEqual(['fleet-20260101-120001', 'fleet-20260101-120002']);
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.partial'))).toEqual([]);
    const last = kept[1];
    expect(existsSync(join(last, dialect === 'sqlite' ? 'fleet.db' : 'fleet.dump'))).toBe(true);
    expect(readFileSync(join(last, image), 'utf8')).toBe('not really a png');
    expect(JSON.parse(readFileSync(join(last, 'backup.json'), 'utf8'))).toMatchObject({ dialect, uploads: true });
  }, 60_000);

  it('restores into a new data folder: the server started there answers the same', async () => {
    const want = await answers(client(t.app));
    const backup = (await listBackups(backupDir)).pop()!;
    const newDir = join(root, 'restored');
    let url: string;
    let drop = async () => {};
    if (dialect === 'sqlite') {
      await restoreBackup(backup, newDir);
      url = `sqlite:${join(newDir, 'fleet.db')}`;
    } else {
      // PostgreSQL: pg_restore into a new, empty database; the uploads folder copied by hand (docs/operations.md)
      const scratch = await scratchDatabase('postgres');
      url = scratch.url;
      drop = scratch.drop;
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', url, join(backup, 'fleet.dump')]);
      mkdirSync(join(newDir, 'uploads'), { recursive: true });
      execFileSync('cp', ['-r', join(backup, 'uploads'), newDir]);
    }
    const database = openDatabase(url);
    await migrate(database); // nothing to do: the backup holds the schema it was made with
    const config = loadConfig({
      DATA_DIR: newDir,
      DATABASE_URL: url,
      DEMO: '0',
      SIMULATOR: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
    });
    const app = await buildApp({ database, config, logger: false });
    try {
      expect(await answers(client(app))).toEqual(want);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  }, 120_000);
});
