import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { checkPassword, findAccount } from '../../src/modules/auth/credentials.ts';
import { dialects, scratchDatabase } from '../helpers/app.ts';

const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'packages/server/src/cli/create-admin.ts');

/** `npm run create-admin` as an administrator runs it: a process on the configured database, stdin not a terminal. */
describe.each(dialects())('npm run create-admin on %s', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> };
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    scratch = await scratchDatabase(dialect, { sqliteFile: true });
    dir = mkdtempSync(join(tmpdir(), 'fleet-create-admin-'));
    writeFileSync(join(dir, 'password'), 'Pelabuhan#2026\n');
  });
  afterAll(async () => {
    await database?.close();
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      const child = execFile(
        TSX,
        [CLI, ...args],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, DATA_DIR: dir, ...env },
          timeout: 60_000,
        },
        (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(); // not a terminal: nothing is asked
    });

  const first = ['--group', 'Nusantara Shipping Group', '--company', 'PT Nusantara Bahari'];

  it('creates the first administrator, refuses a second first one, adds one with --add', async () => {
    const missing = await run(['--username', 'it-admin']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Missing --group, --company, --email, --password-file / ADMIN_PASSWORD');

    const invalid = await run([...first, '--username', 'it admin', '--email', 'nope'], { ADMIN_PASSWORD: 'short' });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('--username: Login Name must not contain spaces');
    expect(invalid.stderr).toContain('--email: Email must be a valid e-mail address');
    expect(invalid.stderr).toContain('--password-file / ADMIN_PASSWORD: Password must be at least 8 characters');

    const created = await run([
      ...first,
      '--username',
      'it-admin',
      '--email',
      'it@nusantara.example',
      '--password-file',
      join(dir, 'password'),
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created administrator it-admin (it@nusantara.example) of PT Nusantara Bahari');

    database = openDatabase(scratch.url);
    // the password file's trailing newline is not part of the password
    const account = await checkPassword(await findAccount(database.db, 'it-admin'), 'Pelabuhan#2026');
    expect(account?.userId).toBe('it@nusantara.example');
    const roles = await database.db.selectFrom('role').select('roleName').orderBy('roleName').execute();
    expect(roles.map((r) => r.roleName)).toEqual(['Administrator', 'Operator']);

    const again = await run([...first, '--username', 'b', '--email', 'b@example.com'], {
      ADMIN_PASSWORD: 'Another#2026',
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('it already has users');
    expect(again.stderr).toContain('--add');

    const added = await run(
      [
        '--add',
        '--group',
        'nusantara shipping group',
        '--company',
        'pt nusantara bahari',
        '--username',
        'ops',
        '--email',
        'ops@nusantara.example',
      ],
      { ADMIN_PASSWORD: 'Another#2026' },
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const users = await database.db
      .selectFrom('user')
      .innerJoin('user_company', 'user_company.uscoUserId', 'user.userId')
      .select(['user.userId', 'user.userGrcpId', 'user.userPlatformAdmin', 'user_company.uscoCompId'])
      .orderBy('user.userId')
      .execute();
    expect(users).toHaveLength(2);
    expect(new Set(users.map((u) => `${u.userGrcpId}/${u.uscoCompId}/${u.userPlatformAdmin}`)).size).toBe(1);
    expect(await database.db.selectFrom('group_company').select('grcpId').execute()).toHaveLength(1);
  }, 120_000);
});
