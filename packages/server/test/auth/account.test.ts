import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { mailerOf } from '../../src/modules/mail/mailer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createCompany, createGroup, createRole, createUser, signIn } from '../helpers/fixtures.ts';

const LOGIN = '/api/security/authentication/login';
const STATUS = '/api/security/authentication/status';
const PUBLIC_URL = 'https://fleet.example.com';

/** The text of an .eml file with quoted-printable soft breaks and escapes undone. */
function readMail(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Holds every insert into `table` after it ran, until released: the caller of the insert waits meanwhile. */
function holdInserts(table: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let reached!: () => void;
  const held = new Promise<void>((r) => {
    reached = r;
  });
  const inserts = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (InsertQueryNode.is(args.node) && args.node.into?.table.identifier.name === table) inserts.add(args.queryId);
      return args.node;
    },
    async transformResult(args) {
      if (inserts.has(args.queryId)) {
        reached();
        await released;
      }
      return args.result;
    },
  };
  return { plugin, held, release };
}

/** Profile, change password and the password reset through the outbox (spec 000 §2, §7, §8). */
describe.each(dialects())('account on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let compId: number;
  let ip = 0;
  const login = (username: string, password: string) =>
    t.call({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress: `10.2.0.${++ip}` });
  const outbox = () => {
    try {
      return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-account-'));
    t = await createTestApp(dialect, {
      env: { DATA_DIR: dataDir, PUBLIC_URL },
      seed: async ({ db }) => {
        const group = await createGroup(db, 'Java Lines');
        compId = await createCompany(db, group, 'PT Java One');
        const role = await createRole(db, 'Viewer', { master_asset: ['read'] });
        await createUser(db, {
          userId: 'Grace@Java.test',
          username: 'grace',
          password: 'grace-Secret#1',
          roleIds: [role],
          companies: [{ compId, allAssets: 0 }],
        });
        await createUser(db, { userId: 'henry@java.test', username: 'henry', password: 'henry-Secret#1' });
        await createUser(db, { userId: 'ivy@java.test', username: 'ivy', password: 'ivy-Secret#1', status: 0 });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the signed-in user’s profile', async () => {
    const token = await signIn(t.database.db, 'Grace@Java.test', compId);
    const r = await t.call({ method: 'GET', url: '/api/account/profile', token });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({
      userId: 'Grace@Java.test',
      username: 'grace',
      status: 1,
      companies: [{ compId, compName: 'PT Java One', grcpName: 'Java Lines', allAssets: 0 }],
      roles: [{ roleName: 'Viewer' }],
    });
    expect((await t.call({ method: 'GET', url: '/api/account/profile' })).json.status.message).toBe(
      'Authentication Error',
    );
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const current = (await login('henry', 'henry-Secret#1')).json.data.token;
    const other = (await login('henry', 'henry-Secret#1')).json.data.token;
    const url = '/api/account/change_password';

    const wrong = await t.call({
      method: 'POST',
      url,
      token: current,
      payload: { currentPassword: 'nope', newPassword: 'henry-New#2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.status.message).toEqual({ currentPassword: ['Current password is incorrect'] });

    const short = await t.call({
      method: 'POST',
      url,
      token: current,
      payload: { currentPassword: 'henry-Secret#1', newPassword: 'short' },
    });
    expect(short.json.status.message).toEqual({ newPassword: ['Password must be at least 8 characters'] });

    const r = await t.call({
      method: 'POST',
      url,
      token: current,
      payload: { currentPassword: 'henry-Secret#1', newPassword: 'henry-New#2' },
    });
    expect(r.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: STATUS, token: current })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: STATUS, token: other })).json.status.message).toBe(
      'Authentication Error',
    );
    expect((await login('henry', 'henry-Secret#1')).statusCode).toBe(401);
    expect((await login('henry', 'henry-New#2')).statusCode).toBe(200);
  });

  it('resets a password through the mailed link, once', async () => {
    const session = (await login('grace', 'grace-Secret#1')).json.data.token;
    const before = outbox().length;
    const req = await t.call({
      method: 'POST',
      url: '/api/account/reset_password/request',
      payload: { email: 'grace@java.test' },
      remoteAddress: '10.3.0.1',
    });
    expect(req.statusCode).toBe(200);
    expect(req.json.status.error).toBe(0);
    await mailerOf(t.app).flush();
    const files = outbox();
    expect(files.length).toBe(before + 1);
    const mail = readMail(join(dataDir, 'outbox', files.sort().at(-1)!));
    expect(mail).toMatch(/^To: Grace@Java\.test$/im);
    const link = /https:\/\/fleet\.example\.com\/auth\/update-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail);
    expect(link).not.toBeNull();
    const [, emailtoken, token] = link!;
    expect(Buffer.from(emailtoken, 'base64url').toString()).toBe('Grace@Java.test');

    const reset = (password: string, tok = token) =>
      t.call({
        method: 'POST',
        url: '/api/account/reset_password/reset',
        payload: { password, email: emailtoken, token: tok },
      });

    const wrongToken = await reset('grace-Reset#3', `${token.slice(0, -2)}xx`);
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json.status.message).toBe('Failed to update password');

    const ok = await reset('grace-Reset#3');
    expect(ok.statusCode).toBe(200);
    expect((await login('grace', 'grace-Reset#3')).statusCode).toBe(200);
    expect((await login('grace', 'grace-Secret#1')).statusCode).toBe(401);
    // the reset signs out every session of the account
    expect((await t.call({ method: 'GET', url: STATUS, token: session })).json.status.message).toBe(
      'Authentication Error',
    );

    const again = await reset('grace-Again#4');
    expect(again.statusCode).toBe(400);
    expect(again.json.status.message).toBe('Failed to update password');
    expect((await login('grace', 'grace-Reset#3')).statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    await t.call({
      method: 'POST',
      url: '/api/account/reset_password/request',
      payload: { email: 'henry@java.test' },
      remoteAddress: '10.3.0.2',
    });
    await mailerOf(t.app).flush();
    const mail = readMail(join(dataDir, 'outbox', outbox().sort().at(-1)!));
    const [, emailtoken, token] = /update-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail)!;
    await t.database.db
      .updateTable('password_reset_token')
      .set({ prstExpiresTime: Math.floor(Date.now() / 1000) - 1 })
      .where('prstUserId', '=', 'henry@java.test')
      .execute();
    const r = await t.call({
      method: 'POST',
      url: '/api/account/reset_password/reset',
      payload: { password: 'henry-Late#9', email: emailtoken, token },
    });
    expect(r.json.status.message).toBe('Failed to update password');
  });

  it('answers unknown and inactive e-mails exactly like known ones, and sends nothing', async () => {
    const known = await t.call({
      method: 'POST',
      url: '/api/account/reset_password/request',
      payload: { email: 'henry@java.test' },
      remoteAddress: '10.3.0.3',
    });
    await mailerOf(t.app).flush();
    const count = outbox().length;
    for (const email of ['nobody@java.test', 'ivy@java.test']) {
      const r = await t.call({
        method: 'POST',
        url: '/api/account/reset_password/request',
        payload: { email },
        remoteAddress: '10.3.0.4',
      });
      expect(r.statusCode).toBe(known.statusCode);
      expect(r.json).toEqual(known.json);
    }
    await mailerOf(t.app).flush();
    expect(outbox().length).toBe(count);
  });

  it('answers a reset request without waiting for its token insert or its mail; unknown e-mails alike', async () => {
    const gate = holdInserts('password_reset_token');
    const held = { ...t.database, db: t.database.db.withPlugin(gate.plugin) };
    const app = await buildApp({ database: held, config: t.config, logger: false });
    const request = (email: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/account/reset_password/request',
        payload: { email },
        remoteAddress: `10.3.1.${n}`,
      });
    try {
      const answer = request('grace@java.test', 1);
      await gate.held; // the token's insert ran and is held: a handler that waits for it cannot answer
      const known = await answer;
      expect(known.statusCode).toBe(200);
      const unknown = await request('nobody@java.test', 2);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      const before = outbox().length;
      gate.release();
      // the work goes on after the answer: the mail is sent (by this app, or by the first one on the same database)
      await mailerOf(app).flush();
      await mailerOf(t.app).flush();
      expect(outbox().length).toBe(before + 1);
    } finally {
      gate.release();
      await app.close();
    }
  });

  it('validates the reset request and the reset', async () => {
    const blank = await t.call({ method: 'POST', url: '/api/account/reset_password/request', payload: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.status.message).toEqual({ email: ['Can not be empty'] });
    const r = await t.call({ method: 'POST', url: '/api/account/reset_password/reset', payload: { password: 'x' } });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json.status.message).sort()).toEqual(['email', 'token']);
  });
});
