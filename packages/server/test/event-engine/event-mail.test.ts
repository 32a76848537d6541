import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHighEvents } from '../../src/modules/event-engine/event-mail.ts';
import { type OpenedEvent, publishEventsOpened } from '../../src/modules/event-engine/opened.ts';
import type { OutgoingMail } from '../../src/modules/mail/mailer.ts';
import { mailerOf } from '../../src/modules/mail/mailer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';

/** E-mail of opened High events (issue 17): opt-in per user, only vessels the user may see, only High. */
describe.each(dialects())('High event e-mail on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  const dataDir = `/tmp/fleet-event-mail-${process.pid}-${dialect}`;
  const event = (massId: number, priority: number, type = 'Exhaust Temperature High'): OpenedEvent => ({
    massId,
    gatewayUid: 'gateway-x',
    mevtId: 1,
    type,
    priority,
    timestamp: 1767225600,
  });
  const optIn = async (token: string, enabled: unknown) =>
    t.call({ method: 'PUT', url: '/api/log/event/mail', token, payload: { enabled } });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://fleet.example.com' } });
    w = await twoTenants(t.database.db, ['log_event_event']);
  });
  afterAll(() => t.close());

  it('stores the opt-in per user: off by default, on and off again; 400 for a wrong body, 401 signed out', async () => {
    const get = async (token: string) => (await t.call({ method: 'GET', url: '/api/log/event/mail', token })).json.data;
    expect(await get(w.adminA)).toEqual({ enabled: false });
    expect((await optIn(w.adminA, true)).json.data).toEqual({ enabled: true });
    expect(await get(w.adminA)).toEqual({ enabled: true });
    expect(await get(w.readerA)).toEqual({ enabled: false });
    expect((await optIn(w.adminA, 'yes')).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/log/event/mail' })).statusCode).toBe(401);
    expect((await optIn(w.adminA, false)).json.data).toEqual({ enabled: false });
  });

  it('mails each opted-in user who may see the vessel, once per High event; never Normal ones', async () => {
    for (const token of [w.adminA, w.readerA, w.adminB]) await optIn(token, true);
    const sent: OutgoingMail[] = [];
    const mailer = { send: (m: OutgoingMail) => void sent.push(m) };
    const n = await mailHighEvents(
      t.database,
      mailer,
      [event(w.assetA1, 1), event(w.assetA2, 1, 'Bilge High'), event(w.assetA1, 0, 'AC Power Lost')],
      'https://fleet.example.com',
    );
    // A1: both users of company A1; A2: only the admin (the reader is not in A2); B's admin: nothing of A's
    expect(n).toBe(3);
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['admin@a.test', 'High priority event: Bilge High on Vessel A2'],
      ['admin@a.test', 'High priority event: Exhaust Temperature High on Vessel A1'],
      ['reader@a.test', 'High priority event: Exhaust Temperature High on Vessel A1'],
    ]);
    expect(sent[0].text).toContain('https://fleet.example.com/event/log');
    await optIn(w.readerA, false);
    sent.length = 0;
    await mailHighEvents(t.database, mailer, [event(w.assetA1, 1)], 'https://fleet.example.com');
    expect(sent.map((m) => m.to)).toEqual(['admin@a.test']);
  });

  it('writes the mail to the outbox (no SMTP) when the engine reports an opened High event', async () => {
    const outbox = join(dataDir, 'outbox');
    const before = existsSync(outbox) ? readdirSync(outbox).length : 0;
    publishEventsOpened(t.database, [event(w.assetB1, 1)]);
    // the listener reads the recipients, then queues; wait for the file
    for (let i = 0; i < 50 && (existsSync(outbox) ? readdirSync(outbox).length : 0) === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await mailerOf(t.app).flush();
    }
    const files = readdirSync(outbox).sort();
    expect(files.length).toBe(before + 1);
    const mail = readFileSync(join(outbox, files.at(-1)!), 'utf8');
    expect(mail).toMatch(/^To: admin@b\.test$/im);
    expect(mail).toContain('High priority event: Exhaust Temperature High on Vessel B1');
    // it went through the durable outbox (retried there if the mail server fails), marked sent
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select(['mlobKind', 'mlobStatus', 'mlobTo'])
      .where('mlobSubject', '=', 'High priority event: Exhaust Temperature High on Vessel B1')
      .executeTakeFirst();
    expect(row).toEqual({ mlobKind: 'event', mlobStatus: 'sent', mlobTo: 'admin@b.test' });
  });
});
