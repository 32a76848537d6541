import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heavyPool } from '../../src/modules/summary/heavy.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';

// the summariser, watched: a refused report must not have been summarised at all (in-process: SQLite in memory, where
// no heavy worker can start; in a heavy worker, PostgreSQL: counted by the pool), and a refusal happens before any
// path is chosen
const summarised = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/modules/summary/summary-load.ts', async (original) => {
  const m = await original<typeof import('../../src/modules/summary/summary-load.ts')>();
  return {
    ...m,
    loadPeriod: (...args: Parameters<typeof m.loadPeriod>) => {
      summarised.calls++;
      return m.loadPeriod(...args);
    },
  };
});

const ALL = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'];

/**
 * Issue 23 / docs/domain.md §36: a report too large for the report worker is refused at once with what to change —
 * before anything is summarised (it used to be summarised for up to 84 s, then fail).
 */
describe.each(dialects())('report size on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const pages = (start: number, end: number, unit: string) =>
    t.call({
      method: 'GET',
      url: `/api/reports/report/pages/period/${start}/${end}?devcMassId=${w.twinAe}&aggregatedUnit=${unit}&${ALL.map((k) => `reports[]=${k}`).join('&')}`,
      token: w.tenants.adminA,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());
  /** reports summarised so far, in-process and in a heavy worker */
  const summaries = () => summarised.calls + heavyPool(t.app).status().inWorker;

  it('a 2-day MINUTE report (14 devices): 400 with the estimate and the limit, nothing summarised', async () => {
    // what the report worker ran out of memory on (96 MB) in the load bench, after summarising it
    const start = w.T0 - 86400;
    const before = summaries();
    const r = await pages(start, start + 2 * 86400, 'MINUTE');
    expect(r.statusCode).toBe(400);
    expect(r.json.status).toMatchObject({ error: 1, errorCode: 400 });
    expect(r.json.status.message).toMatch(
      /^This report would draw about 43,200 data points \(14 devices × MINUTE buckets\); a report holds at most 36,000\. Choose a shorter period or a longer unit \(HOUR or DAY\)\.$/,
    );
    expect(summaries()).toBe(before);
  });

  it('the same period at HOUR is drawn (and summarised: the watch sees it)', async () => {
    const start = w.T0 - 86400;
    const before = summaries();
    const r = await pages(start, start + 2 * 86400, 'HOUR');
    expect(r.statusCode).toBe(200);
    expect(summaries()).toBeGreaterThan(before);
  });
});
