import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyReports } from '../../src/modules/daily-report/scheduler.ts';
import type { OutgoingMail } from '../../src/modules/mail/mailer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';

const silent = { error() {}, info() {}, warn() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as never;
const HOUR = 3600;
const DAY = 86400;

/** docs/domain.md §1 "The company's time zone": a company on Asia/Makassar (WITA, +8) gets its days cut at its midnight. */
describe.each(dialects())("a company's time zone on %s", (dialect) => {
  let t: TestApp;
  let w: World;
  // the world's readings start at T0, a midnight at +7: 01:00 in Makassar, whose day began an hour earlier
  let witaDay: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
    witaDay = w.T0 - HOUR;
    await t.database.db
      .updateTable('company')
      .set({ compTimezone: 'Asia/Makassar' })
      .where('compId', '=', w.tenants.compA1)
      .execute();
  });
  afterAll(() => t?.close());

  const summary = (start: number, end: number, query: string) =>
    t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${w.twinAe}&${query}`,
      token: w.tenants.adminA,
    });

  it('is the active company zone of the session status', async () => {
    const r = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.tenants.adminA });
    expect(r.json.data.activeCompany.timezone).toBe('Asia/Makassar');
    // the other tenant's company has none of its own: the installation's default (TZ_OFFSET 7)
    const b = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.tenants.adminB });
    expect(b.json.data.activeCompany.timezone).toBe('Asia/Jakarta');
  });

  it("answers a summary that names no timezone in the vessel's company zone", async () => {
    const implicit = await summary(witaDay, witaDay + DAY, 'aggregatedUnit=DAY&showDetails=true');
    const wita = await summary(witaDay, witaDay + DAY, 'aggregatedUnit=DAY&showDetails=true&timezone=8');
    const wib = await summary(witaDay, witaDay + DAY, 'aggregatedUnit=DAY&showDetails=true&timezone=7');
    expect(implicit.statusCode).toBe(200);
    expect(implicit.json).toEqual(wita.json);
    expect(implicit.json).not.toEqual(wib.json);
    // one DAY bucket, named by the WITA midnight (at +7 the period would straddle two days)
    expect(Object.keys(implicit.json.data.gps.data)).toEqual([String(witaDay)]);
  });

  it("mails each subscription the report of its company's day, after its company's midnight", async () => {
    const sent: OutgoingMail[] = [];
    const deps = {
      database: t.database,
      deliver: async (m: OutgoingMail) => {
        sent.push(m);
      },
      log: silent,
      defaultTimeZone: 'Asia/Jakarta',
    };
    const put = await t.call({
      method: 'PUT',
      url: `/api/reports/daily/subscriptions/${w.twinAe}`,
      token: w.tenants.adminA,
    });
    expect(put.statusCode).toBe(200);
    await t.database.db
      .updateTable('daily_report_subscription')
      .set({ drsbCreatedTime: w.T0 - 2 * DAY })
      .execute();
    // 00:02 WITA after the world's day (23:02 WIB): Makassar's day is over, Jakarta's is not
    const r = await runDailyReports(deps, witaDay + DAY + 120);
    expect(r).toMatchObject({ sent: 1, failed: 0, day: witaDay });
    expect(sent[0].subject).toContain('(GMT +008)');
    const row = await t.database.db.selectFrom('daily_report_sent').select('drsnDay').executeTakeFirstOrThrow();
    expect(Number(row.drsnDay)).toBe(witaDay);
    // the same instant for a company on Jakarta's zone: its last whole day is the one before
    await t.database.db
      .updateTable('company')
      .set({ compTimezone: 'Asia/Jakarta' })
      .where('compId', '=', w.tenants.compA1)
      .execute();
    const jakarta = await runDailyReports(deps, witaDay + DAY + 120);
    expect(jakarta.day).toBe(w.T0 - DAY);
    await t.database.db
      .updateTable('company')
      .set({ compTimezone: 'Asia/Makassar' })
      .where('compId', '=', w.tenants.compA1)
      .execute();
  });

  it('a stored zone the runtime does not know answers in the default zone, never an error', async () => {
    const set = (zone: string) =>
      t.database.db.updateTable('company').set({ compTimezone: zone }).where('compId', '=', w.tenants.compA1).execute();
    await set('Atlantis/Lost_City');
    const implicit = await summary(witaDay, witaDay + DAY, 'aggregatedUnit=DAY');
    const wib = await summary(witaDay, witaDay + DAY, 'aggregatedUnit=DAY&timezone=7');
    expect(implicit.statusCode).toBe(200);
    expect(implicit.json).toEqual(wib.json);
    const status = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.tenants.adminA });
    expect(status.json.data.activeCompany.timezone).toBe('Asia/Jakarta');
    await set('Asia/Makassar');
  });
});

describe("setting a company's time zone", () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    w = await twoTenants(t.database.db, ['master_company']);
  });
  afterAll(() => t?.close());

  const post = (payload: object) => t.call({ method: 'POST', url: '/api/master/company', token: w.adminA, payload });

  it('takes an IANA name, refuses anything else with a clear message, and starts a new company on the default', async () => {
    const bad = await post({ compName: 'PT Waktu', compGrcpId: w.groupA, compTimezone: 'WITA' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Time Zone must be a time zone name such as Asia/Makassar');
    const offset = await post({ compName: 'PT Waktu', compGrcpId: w.groupA, compTimezone: '+08:00' });
    expect(offset.statusCode).toBe(400);

    const made = await post({ compName: 'PT Waktu', compGrcpId: w.groupA, compTimezone: 'Asia/Jayapura' });
    expect(made.statusCode).toBe(200);
    expect(made.json.data.compTimezone).toBe('Asia/Jayapura');

    // none given: the installation's default zone, written down (TZ_OFFSET 7)
    const plain = await post({ compName: 'PT Biasa', compGrcpId: w.groupA });
    expect(plain.json.data.compTimezone).toBe('Asia/Jakarta');

    const id = made.json.data.compId;
    const changed = await t.call({
      method: 'PUT',
      url: `/api/master/company/${id}`,
      token: w.adminA,
      payload: { compTimezone: 'Asia/Makassar' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json.data.compTimezone).toBe('Asia/Makassar');
  });

  it("lets a user see the screens in a zone of their own choosing, and go back to the company's", async () => {
    const put = (timezone: unknown) =>
      t.call({ method: 'PUT', url: '/api/account/timezone', token: w.adminA, payload: { timezone } });
    const status = async () =>
      (await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.adminA })).json.data;
    expect((await status()).userTimezone).toBeNull();
    const bad = await put('GMT+8');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('timezone must be a time zone name such as Asia/Makassar');
    expect((await put('Asia/Jayapura')).json.data).toEqual({ timezone: 'Asia/Jayapura' });
    expect((await status()).userTimezone).toBe('Asia/Jayapura');
    const profile = await t.call({ method: 'GET', url: '/api/account/profile', token: w.adminA });
    expect(profile.json.data.timezone).toBe('Asia/Jayapura');
    // the company's zone is untouched
    expect((await status()).activeCompany.timezone).toBe('Asia/Jakarta');
    expect((await put(null)).statusCode).toBe(200);
    expect((await status()).userTimezone).toBeNull();
  });
});
