import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { enqueueWebhooks } from '../../src/modules/webhooks/queue.ts';
import { verifyWebhookSignature } from '../../src/modules/webhooks/signature.ts';
import { webhookWorkerOf } from '../../src/modules/webhooks/webhooks.routes.ts';
import { eventWorld, T0 } from '../event-engine/world.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { startReceiver, until } from './receiver.ts';

const ALL = ['create', 'read', 'update', 'delete'] as const;

/** One company with a vessel whose exhaust-temperature event opens above 450 °C, its administrator and device key. */
async function company(t: TestApp, code: string) {
  const w = await eventWorld(t.database, code);
  const hot = await w.defineEvent(`Exhaust hot ${code}`, 0, {
    temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 450 } } },
  });
  await w.activate([hot]);
  const role = await createRole(t.database.db, `Hooks ${code}`, { webhook: [...ALL] });
  await createUser(t.database.db, {
    userId: `admin@${code}.test`,
    username: `admin${code}`,
    roleIds: [role],
    companies: [{ compId: w.comp }],
  });
  const token = await signIn(t.database.db, `admin@${code}.test`, w.comp);
  const key = await issueDeviceKey(t.database.db, w.gatewayId, 'gateway');
  let ts = T0;
  return {
    ...w,
    hot,
    token,
    /** POST /api/ingest with the gateway's device key: one exhaust temperature reading */
    async temperature(value: number) {
      const r = await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': key },
        payload: { readings: [{ device: w.uid.temperature, ts: ts++, data: { temperature: value } }] },
      });
      expect(r.json.data.accepted).toBe(1);
    },
    subscribe: async (url: string, kinds: string[], name = 'receiver') =>
      t.call({ method: 'POST', url: '/api/webhooks', token, payload: { name, url, kinds } }),
  };
}

