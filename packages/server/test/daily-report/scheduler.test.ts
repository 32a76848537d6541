import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ATTEMPTS,
  previousDay,
  RETRY_BASE_SECONDS,
  runDailyReports,
} from '../../src/modules/daily-report/scheduler.ts';
import { mailTransport, type OutgoingMail } from '../../src/modules/mail/mailer.ts';
import { MailOutbox, retryDelay } from '../../src/modules/mail/outbox.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { TestSmtpServer } from '../mail/smtp-server.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';
import { pageCount, pdfText } from './pdf-tools.ts';

const silent = { error() {}, info() {}, warn() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as never;

describe.each(dialects())('scheduled daily reports on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const sent: OutgoingMail[] = [];
  let failNext = 0;
  const deliver = async (m: OutgoingMail) => {
    if (failNext > 0) {
      failNext--;
      throw new Error('SMTP 451 try again later');
    }
    sent.push(m);
  };
  const deps = () => ({ database: t.database, deliver, log: silent, defaultTimeZone: 'Asia/Jakarta' });
  // the world's readings are on the local day T0 (three days ago); the pass runs in the night after it
  const night = () => w.T0 + 86400 + 120;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(() => t?.close());

  const subscribe = async (massId: number, token = w.tenants.adminA) =>
    t.call({ method: 'PUT', url: `/api/reports/daily/subscriptions/${massId}`, token });
  const backdate = () =>
    t.database.db
      .updateTable('daily_report_subscription')
      .set({ drsbCreatedTime: w.T0 - 86400 })
      .execute();

  it('subscribe, list, unsubscribe; a vessel of another tenant is not found', async () => {
    const r = await subscribe(w.twinAe);
    expect(r.statusCode).toBe(200);
    expect(r.json.data.map((s: { massId: number }) => s.massId)).toEqual([w.twinAe]);
    expect((await subscribe(w.twinAe)).json.data).toHaveLength(1); // idempotent
    expect((await subscribe(w.twinAe, w.tenants.adminB)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: '/api/reports/daily/subscriptions/x1', token: w.tenants.adminA })).statusCode,
    ).toBe(400);
    await subscribe(w.single);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/reports/daily/subscriptions/${w.single}`,
      token: w.tenants.adminA,
    });
    expect(del.json.data.map((s: { massId: number }) => s.massId)).toEqual([w.twinAe]);
  });

  it("the previous local day's PDF goes once, also after a restart", async () => {
    expect(previousDay(night(), 7)).toEqual({ start: w.T0, end: w.T0 + 86400 });
    // made today: nothing for the days before the subscription
    expect((await runDailyReports(deps(), night())).sent).toBe(0);
    await backdate();
    const first = await runDailyReports(deps(), night());
    expect(first).toMatchObject({ day: w.T0, sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('admin@a.test');
    expect(sent[0].subject).toMatch(/^Daily Report Twin AE/);
    const pdf = sent[0].attachments?.[0];
    expect(pdf?.filename).toMatch(/^Daily-Report_Twin-AE_\d{8}-0000_\d{8}-0000\.pdf$/);
    expect(pageCount(pdf?.content as Buffer)).toBe(7);
    // later passes the same night: not again. A pass keeps nothing in memory (the sent-log is in the database), so
    // a pass of a restarted server, or of a second server process, is the same as these
    expect((await runDailyReports(deps(), night() + 600)).sent).toBe(0);
    expect((await runDailyReports({ ...deps() }, night() + 3600)).sent).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('a failed mail is logged, retried after its delay, then sent once', async () => {
    await subscribe(w.noMeter);
    await backdate();
    const day2 = night() + 86400; // the next night: both subscriptions are due for T0 + 1 day
    sent.length = 0;
    failNext = 1; // the first delivery of the pass fails
    const r1 = await runDailyReports(deps(), day2);
    expect(r1).toMatchObject({ sent: 1, failed: 1 });
    const failed = await t.database.db
      .selectFrom('daily_report_sent')
      .selectAll()
      .where('drsnStatus', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.drsnLastError).toContain('SMTP 451');
    expect(Number(failed.drsnNextTryTime)).toBe(day2 + RETRY_BASE_SECONDS);
    // before the delay: not retried
    expect(await runDailyReports(deps(), day2 + 60)).toMatchObject({ sent: 0, failed: 0 });
    // after it: sent, and only then
    expect(await runDailyReports(deps(), day2 + RETRY_BASE_SECONDS)).toMatchObject({ sent: 1, failed: 0 });
    expect(await runDailyReports(deps(), day2 + 2 * RETRY_BASE_SECONDS)).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.subject)).size).toBe(2);
  });

  it(`gives up after ${MAX_ATTEMPTS} tries with growing delays`, async () => {
    const day3 = night() + 2 * 86400;
    sent.length = 0;
    failNext = 1000;
    let now = day3;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await runDailyReports(deps(), now);
      now += RETRY_BASE_SECONDS * 2 ** (MAX_ATTEMPTS - 2); // the longest delay; all within the same night
    }
    failNext = 0;
    const rows = await t.database.db
      .selectFrom('daily_report_sent')
      .selectAll()
      .where('drsnDay', '=', w.T0 + 2 * 86400)
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(Number(r.drsnAttempts)).toBe(MAX_ATTEMPTS);
      expect(r.drsnStatus).toBe('failed');
      expect(r.drsnNextTryTime).toBeNull();
    }
    expect(sent).toHaveLength(0);
  });
  it("in the subscriber's language (user.userLanguage): the mail and its PDF in Bahasa Indonesia", async () => {
    // the day with the world's readings once more (its sent-log cleared): a report of all 7 pages
    await t.database.db.deleteFrom('daily_report_sent').where('drsnDay', '=', w.T0).execute();
    sent.length = 0;
    const setLanguage = (language: string | null) =>
      t.database.db.updateTable('user').set({ userLanguage: language }).where('userId', '=', 'admin@a.test').execute();
    await setLanguage('id');
    try {
      expect(await runDailyReports(deps(), night() + 1200)).toMatchObject({ sent: 2, failed: 0 });
    } finally {
      await setLanguage(null);
    }
    const twin = sent.find((m) => m.subject.includes('Twin AE'));
    expect(twin?.subject).toMatch(/^Laporan Harian Twin AE — \d{2} \w+ \d{4} 00:00 – .* \(GMT \+007\)$/);
    expect(twin?.text).toMatch(/^Laporan harian Twin AE untuk .* terlampir \(7 halaman\)\./);
    expect(twin?.text).toContain('Anda menerimanya karena berlangganan di layar Laporan Harian');
    expect(twin?.html).toContain('<p>Laporan harian <b>Twin AE</b> untuk');
    const pdf = twin?.attachments?.[0];
    expect(pdf?.filename).toMatch(/^Laporan-Harian_Twin-AE_\d{8}-0000_\d{8}-0000\.pdf$/);
    const page1 = pdfText(pdf?.content as Buffer);
    expect(page1).toContain('Ringkasan');
    expect(page1).toContain('Halaman 1/7');
  });

  it("through the mail outbox: SMTP down at the pass, the PDF goes out on the outbox's retry", async () => {
    const smtp = await new TestSmtpServer().listen();
    try {
      const outbox = new MailOutbox(
        t.database,
        mailTransport({ ...t.config, smtpUrl: smtp.url }, silent).deliver,
        silent,
      );
      const day4 = night() + 3 * 86400;
      smtp.failing = true;
      const pass = await runDailyReports(
        { ...deps(), deliver: async (m) => void (await outbox.enqueue(m, day4)) },
        day4,
      );
      expect(pass).toMatchObject({ sent: 2, failed: 0 }); // both subscriptions' mails are stored in the outbox
      expect(await outbox.runOnce(day4)).toEqual({ sent: 0, retried: 2, failed: 0 });
      expect(smtp.messages).toHaveLength(0);
      smtp.failing = false;
      expect(await outbox.runOnce(day4 + retryDelay(1))).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(['<admin@a.test>', '<admin@a.test>']);
      for (const m of smtp.messages) {
        expect(m.data).toMatch(/Content-Type: application\/pdf/);
        expect(m.data).toMatch(/filename=Daily-Report_[^\n]+\.pdf/);
      }
      // the day is not made again by the scheduler
      expect(
        (await runDailyReports({ ...deps(), deliver: (m) => outbox.enqueue(m).then(() => undefined) }, day4 + 600))
          .sent,
      ).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});
