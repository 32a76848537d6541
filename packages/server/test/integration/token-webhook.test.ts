import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { verifyWebhookSignature } from '../../src/modules/webhooks/signature.ts';
import { eventWorld, T0 } from '../event-engine/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { startReceiver, until } from '../webhooks/receiver.ts';

const ALL = ['create', 'read', 'update', 'delete'] as const;

/**
 * Issue 31's end-to-end case: an integration that holds no password. An administrator issues it an API token; with
 * that token alone it reads a vessel's summary and subscribes a receiver to opened events; an event opened by ingest
 * reaches the receiver signed, after the receiver failed twice, and verifies with the subscription's secret.
 */
describe.each(dialects())('an integration with an API token and a webhook on %s', (dialect) => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // retries at once (back-off base 0 s) and no polling: the worker is woken by what is queued
    t = await createTestApp(dialect, { env: { WEBHOOK_RETRY_BASE_SECONDS: '0', WEBHOOK_POLL_SECONDS: '0' } });
    rx = await startReceiver({ '/erp': [500, 500, 200] });
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
  });

  it('reads a summary and receives a signed event.opened, delivered again after two failures, with no password', async () => {
    const { db } = t.database;
    const w = await eventWorld(t.database, 'itg');
    const hot = await w.defineEvent('Exhaust hot itg', 0, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 450 } } },
    });
    await w.activate([hot]);

    // the administrator who issues the token, and the role the integration acts with
    const issuerRole = await createRole(db, 'Token issuer itg', { api_token: [...ALL] });
    await createUser(db, {
      userId: 'issuer@itg.test',
      username: 'issueritg',
      roleIds: [issuerRole],
      companies: [{ compId: w.comp }],
    });
    const issuer = await signIn(db, 'issuer@itg.test', w.comp);
    const erpRole = await createRole(db, 'ERP itg', { webhook: [...ALL], master_asset: ['read'] });
    const issued = await t.call({
      method: 'POST',
      url: '/api/api-tokens',
      token: issuer,
      payload: { name: 'ERP', compId: w.comp, roleId: erpRole, expiresInDays: 30 },
    });
    expect(issued.statusCode, JSON.stringify(issued.json)).toBe(200);
    const apiToken: string = issued.json.data.token;

    // the readings, sent as a device sends them
    const key = await issueDeviceKey(db, w.gatewayId, 'gateway');
    const ingest = async (ts: number, temperature: number) => {
      const r = await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': key },
        payload: { readings: [{ device: w.uid.temperature, ts, data: { temperature } }] },
      });
      expect(r.json.data.accepted).toBe(1);
    };

    // subscribe with the token alone
    const sub = await t.call({
      method: 'POST',
      url: '/api/webhooks',
      token: apiToken,
      payload: { name: 'ERP receiver', url: rx.url('/erp'), kinds: ['event.opened'] },
    });
    expect(sub.statusCode, JSON.stringify(sub.json)).toBe(200);
    const { secret, id } = sub.json.data as { secret: string; id: number };

    await ingest(T0, 400);
    await ingest(T0 + 1, 500); // opens "Exhaust hot itg"

    // the vessel's summary with the token: the answer a person with the same role gets
    const url = `/api/summary/aggregated/period/${T0 - 3600}/${T0 + 3600}?devcMassId=${w.massId}`;
    const byToken = await t.call({ method: 'GET', url, token: apiToken });
    expect(byToken.statusCode).toBe(200);
    await createUser(db, {
      userId: 'erp@itg.test',
      username: 'erpitg',
      roleIds: [erpRole],
      companies: [{ compId: w.comp }],
    });
    const byPerson = await t.call({ method: 'GET', url, token: await signIn(db, 'erp@itg.test', w.comp) });
    expect(byToken.json.data).toEqual(byPerson.json.data);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);

    const deliveries = async () =>
      (await t.call({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, token: apiToken })).json.data as any[];
    await until(async () => (await deliveries())[0]?.status === 'delivered', 'the delivery');
    const tries = rx.at('/erp');
    expect(tries.map(() => 'try')).toEqual(['try', 'try', 'try']);
    const [log] = await deliveries();
    expect(log).toMatchObject({ kind: 'event.opened', status: 'delivered', attempts: 3, lastHttpStatus: 200 });
    for (const r of tries) {
      const signature = String(r.headers['x-fleet-signature']);
      const signedAt = Number(/t=(\d+)/.exec(signature)![1]);
      expect(verifyWebhookSignature(secret, signature, r.body, signedAt)).toEqual({ ok: true });
      // another secret does not verify it
      expect(verifyWebhookSignature(`${secret}x`, signature, r.body, signedAt).ok).toBe(false);
    }
    const payload = JSON.parse(tries[2].body);
    expect(payload).toMatchObject({
      kind: 'event.opened',
      companyId: w.comp,
      data: { type: 'Exhaust hot itg', status: 'active', vessel: { id: w.massId }, start: T0 + 1 },
    });
  });
});
