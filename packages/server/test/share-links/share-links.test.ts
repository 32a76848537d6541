import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { tokenHash } from '../../src/modules/auth/tokens.ts';
import { LINK_MESSAGES } from '../../src/modules/share-links/link-scope.ts';
import { MAX_LINK_SESSIONS } from '../../src/modules/share-links/share-links.routes.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { buildWorld, H, type World } from '../summary/summary-world.ts';

describe.each(dialects())('share report links on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let admin: string;
  const summary = (massId: number, start: number, end: number, token: string) =>
    t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${massId}&showDetails=true`,
      token,
    });
  const create = (body: Record<string, unknown>, token = admin) =>
    t.call({ method: 'POST', url: '/api/share-links', payload: body, token });
  const open = (token: string) => t.call({ method: 'POST', url: '/api/share-links/open', payload: { token } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
    admin = w.tenants.adminA;
  });
  afterAll(() => t?.close());

  describe('a live link', () => {
    let link: { id: string; token: string; path: string };
    let session: string;
    beforeAll(async () => {
      const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + 3 * H, expiresInHours: 2 });
      expect(r.statusCode).toBe(200);
      link = r.json.data;
      const o = await open(link.token);
      expect(o.statusCode).toBe(200);
      session = o.json.data.token;
    });

    it('carries no password and no session token, and names the link page', () => {
      expect(link.path).toBe(`/auth/export?link=${link.token}`);
      expect(link.token).not.toContain(admin);
      expect(link.token.split('.')).toHaveLength(3);
      expect(session).not.toBe(admin);
    });

    it('reads its vessel and period with the same numbers the creator sees', async () => {
      const own = await summary(w.twinAe, w.T0, w.T0 + 3 * H, admin);
      const shared = await summary(w.twinAe, w.T0, w.T0 + 3 * H, session);
      expect(shared.statusCode).toBe(200);
      expect(shared.json.data.rpm.summary).toEqual(own.json.data.rpm.summary);
      expect(shared.json.data.flowmeter.summary).toEqual(own.json.data.flowmeter.summary);
      // a zoomed window inside the period is the same link's data
      expect((await summary(w.twinAe, w.T0 + H, w.T0 + 2 * H, session)).statusCode).toBe(200);
    });

    it('describes its vessel and period', async () => {
      const r = await t.call({ method: 'GET', url: '/api/share-links/current', token: session });
      expect(r.statusCode).toBe(200);
      expect(r.json.data).toMatchObject({ massId: w.twinAe, start: w.T0, end: w.T0 + 3 * H });
      expect(typeof r.json.data.massName).toBe('string');
      // an ordinary session has no link
      expect((await t.call({ method: 'GET', url: '/api/share-links/current', token: admin })).statusCode).toBe(400);
    });

    it('cannot read another vessel, a wider period, or anything else', async () => {
      for (const r of [
        await summary(w.twinNoAe, w.T0, w.T0 + 3 * H, session), // same company, visible to the creator
        await summary(w.twinAe, w.T0 - H, w.T0 + 3 * H, session),
        await summary(w.twinAe, w.T0, w.T0 + 4 * H, session),
        await t.call({ method: 'GET', url: '/api/master/asset', token: session }),
        await t.call({ method: 'GET', url: '/api/share-links', token: session }),
        await t.call({ method: 'GET', url: '/api/security/authentication/status', token: session }),
        await t.call({ method: 'GET', url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}`, token: session }),
      ]) {
        expect(r.statusCode).toBe(403);
        expect(r.json.status.message).toBe(LINK_MESSAGES.outOfScope);
        expect(r.json.data ?? null).toBeNull();
      }
    });

    it("reads the track's base map and port labels (installation-wide geography)", async () => {
      for (const url of ['/api/geo/base-layers', '/api/geo/ports']) {
        const r = await t.call({ method: 'GET', url, token: session });
        expect(r.statusCode, url).toBe(200);
        expect(Array.isArray(r.json.data), url).toBe(true);
      }
    });

    it('is not a sign-in: the token sign-in does not take it (nor name its creator)', async () => {
      const r = await t.call({ method: 'POST', url: `/api/security/authentication/login?token=${session}` });
      expect(r.statusCode).toBe(401);
      expect(JSON.stringify(r.json)).not.toContain('admin@a.test');
    });

    it('cannot write anything', async () => {
      for (const r of [
        await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H }, session),
        await t.call({ method: 'DELETE', url: `/api/share-links/${link.id}`, token: session }),
        await t.call({ method: 'POST', url: '/api/master/asset', payload: { massName: 'x' }, token: session }),
        await t.call({
          method: 'PUT',
          url: `/api/master/asset/${w.twinAe}`,
          payload: { massName: 'x' },
          token: session,
        }),
        await t.call({ method: 'GET', url: '/api/security/authentication/setcompany/1', token: session }),
      ]) {
        expect(r.statusCode).toBe(403);
        expect(r.json.status.message).toBe(LINK_MESSAGES.outOfScope);
      }
    });

    it('is listed for its creator only', async () => {
      const mine = await t.call({ method: 'GET', url: '/api/share-links', token: admin });
      expect(mine.json.data.find((l: { id: string }) => l.id === link.id)).toMatchObject({
        massId: w.twinAe,
        status: 'active',
        openedCount: 1,
      });
      const other = await t.call({ method: 'GET', url: '/api/share-links', token: w.tenants.adminB });
      expect(other.json.data.some((l: { id: string }) => l.id === link.id)).toBe(false);
      const steal = await t.call({ method: 'DELETE', url: `/api/share-links/${link.id}`, token: w.tenants.adminB });
      expect(steal.statusCode).toBe(404);
    });
  });

  it('a link session signs out: 200, then its token reads nothing; other sessions of the link go on', async () => {
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H });
    const first = (await open(r.json.data.token)).json.data.token;
    const second = (await open(r.json.data.token)).json.data.token;
    const out = await t.call({ method: 'GET', url: '/api/security/authentication/logout', token: first });
    expect(out.statusCode).toBe(200);
    expect(out.json.status.error).toBe(0);
    expect((await summary(w.twinAe, w.T0, w.T0 + H, first)).statusCode).toBe(401);
    expect((await summary(w.twinAe, w.T0, w.T0 + H, second)).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_LINK_SESSIONS} live sessions per link: an open beyond revokes the oldest`, async () => {
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H });
    const sessions: string[] = [];
    for (let i = 0; i < MAX_LINK_SESSIONS; i++) sessions.push((await open(r.json.data.token)).json.data.token);
    // distinct creation times in opening order (opens within one second tie)
    const now = Math.floor(Date.now() / 1000);
    for (const [i, token] of sessions.entries())
      await t.database.db
        .updateTable('session_token')
        .set({ sessCreatedTime: now - 1000 + i })
        .where('sessTokenHash', '=', tokenHash(token))
        .execute();
    const liveOf = () =>
      t.database.db
        .selectFrom('session_token')
        .select('sessTokenHash')
        .where('sessShareLinkId', '=', r.json.data.id)
        .where('sessRevokedTime', 'is', null)
        .execute();
    expect(await liveOf()).toHaveLength(MAX_LINK_SESSIONS);
    const newest = (await open(r.json.data.token)).json.data.token;
    expect(await liveOf()).toHaveLength(MAX_LINK_SESSIONS);
    expect((await summary(w.twinAe, w.T0, w.T0 + H, sessions[0])).statusCode).toBe(401);
    for (const token of [sessions[1], sessions.at(-1)!, newest])
      expect((await summary(w.twinAe, w.T0, w.T0 + H, token)).statusCode).toBe(200);
  });

  it('tampered or malformed links fail with a clear message and no data', async () => {
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H });
    const [kid, body, sig] = r.json.data.token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const wider = Buffer.from(JSON.stringify({ ...claims, end: claims.end + 86400 })).toString('base64url');
    const otherVessel = Buffer.from(JSON.stringify({ ...claims, massId: w.twinNoAe })).toString('base64url');
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${kid}.${wider}.${sig}`,
      `${kid}.${otherVessel}.${sig}`,
      `${kid}.${body}.${flipped}`,
      `nokey.${body}.${sig}`,
      'not-a-link',
      `${kid}.${body}`,
    ]) {
      const o = await open(bad);
      expect(o.statusCode).toBe(401);
      expect(o.json.status.message).toBe(LINK_MESSAGES.invalid);
      expect(o.json.data ?? null).toBeNull();
    }
  });

  it('an expired link fails to open and ends the sessions opened with it', async () => {
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H });
    const o = await open(r.json.data.token);
    const session = o.json.data.token;
    expect((await summary(w.twinAe, w.T0, w.T0 + H, session)).statusCode).toBe(200);
    await t.database.db
      .updateTable('share_link')
      .set({ slnkExpiresTime: Math.floor(Date.now() / 1000) - 1 })
      .where('slnkId', '=', r.json.data.id)
      .execute();
    const again = await open(r.json.data.token);
    expect(again.statusCode).toBe(401);
    expect(again.json.status.message).toBe(LINK_MESSAGES.expired);
    const read = await summary(w.twinAe, w.T0, w.T0 + H, session);
    expect(read.statusCode).toBe(401);
    expect(read.json.status.message).toBe(LINK_MESSAGES.expired);
    expect(read.json.data ?? null).toBeNull();
    const list = await t.call({ method: 'GET', url: '/api/share-links', token: admin });
    expect(list.json.data.find((l: { id: string }) => l.id === r.json.data.id).status).toBe('expired');
  });

  it('a revoked link fails to open and its sessions end', async () => {
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H });
    const session = (await open(r.json.data.token)).json.data.token;
    const del = await t.call({ method: 'DELETE', url: `/api/share-links/${r.json.data.id}`, token: admin });
    expect(del.statusCode).toBe(200);
    const again = await open(r.json.data.token);
    expect(again.statusCode).toBe(401);
    expect(again.json.status.message).toBe(LINK_MESSAGES.revoked);
    expect((await summary(w.twinAe, w.T0, w.T0 + H, session)).statusCode).toBe(401);
  });

  it('a link never reads more than its creator still may', async () => {
    const readerToken = w.tenants.readerA; // reader of company A1 without the all-assets flag change below
    const r = await create({ massId: w.twinAe, start: w.T0, end: w.T0 + H }, readerToken);
    expect(r.statusCode).toBe(200);
    await t.database.db
      .updateTable('user_company')
      .set({ uscoAllAssets: 0 })
      .where('uscoUserId', '=', 'reader@a.test')
      .execute();
    const o = await open(r.json.data.token);
    expect(o.statusCode).toBe(401);
    expect(o.json.status.message).toBe(LINK_MESSAGES.invalid);
  });

  it('checks what it is asked to create', async () => {
    const bad = [
      { massId: w.twinAe, start: w.T0 + H, end: w.T0 },
      { massId: w.twinAe, start: w.T0, end: w.T0 + 32 * 86400 },
      { massId: w.twinAe, start: w.T0, end: w.T0 + H, expiresInHours: 24 * 8 },
      { massId: w.twinAe, start: 'yesterday', end: w.T0 },
      { start: w.T0, end: w.T0 + H },
    ];
    for (const b of bad) expect((await create(b)).statusCode).toBe(400);
    // another tenant's vessel is not found; without a session nothing is made
    expect((await create({ massId: w.tenants.assetB1, start: w.T0, end: w.T0 + H })).statusCode).toBe(404);
    const anon = await t.call({
      method: 'POST',
      url: '/api/share-links',
      payload: { massId: w.twinAe, start: 1, end: 2 },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('sign-in by link (u/p, spec 002 §7.1)', () => {
  it('the password never reaches the server log', async () => {
    const database = await freshDatabase('sqlite');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: `/tmp/fleet-test-${process.pid}`,
      DEMO: '0',
      SIMULATOR: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
    });
    const app = await buildApp({ database, config, logger: { level: 'trace', stream } });
    try {
      const { createUser } = await import('../helpers/fixtures.ts');
      await createUser(database.db, { userId: 'link@a.test', username: 'linkuser', password: 'Pw-in-a-link-9f3' });
      // the browser loads the page with u and p in the address (the spec's link), then the page posts them
      await app.inject({ method: 'GET', url: '/auth/export?u=linkuser&p=Pw-in-a-link-9f3&compId=1&grcpId=1' });
      const good = await app.inject({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username: 'linkuser', password: 'Pw-in-a-link-9f3' },
      });
      expect(good.statusCode).toBe(200);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username: 'linkuser', password: 'Wrong-pw-in-a-link-77' },
      });
      expect(bad.statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain('signed in'); // the capture works
      expect(log).toContain('/api/security/authentication/login');
      expect(log).not.toContain('Pw-in-a-link-9f3');
      expect(log).not.toContain('Wrong-pw-in-a-link-77');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
