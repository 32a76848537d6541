import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrate, migrationNames } from '../../src/db/migrate.ts';
import { VERSION } from '../../src/version.ts';
import { dialects, scratchDatabase } from '../helpers/app.ts';

const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'packages/server/src/cli/migrate.ts');

/** `npm run migrate` (cli/migrate.ts): the migrations on their own, on the configured database, and exit. */
describe.each(dialects())('npm run migrate on %s', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    scratch = await scratchDatabase(dialect, { sqliteFile: true });
    const d = openDatabase(scratch.url);
    await migrate(d, '020_mail_outbox'); // a database of the previous release
    await d.close();
  });
  afterAll(() => scratch.drop());

  const run = (env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        TSX,
        [CLI],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, ...env },
          timeout: 60_000,
        },
        (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('applies what is missing and says which, then finds the database up to date', async () => {
    const all = migrationNames();
    const missing = all.slice(all.indexOf('020_mail_outbox') + 1);
    const first = await run();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Fleet Monitoring ${VERSION}: applied ${missing.length} migration(s) to`);
    expect(first.stdout.match(/^ {2}\S+$/gm)?.map((l) => l.trim())).toEqual(missing);
    if (dialect === 'postgres') expect(first.stdout).not.toContain(':postgres@'); // no password shown (none here)

    const again = await run();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`is up to date (${all.length} migrations, last ${all.at(-1)})`);
  }, 120_000);

  it('stops on a bad variable with its name, starting nothing', async () => {
    const r = await run({ SESSION_IDLE_HOURS: '12h' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SESSION_IDLE_HOURS');
  });
});
