import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportTask } from '../../src/modules/daily-report/report-task.ts';
import {
  configureHeavy,
  HEAVY_DEFAULTS,
  heavyOptions,
  heavyPool,
  runInPool,
  stopHeavy,
} from '../../src/modules/summary/heavy.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';
import { pageCount } from './pdf-tools.ts';

const ALL = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'];

/**
 * Reports are summarised and drawn in the heavy pool's worker thread (issue 29; before, a report worker of its own):
 * the worker stops when idle so its memory returns and starts again for the next report; reports at once share it;
 * a report past its heap limit gets a clear error and the worker starts again for the next one. SQLite in a file:
 * a worker opens its own connection.
 */
describe.each(dialects())('reports in the heavy worker on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const print = async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${w.T0}/${w.T0 + 86400}?devcMassId=${w.twinAe}&aggregatedUnit=HOUR&aggregatedLength=1&${ALL.map((k) => `reports[]=${k}`).join('&')}&dataTables=true`,
      headers: { authentication: w.tenants.adminA },
    });
    return { status: r.statusCode, body: r.rawPayload, json: () => r.json() };
  };
  const status = () => heavyPool(t.app).status();

  beforeAll(async () => {
    t = await createTestApp(dialect, { sqliteFile: true });
    w = await buildWorld(t);
  });
  afterAll(async () => {
    configureHeavy(HEAVY_DEFAULTS);
    await t?.close();
  });

  it('stops after the idle time and starts again for the next report; reports at once share one worker', async () => {
    await stopHeavy(t.app);
    configureHeavy({ idleMs: 30, size: 1 });
    const before = status();
    const first = await print();
    expect(first.status).toBe(200);
    expect(pageCount(first.body)).toBe(7);
    expect(status().starts).toBe(before.starts + 1);
    await vi.waitFor(() => expect(status().started).toBe(0), { timeout: 20_000, interval: 20 });
    expect(status().idleStops).toBe(before.idleStops + 1);

    configureHeavy({ idleMs: 60_000 }); // no idle stop between the next calls
    await stopHeavy(t.app); // a pool with the new idle time
    const again = await Promise.all([print(), print(), print()]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const r of again) expect(pageCount(r.body)).toBe(7);
    const after = status();
    expect(after.starts).toBe(1); // one worker, for all three
    expect(after.started).toBe(1);
    expect(after).toMatchObject({ workers: true, answered: true, inWorker: 3, inline: 0 });
  });

  it('a report that cannot be sent to the worker fails alone; the reports queued after it are drawn', async () => {
    const bad = runInPool(t.database, '', reportTask, { plan: { massId: w.twinAe }, now: () => 0 } as never);
    const good = print();
    await expect(bad).rejects.toThrow(/could not be cloned/);
    expect((await good).status).toBe(200);
  });

  it('a report past the worker heap limit: 503 with a clear message, and the next report is drawn', async () => {
    await stopHeavy(t.app);
    configureHeavy({ heapMb: 4, youngMb: 1 });
    const before = status();
    const r = await print();
    expect(r.status).toBe(503);
    expect(r.json().status.message).toMatch(/^This request needs more memory than a report worker may use \(4 MB\)/);
    expect(status().outOfMemory).toBe(before.outOfMemory + 1);
    expect(status().workers).toBe(true); // not mistaken for a runtime without worker threads

    configureHeavy(HEAVY_DEFAULTS);
    await stopHeavy(t.app); // a pool with the default limits
    const next = await print();
    expect(next.status).toBe(200);
    expect(pageCount(next.body)).toBe(7);
  });
});

describe('REPORT_WORKER_* since the heavy worker draws the reports', () => {
  it('each is a floor of its HEAVY_WORKER_* limit, never lowering it', () => {
    try {
      configureHeavy({ heapMb: 128, youngMb: 16, idleMs: 1000 }, { heapMb: 200, youngMb: 8, idleMs: 60_000 });
      expect(heavyOptions()).toMatchObject({ heapMb: 200, youngMb: 16, idleMs: 60_000 });
      configureHeavy(HEAVY_DEFAULTS, {});
      expect(heavyOptions()).toMatchObject({ heapMb: 256, youngMb: 16, idleMs: 60_000 });
    } finally {
      configureHeavy(HEAVY_DEFAULTS);
    }
  });
});
