import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from './world.ts';

const T0 = 1767225600; // 2026-01-01 00:00 UTC

/** A raw HTTP request on a listening server: headers now, body only when `send` is called. */
function rawPost(port: number, headers: Record<string, string | number>) {
  // a connection of its own: an earlier request's unread body must not hold it
  const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/api/ingest', headers, agent: false });
  const answer = new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', (err) => {
      // the server may close the connection after answering without reading the body
      if ((err as { code?: string }).code !== 'EPIPE' && (err as { code?: string }).code !== 'ECONNRESET') reject(err);
    });
  });
  req.flushHeaders();
  return { answer, send: (text: string) => req.end(text), abort: () => req.destroy() };
}

describe.each(dialects())('ingest guards on %s (issue 10)', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let port: number;
  const post = (readings: unknown[]) =>
    t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings },
    });

  beforeAll(async () => {
    // one batch at a time, none waiting: the next is turned away at once (load shedding, the one ingest bound)
    t = await createTestApp(dialect, {
      env: { INGEST_MAX_MB: '0.01', MAX_CONCURRENT_INGEST: '1', MAX_QUEUED_INGEST: '0', RETRY_AFTER_SECONDS: '1' },
    });
    w = await telemetryWorld(t.database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('refuses a time the calendar does not have, in every form', async () => {
    const r = await post([
      { device: 'rpm-a1-1', ts: '2026-02-30T10:00:00Z', data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: '2026-02-29 10:00:00', data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: '2026-01-01T24:00:00Z', data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: '2026-01-01T10:00:00+07:00', data: { rpm: 1 } },
    ]);
    expect(r.json.data.results.map((x: { status: string }) => x.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'accepted',
    ]);
    expect(r.json.data.results[0].reason).toMatch(/bad time/);
    const stored = await query(t.database, 'select ts from telemetry_rpm where device_id = ?', [w.dev.rpmPort]);
    // 10:00 at +07:00 is 03:00 UTC; nothing landed on 2 March
    expect(stored.map((x) => Number(x.ts))).toEqual([T0 + 3 * 3600]);
  });

  it('reads numbers only as JSON numbers or decimal text', async () => {
    const r = await post([
      { device: 'rpm-a1-1', ts: T0 + 60, data: { rpm: '0x10' } },
      { device: 'rpm-a1-1', ts: T0 + 120, data: { rpm: '1e3' } },
      { device: 'rpm-a1-1', ts: T0 + 180, data: { rpm: 'Infinity' } },
      { device: 'rpm-a1-1', ts: T0 + 240, data: { rpm: ' ' } },
      { device: 'rpm-a1-1', ts: T0 + 300, data: { rpm: ' 712.5 ' } },
      { device: 'rpm-a1-1', ts: T0 + 360, data: { rpm: 713 } },
    ]);
    const results = r.json.data.results;
    expect(results.map((x: { status: string }) => x.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'accepted',
      'accepted',
    ]);
    expect(results[0].reason).toMatch(/rpm must be a number/);
    const rows = await query(t.database, 'select ts, rpm from telemetry_rpm where device_id = ? and ts > ?', [
      w.dev.rpmPort,
      T0 + 3 * 3600,
    ]);
    expect(rows).toHaveLength(0);
    const kept = await query(t.database, 'select rpm from telemetry_rpm where device_id = ? and ts in (?, ?)', [
      w.dev.rpmPort,
      T0 + 300,
      T0 + 360,
    ]);
    expect(kept.map((x) => Number(x.rpm)).sort()).toEqual([712.5, 713]);
  });

  it('answers a wrong key before reading the body', async () => {
    // 5 MB announced, none sent: the answer must come without the body
    const r = rawPost(port, { 'x-device-key': 'dk_wrong', 'content-type': 'application/json', 'content-length': 5e6 });
    const answer = await r.answer;
    r.abort();
    expect(answer.status).toBe(401);
    expect(answer.body.status.message).toBe('Unknown or revoked device key');
  });

  it('refuses a body over the limit with 413, announced or not', async () => {
    const big = JSON.stringify({
      readings: Array.from({ length: 400 }, (_, i) => ({ device: 'rpm-a1-1', ts: T0 + 7200 + i, data: { rpm: 1 } })),
    });
    expect(big.length).toBeGreaterThan(0.01 * 1024 * 1024);
    const announced = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1, 'content-type': 'application/json' },
      payload: big,
    });
    expect(announced.statusCode).toBe(413);
    expect(announced.json.status.message).toMatch(/larger than .* send fewer readings/);
    // chunked, without Content-Length: the reader stops at the limit
    const chunked = rawPost(port, {
      'x-device-key': w.keys.gatewayA1,
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    chunked.send(big);
    const answer = await chunked.answer;
    expect(answer.status).toBe(413);
    expect(answer.body.status.message).toMatch(/larger than/);
  });

  it('bounds the ingest requests in progress: 503 with Retry-After, and the slot comes back', async () => {
    const body = JSON.stringify({ readings: [{ device: 'rpm-a1-1', ts: T0 + 9000, data: { rpm: 5 } }] });
    const headers = {
      'x-device-key': w.keys.gatewayA1,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    // two requests announce a body and hold it back: the one admitted first keeps the only slot, the other is turned
    // away at once
    const slow = [rawPost(port, headers), rawPost(port, headers)];
    const first = await Promise.race(slow.map((s, i) => s.answer.then((a) => ({ i, a }))));
    expect(first.a.status).toBe(503);
    expect(first.a.headers['retry-after']).toBe('1');
    expect(first.a.body.status.message).toMatch(/busy/);
    const admitted = slow[1 - first.i];
    admitted.send(body);
    expect((await admitted.answer).status).toBe(200);
    slow[first.i].abort();
    const third = await post([{ device: 'rpm-a1-1', ts: T0 + 9120, data: { rpm: 5 } }]);
    expect(third.statusCode).toBe(200);
    expect(third.json.data.accepted).toBe(1);
  });
});

describe.each(dialects())('series and summary times on %s (issue 10)', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  it.each([
    ['/api/series/base/period/1767225600/99999999999999999999999', /end must be/],
    ['/api/series/base/last/2147483648/day', /before 1970/],
    ['/api/series/base/last/day/99999999999999', /duration/],
    ['/api/series/base/period/-5/1767225600', /start must be/],
    ['/api/series/base/period/2026-02-30T00:00:00Z/2026-03-02T00:00:00Z', /start must be/],
    ['/api/series/aggregated/gps/period/1767225600/1e300', /end must be/],
    ['/api/series/aggregated/gps/last/2147483648/day', /before 1970/],
    ['/api/summary/aggregated/period/1767225600/99999999999999999999999?devcMassId=1', /end must be/],
    ['/api/summary/combined/period/0/253402300800?devcMassId=1', /end must be/],
    ['/api/summary/aggregated/period/1767225600/1767312000?devcMassId=1&timezone=0x10', /timezone/],
  ])('%s → 400', async (url, message) => {
    const r = await t.call({ method: 'GET', url, token: w.adminA });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toMatch(message);
  });
});
