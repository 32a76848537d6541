import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReadings, type Reading, runSimulator, type SimulatorLog } from '../src/index.ts';
import { DAY, T0, twinWithAeMeter } from './fleet.ts';

/** A stand-in for POST /api/ingest with the contract of docs/api.md: per-record results, idempotent on (device, ts). */
function fakeIngest(key: string) {
  const store = new Map<string, Reading>();
  /** busy: the next this many batches are answered 503 with Retry-After: 1 (load shedding) */
  const state = { delayMs: 0, busy: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/api/ingest')
        return answer(404, { status: { error: 1, errorCode: 404, message: 'not found' } });
      if (state.busy > 0) {
        state.busy--;
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ status: { error: 1, errorCode: 503, message: 'The server is busy.' } }));
      }
      if (req.headers['x-device-key'] !== key)
        return answer(401, {
          status: { error: 1, errorCode: 401, message: 'Unknown or revoked device key' },
          data: null,
        });
      const { readings } = JSON.parse(Buffer.concat(chunks).toString()) as { readings: Reading[] };
      const results = readings.map((r, index) => {
        const id = `${r.device}@${r.ts}`;
        if (store.has(id)) return { index, status: 'duplicate' };
        store.set(id, r);
        return { index, status: 'accepted' };
      });
      const count = (s: string) => results.filter((r) => r.status === s).length;
      answer(200, {
        status: { error: 0, errorCode: 0, message: '' },
        data: { accepted: count('accepted'), duplicate: count('duplicate'), rejected: 0, results },
      });
    });
  });
  return { server, store, state };
}

const quiet: SimulatorLog & { warnings: string[] } = {
  warnings: [],
  info: () => undefined,
  warn(o, m) {
    this.warnings.push(String(m ?? o));
  },
  error(o, m) {
    this.warnings.push(String(m ?? o));
  },
};

