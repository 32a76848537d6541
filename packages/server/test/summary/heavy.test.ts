import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureHeavy, HEAVY_DEFAULTS, heavyPool, stopHeavy } from '../../src/modules/summary/heavy.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, type World } from './summary-world.ts';

/**
 * Statements on telemetry tables (raw and rollups) run by this thread's database drivers: better-sqlite3's statements
 * of the app's connection, pg's client queries (a worker thread loads its own copy of each driver, not counted here).
 */
function telemetryReads(t: TestApp) {
  const d = t.database;
  const spies =
    d.dialect === 'sqlite'
      ? (['all', 'get', 'iterate'] as const).map((m) =>
          vi.spyOn(Object.getPrototypeOf(d.sqlite.prepare('select 1')), m),
        )
      : [vi.spyOn(pg.Client.prototype, 'query')];
  const textOf = (self: unknown, arg: unknown) =>
    (self as { source?: string }).source ?? (typeof arg === 'string' ? arg : (arg as { text?: string })?.text);
  return {
    count: () =>
      spies
        .flatMap((spy) => spy.mock.calls.map((args, i) => textOf(spy.mock.contexts[i], args[0])))
        .filter((text) => /telemetry_/.test(String(text))).length,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/**
 * Issue 23: long and MINUTE summaries run in a worker thread with its own database connection (SQLite here in a file,
 * which a second connection can open; PostgreSQL as it is), so the HTTP loop keeps answering; the answer is the same
 * bytes as in-process.
 */
describe.each(dialects())('heavy summaries on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authentication: w.tenants.adminA } });
  // the world's three hours of 1-minute readings, as MINUTE buckets with details: 16 devices × 2 days of minutes
  const heavySummary = () =>
    `/api/summary/aggregated/period/${w.T0 - 86400}/${w.T0 + 86400}?devcMassId=${w.twinAe}&aggregatedUnit=MINUTE&showDetails=true`;
  const heavyCombined = () =>
    `/api/summary/combined/period/${w.T0 - 86400}/${w.T0 + 86400}?devcMassId=${w.twinAe}&aggregatedUnit=MINUTE&typesToGet[]=gps&typesToGet[]=rpm&typesToGet[]=flowmeter&typesToGet[]=ae&typesToGet[]=temperature`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { sqliteFile: true });
    w = await buildWorld(t);
  });
  afterAll(async () => {
    configureHeavy(HEAVY_DEFAULTS);
    await t?.close();
  });

  it('a summary through the worker and in-process: the same bytes', async () => {
    for (const url of [heavySummary(), heavyCombined()]) {
      configureHeavy({ inlineMaxRows: Number.POSITIVE_INFINITY });
      const inlineBefore = heavyPool(t.app).status().inline;
      const inline = await get(url);
      expect(heavyPool(t.app).status().inline).toBe(inlineBefore + 1);

      configureHeavy({ inlineMaxRows: 0 });
      const workerBefore = heavyPool(t.app).status().inWorker;
      const worker = await get(url);
      expect(heavyPool(t.app).status()).toMatchObject({ workers: true, answered: true, inWorker: workerBefore + 1 });

      expect(inline.statusCode).toBe(200);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toBe(inline.headers['content-type']);
      expect(worker.headers['cache-control']).toBe('no-store');
      expect(worker.body.length).toBeGreaterThan(100_000); // per-minute records: a real answer, not an empty one
      expect(worker.body).toBe(inline.body);
    }
  });

  it('while a heavy summary runs, /api/health answers first', async () => {
    // before issue 23 (SQLite): the summary ran on the HTTP loop to its end before health got a turn
    configureHeavy(HEAVY_DEFAULTS);
    const order: string[] = [];
    const summary = get(heavySummary()).then((r) => {
      order.push('summary');
      return r;
    });
    await new Promise((r) => setImmediate(r)); // the summary request has been taken up
    const health = get('/api/health').then((r) => {
      order.push('health');
      return r;
    });
    const [s, h] = await Promise.all([summary, health]);
    expect(s.statusCode).toBe(200);
    expect(h.statusCode).toBe(200);
    expect(order).toEqual(['health', 'summary']);
  });

  it("a heavy summary reads nothing through the HTTP loop's connection; a light one still does (in-process)", async () => {
    configureHeavy(HEAVY_DEFAULTS);
    const reads = telemetryReads(t);
    const count = reads.count;
    try {
      const heavy = await get(heavySummary());
      expect(heavy.statusCode).toBe(200);
      expect(heavy.json().data.details.length).toBeGreaterThan(0);
      expect(count()).toBe(0); // every telemetry read was the worker's, on its own connection

      const light = await get(
        `/api/summary/aggregated/period/${w.T0}/${w.T0 + 3600}?devcMassId=${w.twinAe}&aggregatedUnit=HOUR`,
      );
      expect(light.statusCode).toBe(200);
      expect(count()).toBeGreaterThan(0); // the spy sees the HTTP loop's reads
    } finally {
      reads.restore();
    }
  });

  it("a company's line is bounded: beyond it a 503 with Retry-After and a message; the others are answered", async () => {
    await stopHeavy(t.app); // a fresh pool with a line of one
    configureHeavy({ perTenant: 1, size: 1 });
    try {
      const answers = await Promise.all([get(heavySummary()), get(heavySummary()), get(heavySummary())]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 200, 503]); // one runs, one waits, the third is refused
      const refused = answers.find((a) => a.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().status.message).toMatch(
        /^Too many reports and long summaries of your company are waiting \(1\)/,
      );
    } finally {
      configureHeavy(HEAVY_DEFAULTS);
      await stopHeavy(t.app);
    }
  });
});
