import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  configureRenderPool,
  drawPdf,
  RENDER_POOL_DEFAULTS,
  renderWorkerStatus,
  stopRenderWorker,
} from '../../src/modules/daily-report/render-pool.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';
import { pageCount } from './pdf-tools.ts';

const ALL = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'];

/**
 * The report worker's life (issue 15 memory): it stops when idle so its memory returns and starts again for the next
 * report; a report past its heap limit gets a clear error and the worker starts again for the next one.
 */
describe.each(dialects())('report worker on %s', (dialect) => {
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

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => {
    configureRenderPool(RENDER_POOL_DEFAULTS);
    await stopRenderWorker();
    await t?.close();
  });

  it('stops after the idle time and starts again for the next report; reports at once share one worker', async () => {
    await stopRenderWorker();
    configureRenderPool({ idleMs: 30 });
    const before = renderWorkerStatus();
    const first = await print();
    expect(first.status).toBe(200);
    expect(pageCount(first.body)).toBe(7);
    expect(renderWorkerStatus().starts).toBe(before.starts + 1);
    await vi.waitFor(() => expect(renderWorkerStatus().running).toBe(false), { timeout: 20_000, interval: 20 });
    expect(renderWorkerStatus().idleStops).toBe(before.idleStops + 1);

    configureRenderPool({ idleMs: 60_000 }); // no idle stop between the next calls
    const again = await Promise.all([print(), print(), print()]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const r of again) expect(pageCount(r.body)).toBe(7);
    const after = renderWorkerStatus();
    expect(after.starts).toBe(before.starts + 2); // started once more, for all three
    expect(after.running).toBe(true);
    expect(after).toMatchObject({ answered: true, broken: false });
  });

  it('an input the worker cannot be sent fails alone; the reports queued after it are drawn', async () => {
    const bad = drawPdf({ now: () => 0 } as unknown as Parameters<typeof drawPdf>[0]);
    const good = print();
    await expect(bad).rejects.toThrow(/could not be cloned/);
    expect((await good).status).toBe(200);
  });

  it('a report past the worker heap limit: 503 with a clear message, and the next report is drawn', async () => {
    await stopRenderWorker();
    configureRenderPool({ maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 });
    const before = renderWorkerStatus();
    const r = await print();
    expect(r.status).toBe(503);
    expect(r.json().status.message).toMatch(/^This report needs more memory than the report worker may use \(4 MB\)/);
    expect(renderWorkerStatus().outOfMemory).toBe(before.outOfMemory + 1);
    expect(renderWorkerStatus().broken).toBe(false); // not mistaken for a runtime without worker threads

    configureRenderPool(RENDER_POOL_DEFAULTS);
    const next = await print();
    expect(next.status).toBe(200);
    expect(pageCount(next.body)).toBe(7);
    expect(renderWorkerStatus().starts).toBe(before.starts + 2);
  });
});