describe('runSimulator against an ingest endpoint', () => {
  const spec = twinWithAeMeter();
  const gateway = spec.devices.find((d) => d.type === 'gateway')?.uniqueId as string;
  const { server, store, state } = fakeIngest('secret');
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const expected = (start: number, end: number, step = 60) =>
    new Set(
      [...generateReadings({ seed: 'demo', vessels: [spec], start, end, stepSeconds: step })]
        .flat()
        .map((r) => `${r.device}@${r.ts}`),
    );

  it('backfills the history, then on a later start sends only what is missing, then goes live every 10 s', async () => {
    // 1. empty server: a day of 1-minute history
    let now = T0 + 0.5 * 3600 + 17;
    const first = runSimulator({
      baseUrl,
      keys: { [gateway]: 'secret' },
      vessels: [spec],
      backfillDays: 1,
      live: false,
      now: () => now,
      log: quiet,
    });
    await first.backfilled;
    await first.stop();
    const day = expected(Math.floor((now - DAY) / 60) * 60, Math.floor(now / 60) * 60);
    expect(day.size).toBeGreaterThan(1440 * 15);
    expect(new Set(store.keys())).toEqual(day);
    expect(first.stats.rejected).toBe(0);

    // 2. three hours later: only the gap is sent (no re-sending of the day)
    const before = store.size;
    const resumedAt = now;
    now += 3 * 3600;
    const second = runSimulator({
      baseUrl,
      keys: { [gateway]: 'secret' },
      vessels: [spec],
      backfillDays: 1,
      live: false,
      now: () => now,
      log: quiet,
    });
    await second.backfilled;
    await second.stop();
    const gap = expected(Math.floor(resumedAt / 60) * 60, Math.floor(now / 60) * 60);
    expect(store.size - before).toBe(gap.size);
    for (const id of gap) expect(store.has(id)).toBe(true);
    expect(second.stats.accepted + second.stats.duplicate).toBeLessThan(gap.size * 1.05);

    // 3. live: the clock runs 200× faster; readings every 10 s follow the history without a gap
    const realStart = Date.now();
    const liveFrom = now;
    const clock = () => liveFrom + ((Date.now() - realStart) / 1000) * 200;
    const live = runSimulator({
      baseUrl,
      keys: { [gateway]: 'secret' },
      vessels: [spec],
      backfillDays: 1,
      liveIntervalMs: 50,
      now: clock,
      log: quiet,
    });
    await live.backfilled;
    await new Promise((r) => setTimeout(r, 1500));
    await live.stop();
    const liveEnd = Math.floor(clock() / 10) * 10 - 60;
    const tenSecond = expected(Math.floor(liveFrom / 60) * 60 + 1, liveEnd, 10);
    expect(tenSecond.size).toBeGreaterThan(100);
    const missing = [...tenSecond].filter((id) => !store.has(id));
    expect(missing).toEqual([]);
    expect(quiet.warnings).toEqual([]);
  }, 120_000);

  it('stop() ends the backfill: nothing is sent afterwards', async () => {
    state.delayMs = 100;
    const handle = runSimulator({
      baseUrl,
      keys: { [gateway]: 'secret' },
      vessels: [spec],
      backfillDays: 20,
      now: () => T0 + 40 * DAY,
      batchSize: 500,
      log: quiet,
    });
    while (handle.stats.requests < 3) await new Promise((r) => setTimeout(r, 20));
    await handle.stop();
    const sent = handle.stats.requests;
    await new Promise((r) => setTimeout(r, 400));
    state.delayMs = 0;
    expect(handle.stats.requests).toBe(sent);
    // 20 days at ~20 readings a minute in batches of 500 would take over a thousand requests
    expect(handle.stats.requests).toBeLessThan(100);
  }, 60_000);

  it('waits for a busy server (503 + Retry-After) as asked, quietly, and still sends the whole history', async () => {
    const lines: { level: string; msg: string }[] = [];
    const log: SimulatorLog = {
      info: (o, m) => lines.push({ level: 'info', msg: String(m ?? o) }),
      warn: (o, m) => lines.push({ level: 'warn', msg: String(m ?? o) }),
      error: (o, m) => lines.push({ level: 'error', msg: String(m ?? o) }),
    };
    const now = T0 + 60 * DAY + 0.25 * 3600;
    state.busy = 3; // the first probe and two more answers are shed
    const handle = runSimulator({
      baseUrl,
      keys: { [gateway]: 'secret' },
      vessels: [spec],
      backfillDays: 0.25,
      live: false,
      now: () => now,
      log,
    });
    await handle.backfilled;
    await handle.stop();
    const window = expected(Math.floor((now - 0.25 * DAY) / 60) * 60, Math.floor(now / 60) * 60);
    for (const id of window) expect(store.has(id)).toBe(true);
    expect(handle.stats).toMatchObject({ busy: 3, errors: 0, failures: 0 });
    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
    expect(lines.filter((l) => /busy/.test(l.msg))).toHaveLength(1);
  }, 60_000);

  it('skips a vessel whose gateway has no key, and says so', async () => {
    const log = { ...quiet, warnings: [] as string[] };
    const handle = runSimulator({
      baseUrl,
      keys: {},
      vessels: [spec],
      backfillDays: 1,
      live: false,
      now: () => T0,
      log,
    });
    await handle.backfilled;
    await handle.stop();
    expect(handle.stats.requests).toBe(0);
    expect(log.warnings.join()).toMatch(/no ingest key/);
  });

  it("a refused key fails the vessel's backfill with the server's message", async () => {
    const log = { ...quiet, warnings: [] as string[] };
    const handle = runSimulator({
      baseUrl,
      keys: { [gateway]: 'wrong' },
      vessels: [spec],
      backfillDays: 1,
      live: false,
      now: () => T0 + 5 * DAY,
      log,
    });
    await handle.backfilled;
    await handle.stop();
    expect(handle.stats.errors).toBe(1);
    expect(log.warnings.join()).toMatch(/backfill of this vessel failed/);
  });
});
