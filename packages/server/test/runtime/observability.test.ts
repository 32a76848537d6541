import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReadinessCheck } from '../../src/http/probes.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from '../telemetry/world.ts';

/** docs/operations.md "Monitoring": /metrics, liveness and readiness, request ids. */
const TOKEN = 'metrics-token-0123456789';
const T0 = 1767225600; // 2026-01-01 00:00 UTC

/** A sample's value in Prometheus' text format: the series with exactly these labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    const keys = Object.keys(labels);
    if (keys.length === Object.keys(found).length && keys.every((k) => found[k] === labels[k])) return Number(m[3]);
  }
  return 0;
}

describe.each(dialects())('observability on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let port: number;
  const scrape = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return r.body;
  };
  const ingest = (readings: unknown[]) =>
    t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { METRICS_TOKEN: TOKEN, MAX_CONCURRENT_INGEST: '1', MAX_QUEUED_INGEST: '0' },
    });
    w = await telemetryWorld(t.database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('refuses /metrics without the bearer token (401) and answers with it in the text format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode, String(authorization)).toBe(401);
      expect(r.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(r.body).not.toContain('fleet_');
    }
    const text = await scrape();
    // every sample line is name{labels} value, every metric has its HELP and TYPE
    const lines = text.trimEnd().split('\n');
    for (const line of lines.filter((l) => !l.startsWith('#')))
      expect(line).toMatch(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|[+-]Inf|NaN)$/,
      );
    for (const name of [
      'fleet_ingest_readings_total',
      'fleet_http_requests_shed_total',
      'fleet_http_request_duration_seconds',
      'fleet_event_loop_lag_seconds',
      'fleet_live_sockets',
      'fleet_report_queue_length',
      'fleet_mail_outbox',
      'fleet_tracker_connections',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(lines.filter((l) => l.startsWith(`# HELP ${name} `)).length, name).toBe(1);
      expect(lines.filter((l) => new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`).test(l)).length, name).toBe(
        1,
      );
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'fleet_mail_outbox', { state: 'pending' })).toBe(0);
    expect(sample(text, 'fleet_live_sockets')).toBe(0);
    expect(sample(text, 'fleet_tracker_connections', { state: 'identified' })).toBe(0);
    expect(sample(text, 'fleet_report_queue_length', { pool: 'heavy' })).toBe(0);
  });

  it('counts ingested readings by source and outcome, and the request by route and status class', async () => {
    const before = await scrape();
    const readings = [
      { device: 'rpm-a1-1', ts: T0, data: { rpm: 700 } },
      { device: 'rpm-a1-1', ts: T0 + 60, data: { rpm: 710 } },
      { device: 'rpm-a1-1', ts: 'yesterday', data: { rpm: 720 } },
    ];
    expect((await ingest(readings)).json.data).toMatchObject({ accepted: 2, duplicate: 0, rejected: 1 });
    expect((await ingest(readings.slice(0, 1))).json.data).toMatchObject({ accepted: 0, duplicate: 1, rejected: 0 });
    const after = await scrape();
    const moved = (outcome: string) =>
      sample(after, 'fleet_ingest_readings_total', { source: 'http', outcome }) -
      sample(before, 'fleet_ingest_readings_total', { source: 'http', outcome });
    expect([moved('accepted'), moved('duplicate'), moved('rejected')]).toEqual([2, 1, 1]);
    const requests = { method: 'POST', route: '/api/ingest', status: '2xx' };
    expect(
      sample(after, 'fleet_http_request_duration_seconds_count', requests) -
        sample(before, 'fleet_http_request_duration_seconds_count', requests),
    ).toBe(2);
    expect(sample(after, 'fleet_http_request_duration_seconds_bucket', { ...requests, le: '+Inf' })).toBe(
      sample(after, 'fleet_http_request_duration_seconds_count', requests),
    );
  });

  it('counts a request shed because the ingest slots are taken', async () => {
    const before = sample(await scrape(), 'fleet_http_requests_shed_total', { class: 'ingest', reason: 'concurrency' });
    // the one ingest slot held: headers sent, body not yet
    const body = JSON.stringify({ readings: [{ device: 'rpm-a1-1', ts: T0 + 120, data: { rpm: 1 } }] });
    const held = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/ingest',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-device-key': w.keys.gatewayA1 },
    });
    const heldAnswer = new Promise<number>((r) => held.on('response', (res) => r(res.statusCode ?? 0)));
    held.flushHeaders();
    await new Promise((r) => setTimeout(r, 200));
    const shed = await ingest([{ device: 'rpm-a1-1', ts: T0 + 180, data: { rpm: 1 } }]);
    expect(shed.statusCode).toBe(503);
    held.end(body);
    expect(await heldAnswer).toBe(200);
    const after = sample(await scrape(), 'fleet_http_requests_shed_total', { class: 'ingest', reason: 'concurrency' });
    expect(after - before).toBe(1);
  });

  it('answers liveness, and readiness naming what does not work (503)', async () => {
    const live = await t.call({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json.data.live).toBe(true);
    const ready = await t.call({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json.data).toEqual({ ready: true, checks: { database: { ok: true } } });
    // the old route answers as before
    expect((await t.call({ method: 'GET', url: '/api/health' })).json.data.db).toBe(dialect);

    addReadinessCheck(t.app, 'mqtt', () => 'not connected to the broker');
    const notReady = await t.call({ method: 'GET', url: '/api/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json.status.message).toBe('Not ready: mqtt: not connected to the broker');
    expect(notReady.json.data.checks).toEqual({
      database: { ok: true },
      mqtt: { ok: false, message: 'not connected to the broker' },
    });
    addReadinessCheck(t.app, 'mqtt', () => null);
    expect((await t.call({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('takes a sane X-Request-Id and gives a new one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-42.a_b' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42.a_b');
    for (const bad of ['x'.repeat(129), 'has space', 'semi;colon', ''])
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': bad } })).headers[
          'x-request-id'
        ],
        bad,
      ).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('readiness with a mail server that does not answer, /metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('names the mail transport (503); /metrics is off (404)', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json.data.checks.database).toEqual({ ok: true });
    expect(r.json.data.checks.mail.ok).toBe(false);
    expect(r.json.status.message).toMatch(/^Not ready: mail: SMTP server: /);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