describe.each(dialects())('webhooks on %s', (dialect) => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let a: Awaited<ReturnType<typeof company>>;
  let b: Awaited<ReturnType<typeof company>>;
  const deliveries = async (token: string, id: number) =>
    (await t.call({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, token })).json.data as any[];

  beforeAll(async () => {
    // retries at once (the back-off's base set to 0 s) and no polling: the worker is woken by what is queued
    t = await createTestApp(dialect, { env: { WEBHOOK_RETRY_BASE_SECONDS: '0', WEBHOOK_POLL_SECONDS: '0' } });
    rx = await startReceiver({ '/flaky': [500, 500, 200], '/slow': ['hold', 'hold'] });
    a = await company(t, 'wha');
    b = await company(t, 'whb');
  });
  afterAll(async () => {
    await rx.close();
    await t.close();
  });

  it('delivers a signed webhook for an event opened by ingest, again after the receiver failed twice', async () => {
    const created = await a.subscribe(rx.url('/flaky'), ['event.opened']);
    expect(created.statusCode).toBe(200);
    const { secret, id } = created.json.data;
    expect(secret).toMatch(/^whsec_/);
    // the secret is answered once: never in the list
    const list = await t.call({ method: 'GET', url: '/api/webhooks', token: a.token });
    expect(JSON.stringify(list.json.data)).not.toContain(secret);

    await a.temperature(400);
    await a.temperature(500); // opens "Exhaust hot wha"
    await until(async () => (await deliveries(a.token, id))[0]?.status === 'delivered', 'the delivery');

    const tries = rx.at('/flaky');
    expect(tries.length).toBe(3);
    const [log] = await deliveries(a.token, id);
    expect(log).toMatchObject({ kind: 'event.opened', status: 'delivered', attempts: 3, lastHttpStatus: 200 });
    expect(log.lastBody).toBe('thanks');
    for (const r of tries) {
      // the same delivery each time, each try signed afresh with the secret
      expect(r.headers['x-fleet-delivery']).toBe(log.deliveryId);
      expect(r.headers['x-fleet-event']).toBe('event.opened');
      const t0 = Number(/t=(\d+)/.exec(String(r.headers['x-fleet-signature']))![1]);
      expect(verifyWebhookSignature(secret, String(r.headers['x-fleet-signature']), r.body, t0)).toEqual({ ok: true });
    }
    const payload = JSON.parse(tries[2].body);
    expect(payload).toMatchObject({
      id: log.deliveryId,
      kind: 'event.opened',
      companyId: a.comp,
      data: {
        type: 'Exhaust hot wha',
        status: 'active',
        high: false,
        vessel: { id: a.massId, name: 'MV Events wha' },
        gateway: 'gateway-wha',
        start: T0 + 1,
        end: null,
        values: { 'temperature-wha-1': { temperature: { temperature: 500 } } },
      },
    });
    const [stored] = await a.events(a.hot);
    expect(payload.data.eventId).toBeGreaterThan(0);
    expect(stored.status).toBe(1);
  });

  it('the signature refuses a replay outside the window, a changed body and another secret', async () => {
    const [r] = rx.at('/flaky');
    const header = String(r.headers['x-fleet-signature']);
    const t0 = Number(/t=(\d+)/.exec(header)![1]);
    const secret = (await t.database.db.selectFrom('webhook').select('wbhkSecret').executeTakeFirstOrThrow())
      .wbhkSecret;
    expect(verifyWebhookSignature(secret, header, r.body, t0 + 300).ok).toBe(true);
    expect(verifyWebhookSignature(secret, header, r.body, t0 + 301)).toEqual({
      ok: false,
      reason: 'too old or too new',
    });
    expect(verifyWebhookSignature(secret, header, r.body, t0 - 301)).toEqual({
      ok: false,
      reason: 'too old or too new',
    });
    expect(verifyWebhookSignature(secret, header, r.body.replace('500', '501'), t0)).toEqual({
      ok: false,
      reason: 'signature mismatch',
    });
    expect(verifyWebhookSignature('whsec_other', header, r.body, t0).ok).toBe(false);
    // the time cannot be moved without the signature: an old request with a new t fails
    expect(verifyWebhookSignature(secret, header.replace(`t=${t0}`, `t=${t0 + 1000}`), r.body, t0 + 1000).ok).toBe(
      false,
    );
  });

  it('a receiver that does not answer holds only its own slots: another receiver gets the closing at once', async () => {
    const slow = (await a.subscribe(rx.url('/slow'), ['event.closed'], 'slow')).json.data;
    const fast = (await a.subscribe(rx.url('/fast'), ['event.closed'], 'fast')).json.data;
    // three tests fill the slow receiver's two slots and wait behind them
    for (let i = 0; i < 3; i++) await t.call({ method: 'POST', url: `/api/webhooks/${slow.id}/test`, token: a.token });
    await until(() => rx.at('/slow').length === 2, 'the slow receiver to hold two');
    await a.temperature(400); // closes the event
    await until(async () => (await deliveries(a.token, fast.id))[0]?.status === 'delivered', 'the fast delivery');
    const closed = JSON.parse(rx.at('/fast')[0].body);
    expect(closed).toMatchObject({ kind: 'event.closed', data: { status: 'closed', start: T0 + 1, end: T0 + 2 } });
    expect(closed.data.durationSeconds).toBe(1);
    // the slow one still holds its two tries; its closing and third test wait
    expect(rx.at('/slow').length).toBe(2);
    expect((await deliveries(a.token, slow.id)).filter((d) => d.status === 'pending').length).toBe(4);
    rx.release('/slow');
    await until(
      async () => (await deliveries(a.token, slow.id)).every((d) => d.status === 'delivered'),
      'the slow receiver to catch up',
    );
    expect(rx.at('/slow').length).toBe(4);
  });

  it('keeps each company to its own: subscriptions, their logs and the events they receive', async () => {
    const mine = (await b.subscribe(rx.url('/b'), ['event.opened', 'event.closed'])).json.data;
    const before = rx.received.length;
    await b.temperature(480);
    await until(() => rx.at('/b').length === 1, 'company B’s delivery');
    await a.temperature(490); // A's event opens: B hears nothing of it
    await until(async () => (await deliveries(a.token, 1))[0]?.status === 'delivered', 'A’s delivery');
    expect(rx.at('/b').map((r) => JSON.parse(r.body).data.vessel.id)).toEqual([b.massId]);
    expect(rx.received.length).toBeGreaterThan(before);
    // A's administrator cannot see, change, test or read the log of B's subscription
    expect(
      (await t.call({ method: 'GET', url: `/api/webhooks/${mine.id}/deliveries`, token: a.token })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/webhooks/${mine.id}/test`, token: a.token })).statusCode).toBe(
      404,
    );
    const listA = (await t.call({ method: 'GET', url: '/api/webhooks', token: a.token })).json.data;
    expect(listA.map((w: any) => w.id)).not.toContain(mine.id);
  });

  it('validates: only http(s), kinds from the list, a name; 403 without the webhook permission', async () => {
    const bad = async (payload: Record<string, unknown>) =>
      (await t.call({ method: 'POST', url: '/api/webhooks', token: a.token, payload })).statusCode;
    expect(await bad({ name: 'x', url: 'ftp://example.com/', kinds: ['event.opened'] })).toBe(400);
    expect(await bad({ name: 'x', url: 'http://169.254.169.254/latest', kinds: ['event.opened'] })).toBe(400);
    expect(await bad({ name: 'x', url: 'http://user:pw@example.com/', kinds: ['event.opened'] })).toBe(400);
    expect(await bad({ name: 'x', url: 'http://example.com/', kinds: ['positions.everything'] })).toBe(400);
    expect(await bad({ name: 'x', url: 'http://example.com/', kinds: [] })).toBe(400);
    expect(await bad({ name: '', url: 'http://example.com/', kinds: ['event.opened'] })).toBe(400);
    const reader = await createRole(t.database.db, 'No hooks', { log_event_event: ['read'] });
    await createUser(t.database.db, {
      userId: 'r@wha.test',
      username: 'rwha',
      roleIds: [reader],
      companies: [{ compId: a.comp }],
    });
    const token = await signIn(t.database.db, 'r@wha.test', a.comp);
    expect((await t.call({ method: 'GET', url: '/api/webhooks', token })).statusCode).toBe(403);
  });
});

describe.each(dialects())('webhook queue across a restart on %s', (dialect) => {
  it('a delivery waiting for its retry is sent by the next process', async () => {
    const rx = await startReceiver({ '/down': [503] });
    const database = await freshDatabase(dialect, undefined, { sqliteFile: true });
    const config = loadConfig({
      DATA_DIR: `/tmp/fleet-test-${process.pid}`,
      DEMO: '0',
      SIMULATOR: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
      WEBHOOK_POLL_SECONDS: '0',
      WEBHOOK_RETRY_BASE_SECONDS: '3600',
    });
    try {
      const first = await buildApp({ database, config, logger: false });
      await first.ready();
      const db = database.db;
      const w = await eventWorld(database, 'whr');
      const r = await db
        .insertInto('webhook')
        .values({
          wbhkCompId: w.comp,
          wbhkName: 'down',
          wbhkUrl: rx.url('/down'),
          wbhkKinds: JSON.stringify(['bunker_log.created']),
          wbhkActive: 1,
          wbhkSecret: 'whsec_test',
          wbhkCreatedTime: T0,
          wbhkUpdatedTime: T0,
        })
        .returning('wbhkId')
        .executeTakeFirstOrThrow();
      expect(await enqueueWebhooks(db, w.comp, 'bunker_log.created', { bunkerLogId: 7 })).toBe(1);
      webhookWorkerOf(database)!.wake();
      const row = () =>
        db.selectFrom('webhook_delivery').selectAll().where('wbdlWbhkId', '=', r.wbhkId).executeTakeFirstOrThrow();
      await until(
        async () => Number((await row()).wbdlAttempts) === 1 && (await row()).wbdlClaimedUntil === null,
        'the first try',
      );
      const waiting = await row();
      expect(waiting).toMatchObject({ wbdlStatus: 'pending', wbdlLastStatus: 503 });
      // the first wait: between 75 % and 100 % of the base (docs/domain.md §42.2)
      const wait = Number(waiting.wbdlNextTryTime) - Number(waiting.wbdlLastTime);
      expect(wait).toBeGreaterThanOrEqual(2700 - 1);
      expect(wait).toBeLessThanOrEqual(3600 + 1);
      expect(waiting.wbdlLastBody.length).toBe(1024); // the answer's body cut for the log
      await first.close();
      // the hour has passed while no process ran
      await db.updateTable('webhook_delivery').set({ wbdlNextTryTime: T0 }).execute();
      const second = await buildApp({ database, config, logger: false });
      await second.ready();
      await until(async () => (await row()).wbdlStatus === 'delivered', 'the delivery after the restart');
      expect(Number((await row()).wbdlAttempts)).toBe(2);
      expect(rx.at('/down').map((q) => q.headers['x-fleet-delivery'])).toEqual([waiting.wbdlUid, waiting.wbdlUid]);
      await second.close();
    } finally {
      await rx.close();
      await database.drop();
    }
  });
});
