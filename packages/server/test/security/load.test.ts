import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSY_MESSAGE,
  READ_SHED_FACTOR,
  routeClass,
  Semaphore,
  shedUnderLag,
  TurnBudget,
} from '../../src/http/load-shedding.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, twoTenants } from '../helpers/fixtures.ts';
import { SocketClient } from '../live/socket-client.ts';

const LOGIN = '/api/security/authentication/login';

describe('Semaphore', () => {
  it('holds at most `limit`, queues up to `queueLimit` in order, refuses beyond', async () => {
    const s = new Semaphore(2, 1);
    expect(await s.acquire()).toBe(true);
    expect(await s.acquire()).toBe(true);
    let third = false;
    const waiting = s.acquire().then((v) => {
      third = v;
    });
    expect(s.queued).toBe(1);
    expect(await s.acquire()).toBe(false); // queue full
    s.release(); // hands the slot to the waiting one
    await waiting;
    expect(third).toBe(true);
    expect(s.inUse).toBe(2);
    s.release();
    s.release();
    expect(s.inUse).toBe(0);
  });
});

describe('route classes', () => {
  it('sign-in, sign-out, status and health are essential; ingest apart; the rest is api', () => {
    expect(routeClass('/api/health')).toBe('essential');
    expect(routeClass('/api/security/authentication/login')).toBe('essential');
    expect(routeClass('/api/security/authentication/login?token=x')).toBe('essential');
    expect(routeClass('/api/security/authentication/logout')).toBe('essential');
    expect(routeClass('/api/ingest')).toBe('ingest');
    expect(routeClass('/api/master/asset')).toBe('api');
    expect(routeClass('/api/healthy')).toBe('api');
    expect(routeClass('/api/socket?ticket=x')).toBe('stream'); // held open: not a concurrency slot
    expect(routeClass('/api/socket/ticket')).toBe('api');
    expect(routeClass('/assets/index.js')).toBe('static');
  });
});

describe('requests started per turn of the event loop (issue 23)', () => {
  it('a turn starts at most perTurn requests; the rest start in the next turns, in order', async () => {
    const b = new TurnBudget(2);
    const started: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = b.acquire();
      if (wait) void wait.then(() => started.push(i));
      else started.push(i);
    }
    await Promise.resolve();
    expect(started).toEqual([0, 1]); // this turn
    expect(b.queued).toBe(3);
    await new Promise((r) => setImmediate(r)); // the budget's turn ends before this immediate: two more
    expect(started).toEqual([0, 1, 2, 3]);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(b.queued).toBe(0);
  });

  it('starts no request in a turn that took in a new connection, up to `acceptTurns` turns in a row', async () => {
    const turn = () => new Promise((r) => setImmediate(r));
    const b = new TurnBudget(1, 3);
    b.connectionAccepted(); // a burst of new clients is being taken in
    let started = false;
    const wait = b.acquire();
    expect(wait).toBeDefined();
    void wait?.then(() => {
      started = true;
    });
    b.connectionAccepted(); // and more arrive turn after turn
    await turn();
    expect(started).toBe(false);
    b.connectionAccepted();
    await turn();
    expect(started).toBe(false);
    b.connectionAccepted();
    await turn(); // the third turn in a row: no longer held
    await turn();
    expect(started).toBe(true);

    // a turn without a new connection grants at once
    const c = new TurnBudget(1, 3);
    c.connectionAccepted();
    let next = false;
    void c.acquire()?.then(() => {
      next = true;
    });
    await turn();
    await turn();
    expect(next).toBe(true);
  });
});

describe('shedding under event-loop lag (issue 23)', () => {
  it('ingest is shed first; reads only when the lag is severe; sign-in, health, sockets and files never', () => {
    const threshold = 250;
    expect(shedUnderLag('ingest', 251, threshold)).toBe(true);
    expect(shedUnderLag('api', 251, threshold)).toBe(false); // light reads keep being served
    expect(shedUnderLag('api', READ_SHED_FACTOR * threshold, threshold)).toBe(false);
    expect(shedUnderLag('api', READ_SHED_FACTOR * threshold + 1, threshold)).toBe(true);
    for (const cls of ['essential', 'stream', 'static'] as const) expect(shedUnderLag(cls, 1e6, threshold)).toBe(false);
    expect(shedUnderLag('ingest', 250, threshold)).toBe(false); // at the threshold: not lagging yet
    expect(shedUnderLag('ingest', 1e6, 0)).toBe(false); // 0 turns the check off
  });
});

