import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { mailerOf, mailTransport } from '../../src/modules/mail/mailer.ts';
import {
  MAIL_MAX_ATTACHMENT_BYTES,
  MAIL_MAX_ATTEMPTS,
  MailOutbox,
  type OutgoingMail,
  outboxBacklog,
  retryDelay,
} from '../../src/modules/mail/outbox.ts';
import { dialects, scratchDatabase } from '../helpers/app.ts';
import { TestSmtpServer } from './smtp-server.ts';

async function openMigrated(url: string): Promise<Database> {
  const d = openDatabase(url);
  await migrate(d);
  return d;
}

/** A logger that keeps what was logged at warn and error. */
function captureLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      void lines.push({ level, obj, msg });
  const log = {
    lines,
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    child: () => log,
    level: 'info',
  };
  return log as typeof log & FastifyBaseLogger;
}

const appConfig = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: `/tmp/fleet-mail-test-${process.pid}`,
    DEMO: '0',
    SIMULATOR: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    PUBLIC_URL: 'https://fleet.example.com',
    DAILY_REPORT_TICK_SECONDS: '0',
    ...env,
  });

const mail = (n: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'event',
  to: `user${n}@fleet.test`,
  subject: `Mail number ${n}`,
  text: `Body of mail ${n}`,
  html: `<p>Body of mail ${n}</p>`,
  ...extra,
});

const rowOf = (database: Database, id: number) =>
  database.db.selectFrom('mail_outbox').selectAll().where('mlobId', '=', id).executeTakeFirstOrThrow();