/** Load shedding through the real app (SQLite: the limits live in the HTTP layer, not the database). */
describe('load shedding', () => {
  /** t: concurrency bounds only; lagging: event-loop check with a 1 ms threshold */
  let t: TestApp;
  let lagging: TestApp;
  let token: string;
  let laggingToken: string;
  const app = (env: Record<string, string>, keep: (token: string) => void) =>
    createTestApp('sqlite', {
      env,
      seed: async ({ db }) => {
        keep((await twoTenants(db, ['master_asset'])).adminA);
        await createUser(db, { userId: 'plain@a.test', username: 'plain', password: 'plain-Secret#1' });
      },
    });
  beforeAll(async () => {
    t = await app({ MAX_CONCURRENT_API: '1', MAX_QUEUED_API: '1', MAX_EVENT_LOOP_DELAY_MS: '0' }, (k) => {
      token = k;
    });
    lagging = await app({ MAX_EVENT_LOOP_DELAY_MS: '1' }, (k) => {
      laggingToken = k;
    });
  });
  afterAll(async () => {
    await t.close();
    await lagging.close();
  });

  const signIn = (a = t) =>
    a.call({ method: 'POST', url: LOGIN, payload: { username: 'plain', password: 'plain-Secret#1' } });

  it('beyond the concurrent + queued bound of a class: 503 with Retry-After and a message', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.call({ method: 'GET', url: '/api/master/asset', token })),
    );
    const codes = answers.map((a) => a.statusCode);
    // one worked on, one queued — both answered; the rest refused at once, not left waiting
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((a) => a.statusCode === 503);
    for (const b of busy) {
      expect(b.headers['retry-after']).toBe('5');
      expect(b.json.status.message).toBe(BUSY_MESSAGE);
    }
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    // the slots are given back: a later read is served
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token })).statusCode).toBe(200);
  });

  it('open live sockets hold no api slot: requests are still answered while more sockets than slots are open', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: SocketClient[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token });
        expect(r.statusCode).toBe(200);
        sockets.push(await SocketClient.open(base, r.json.data.ticket));
      }
      expect((await t.call({ method: 'GET', url: '/api/master/asset', token })).statusCode).toBe(200);
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('sign-in and health are not bounded by the api class', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => t.call({ method: 'GET', url: '/api/master/asset', token })),
      t.call({ method: 'GET', url: '/api/health' }),
      signIn(),
    ]);
    expect(answers.at(-2)?.statusCode).toBe(200);
    expect(answers.at(-1)?.statusCode).toBe(200);
  });

  it('while the event loop lags badly: reads and ingest get 503 + Retry-After, sign-in and health still answer', async () => {
    const usage = () => (lagging.app as unknown as { memoryUsage(): { eventLoopDelay: number } }).memoryUsage();
    // block the loop, then wait for the plugin's next sample to see the lag (threshold 1 ms; reads shed past 8 ms)
    for (let tries = 0; tries < 50 && usage().eventLoopDelay <= READ_SHED_FACTOR; tries++) {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        /* busy: the lag under test */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(usage().eventLoopDelay).toBeGreaterThan(READ_SHED_FACTOR);
    const read = await lagging.call({ method: 'GET', url: '/api/master/asset', token: laggingToken });
    const ingest = await lagging.call({ method: 'POST', url: '/api/ingest', payload: { readings: [] } });
    expect(ingest.statusCode).toBe(503);
    const health = await lagging.call({ method: 'GET', url: '/api/health' });
    const login = await signIn(lagging);
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json.status.message).toBe(BUSY_MESSAGE);
    expect(health.statusCode).toBe(200);
    expect(login.statusCode).toBe(200);
  });
});