describe.each(dialects())('mail outbox on %s', (dialect) => {
  let smtp: TestSmtpServer;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    smtp = await new TestSmtpServer().listen();
  });
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()!();
    smtp.failing = false;
    smtp.messages.length = 0;
  });
  afterAll(() => smtp.close());

  async function database() {
    // closed and opened again in some tests (a server restart): a SQLite file, or a PostgreSQL database
    const named = await scratchDatabase(dialect, { sqliteFile: true });
    const d = await openMigrated(named.url);
    cleanup.push(named.drop, () => d.close());
    return { ...named, d };
  }

  it('SMTP failing, then back: the mail goes out on a retry after its back-off', async () => {
    const { d } = await database();
    const log = captureLog();
    const outbox = new MailOutbox(d, mailTransport(appConfig({ SMTP_URL: smtp.url }), log).deliver, log);
    const now = 1_800_000_000;
    const id = await outbox.enqueue(mail(1), now);
    smtp.failing = true;
    expect(await outbox.runOnce(now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(smtp.refused).toBeGreaterThan(0);
    expect(smtp.messages).toHaveLength(0);
    let row = await rowOf(d, id);
    expect(row).toMatchObject({ mlobStatus: 'pending', mlobAttempts: 1, mlobNextTryTime: now + retryDelay(1) });
    expect(String(row.mlobLastError)).toContain('451');
    expect(log.lines.some((l) => l.level === 'warn' && l.obj.outboxId === id)).toBe(true);

    smtp.failing = false;
    // not due before its back-off has passed
    expect(await outbox.runOnce(now + retryDelay(1) - 1)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await outbox.runOnce(now + retryDelay(1))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual(['<user1@fleet.test>']);
    expect(smtp.messages[0].data).toContain('Subject: Mail number 1');
    expect(smtp.messages[0].data).toContain('Body of mail 1');
    row = await rowOf(d, id);
    // sent: kept without its body (a reset link is a credential) until it is purged
    expect(row).toMatchObject({ mlobStatus: 'sent', mlobAttempts: 2, mlobText: '', mlobHtml: '', mlobLink: null });
    // and never sent again
    expect(await outbox.runOnce(now + 86400)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} tries with growing delays, logs it, and counts it as failed`, async () => {
    const { d } = await database();
    const log = captureLog();
    const outbox = new MailOutbox(d, mailTransport(appConfig({ SMTP_URL: smtp.url }), log).deliver, log);
    smtp.failing = true;
    let now = 1_800_000_000;
    const id = await outbox.enqueue(mail(2, { link: 'https://fleet.example.com/secret' }), now);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const r = await outbox.runOnce(now);
      expect(r.sent).toBe(0);
      const row = await rowOf(d, id);
      expect(Number(row.mlobAttempts)).toBe(attempt);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(r.retried).toBe(1);
        delays.push(Number(row.mlobNextTryTime) - now);
        now = Number(row.mlobNextTryTime);
      } else expect(r.failed).toBe(1);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(await rowOf(d, id)).toMatchObject({ mlobStatus: 'failed', mlobText: '', mlobLink: null });
    expect(log.lines.some((l) => l.level === 'error' && l.obj.outboxId === id)).toBe(true);
    smtp.failing = false;
    expect(await outbox.runOnce(now + 86400)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await outbox.backlog(now)).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 1 });
  });

  it('carries the daily report PDF as an attachment, erased once sent; refuses one over the bound', async () => {
    const { d } = await database();
    const log = captureLog();
    const outbox = new MailOutbox(d, mailTransport(appConfig({ SMTP_URL: smtp.url }), log).deliver, log);
    const pdf = Buffer.alloc(300_000, 7);
    pdf.write('%PDF-1.7\n');
    const id = await outbox.enqueue(
      mail(3, {
        kind: 'daily-report',
        attachments: [{ filename: 'daily-report.pdf', content: pdf, contentType: 'application/pdf' }],
      }),
    );
    expect(await outbox.runOnce()).toMatchObject({ sent: 1 });
    const data = smtp.messages[0].data;
    expect(data).toContain('filename=daily-report.pdf');
    const b64 = /Content-Disposition: attachment[^\n]*\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(data)?.[1] ?? '';
    expect(Buffer.from(b64.replace(/\n/g, ''), 'base64').equals(pdf)).toBe(true);
    const left = await d.db.selectFrom('mail_outbox_attachment').selectAll().where('mloaMlobId', '=', id).execute();
    expect(left).toHaveLength(0);
    const tooLarge = Buffer.alloc(MAIL_MAX_ATTACHMENT_BYTES + 1);
    await expect(
      outbox.enqueue(
        mail(4, { attachments: [{ filename: 'a.pdf', content: tooLarge, contentType: 'application/pdf' }] }),
      ),
    ).rejects.toThrow(/larger than the mail outbox takes/);
  });

  it('two workers on one database send each mail once', async () => {
    const { url, d } = await database();
    const other = openDatabase(url);
    cleanup.push(() => other.close());
    const got: string[][] = [[], []];
    const worker = (database: Database, k: number) =>
      new MailOutbox(
        database,
        async (m) => {
          await new Promise((r) => setTimeout(r, 2)); // a send takes a while: the other worker claims meanwhile
          got[k].push(m.subject);
        },
        captureLog(),
      );
    const now = 1_800_000_000;
    for (let i = 0; i < 40; i++) await worker(d, 0).enqueue(mail(i), now);
    const [a, b] = await Promise.all([worker(d, 0).runOnce(now, 100), worker(other, 1).runOnce(now, 100)]);
    expect(a.sent + b.sent).toBe(40);
    const all = [...got[0], ...got[1]].sort();
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    expect(await worker(d, 0).backlog(now)).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 0 });
  });

  it('a claim of a worker that died runs out, and the mail is taken again', async () => {
    const { d } = await database();
    const sent: string[] = [];
    const outbox = new MailOutbox(d, async (m) => void sent.push(m.subject), captureLog());
    const now = 1_800_000_000;
    const id = await outbox.enqueue(mail(5), now);
    // a process claimed it and stopped before it marked it
    await d.db
      .updateTable('mail_outbox')
      .set({ mlobClaimedUntil: now + 600, mlobAttempts: 1 })
      .where('mlobId', '=', id)
      .execute();
    expect((await outbox.runOnce(now + 599)).sent).toBe(0);
    expect((await outbox.runOnce(now + 600)).sent).toBe(1);
    expect(sent).toEqual(['Mail number 5']);
  });

  it('pending mail survives a restart: the next server process sends it; /api/health shows the backlog', async () => {
    const { url, d } = await database();
    await d.close();
    cleanup.pop(); // closed here already
    smtp.failing = true;
    let database1 = await openMigrated(url);
    const app1 = await buildApp({ database: database1, config: appConfig({ SMTP_URL: smtp.url }), logger: false });
    await app1.ready();
    mailerOf(app1).send(mail(6, { kind: 'password-reset' }));
    await mailerOf(app1).flush(); // stored, tried once, refused
    expect(smtp.refused).toBeGreaterThan(0);
    const health = await app1.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data.mail).toMatchObject({ pending: 1, failed: 0 });
    expect(health.json().data.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    await app1.close();
    await database1.close();

    // the server is down a while: the retry is due when it comes back
    database1 = await openMigrated(url);
    await database1.db.updateTable('mail_outbox').set({ mlobNextTryTime: 0, mlobCreatedTime: 1000 }).execute();
    const waiting = await outboxBacklog(database1);
    expect(waiting.pending).toBe(1);
    expect(waiting.oldestPendingSeconds).toBeGreaterThan(1_000_000);
    await database1.close();
    smtp.failing = false;
    const database2 = await openMigrated(url);
    cleanup.push(() => database2.close());
    const app2 = await buildApp({ database: database2, config: appConfig({ SMTP_URL: smtp.url }), logger: false });
    cleanup.push(() => app2.close());
    await app2.ready(); // its loop starts: it sends what is due without being asked
    for (let i = 0; i < 200 && smtp.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(smtp.messages.map((m) => m.to)).toEqual([['<user6@fleet.test>']]);
    await mailerOf(app2).flush(); // the pass that sent it has marked it
    const after = await app2.inject({ method: 'GET', url: '/api/health' });
    expect(after.json().data.mail).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });
});
