import { pathToFileURL } from 'node:url';
import { memoryOf, timeIt } from './measure.ts';

/**
 * Bench of the daily report PDF (issue 15): a 7-page one-day PDF (target p50 ≤ 1 s server time, ≤ 2 MB), a 31-day
 * PDF (p50 ≤ 3 s), and the server's memory while 4 reports are made at once (the server must stay within its heap
 * budget: it runs with --max-old-space-size, so going past it would end the process).
 * `benchDailyReport` is called by run.ts against its bench server over HTTP; run alone
 * (`npx tsx packages/server/bench/daily-report.ts`) it seeds one twin-engine vessel with 31 days of 1-minute
 * readings into an in-process server and times the same calls there.
 */
export const DAILY_REPORT_TARGETS = { oneDayMs: 1000, oneDayMb: 2, monthMs: 3000 };
export const ALL_REPORTS = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage']
  .map((k) => `reports[]=${k}`)
  .join('&');

export type PdfCall = (path: string) => Promise<{ status: number; bytes: number; pages: number }>;

export interface DailyReportResult {
  oneDay: { p50: number; p95: number; mb: number; pages: number };
  month: { p50: number; p95: number; mb: number; pages: number };
  concurrent: { ms: number; peakRssMb: number; ok: number };
  /** the first report (it starts the worker: isolate, modules, land index) */
  firstMs: number;
  /** server RSS before the first report, after the 4 at once, and after the worker's idle stop (alone mode) */
  rssMb: { before: number; after: number; idle?: number };
}

/** Pages of a PDF from its page objects. */
export const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;

export async function benchDailyReport(o: {
  call: PdfCall;
  massId: number;
  /** end of the data (epoch seconds, a local midnight) */
  end: number;
  /** the server's process id, for its memory */
  serverPid: number;
  runs?: number;
  /** waits until the report worker stopped for being idle (alone mode: in-process server) */
  idle?: () => Promise<void>;
}): Promise<DailyReportResult> {
  const runs = o.runs ?? Number(process.env.BENCH_PDF_RUNS ?? 10);
  const path = (start: number, end: number, tables: boolean) =>
    `/api/reports/report/print/period/${start}/${end}?devcMassId=${o.massId}&aggregatedUnit=HOUR&aggregatedLength=1&${ALL_REPORTS}${tables ? '&dataTables=true' : ''}`;
  let firstMs = 0;
  const time = async (p: string) => {
    const t0 = performance.now();
    const first = await o.call(p); // warm-up: fonts, land index, JIT
    firstMs ||= performance.now() - t0;
    if (first.status !== 200) throw new Error(`${p} answered ${first.status}`);
    let last = first;
    const { p50, p95 } = await timeIt(
      async () => {
        last = await o.call(p);
      },
      { warmup: 0, runs },
    );
    return { p50, p95, mb: last.bytes / 1e6, pages: last.pages };
  };
  const day = o.end - 86400;
  const before = memoryOf(o.serverPid).nowMb;
  const oneDay = await time(path(day, o.end, true));
  const month = await time(path(o.end - 31 * 86400, o.end, false));

  // 4 reports at once (4 different days), sampling the server's RSS
  let peakRssMb = memoryOf(o.serverPid).nowMb;
  const timer = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, memoryOf(o.serverPid).nowMb);
  }, 20);
  const t0 = performance.now();
  const answers = await Promise.all(
    [1, 2, 3, 4].map((k) => o.call(path(o.end - (k + 1) * 86400, o.end - k * 86400, true))),
  );
  const ms = performance.now() - t0;
  clearInterval(timer);
  const after = memoryOf(o.serverPid).nowMb;
  peakRssMb = Math.max(peakRssMb, after);
  let idle: number | undefined;
  if (o.idle) {
    await o.idle();
    await new Promise((r) => setTimeout(r, 500));
    idle = memoryOf(o.serverPid).nowMb;
  }
  const result = {
    oneDay,
    month,
    concurrent: { ms, peakRssMb, ok: answers.filter((a) => a.status === 200).length },
    firstMs,
    rssMb: { before, after, idle },
  };
  const t = DAILY_REPORT_TARGETS;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  console.log(
    `Daily report PDF, one day (${oneDay.pages} pages, tables): p50 ${oneDay.p50.toFixed(0)} ms, p95 ${oneDay.p95.toFixed(0)} ms, ${oneDay.mb.toFixed(2)} MB` +
      ` (target p50 ≤ ${t.oneDayMs} ms ${mark(oneDay.p50 <= t.oneDayMs)}, ≤ ${t.oneDayMb} MB ${mark(oneDay.mb <= t.oneDayMb)})`,
  );
  console.log(
    `Daily report PDF, 31 days (${month.pages} pages): p50 ${month.p50.toFixed(0)} ms, p95 ${month.p95.toFixed(0)} ms, ${month.mb.toFixed(2)} MB` +
      ` (target p50 ≤ ${t.monthMs} ms ${mark(month.p50 <= t.monthMs)})`,
  );
  console.log(
    `Daily report PDF, 4 at once: ${result.concurrent.ok}/4 answered in ${ms.toFixed(0)} ms; server RSS peak ${peakRssMb.toFixed(0)} MB`,
  );
  console.log(
    `Daily report PDF, first report (starts the worker) ${firstMs.toFixed(0)} ms; server RSS ${before.toFixed(0)} MB before the reports, ${after.toFixed(0)} MB after` +
      (idle === undefined ? '' : `, ${idle.toFixed(0)} MB after the worker's idle stop`),
  );
  return result;
}

/**
 * Seeds one twin-engine vessel ('KM Bench Twin') with `days` days of 1-minute readings ending at `end` into a test
 * app (alone mode here; daily-report-input.ts for the render A/B).
 */
export async function seedBenchVessel(
  t: import('../test/helpers/app.ts').TestApp,
  company: number,
  end: number,
  days: number,
) {
  const { configRpm, send, series, vessel } = await import('../test/summary/summary-world.ts');
  const start = end - days * 86400;
  const n = days * 1440;
  const v = await vessel(t, company, 'KM Bench Twin');
  await v.add('b-gps', 'gps', null);
  await configRpm(t, await v.add('b-rpm-1', 'rpm', 'PORT'), 'PORT', 300);
  await configRpm(t, await v.add('b-rpm-3', 'rpm', 'STARBOARD'), 'STARBOARD', 300);
  for (const ae of ['AE1', 'AE2', 'AE3']) await v.add(`b-${ae}`, 'ae', ae);
  for (const l of ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'])
    await v.add(`b-${l}`, 'flowmeter', l);
  const t0 = performance.now();
  const on = (i: number) => i % 1440 > 300 && i % 1440 < 1200; // sails 05:00–20:00
  // a coastal run along the north of Java and back, each day
  const lon = (i: number) => 106.8 + 0.6 * Math.sin((Math.PI * (i % 1440)) / 1440);
  for (let d = 0; d < days; d++) {
    const from = start + d * 86400;
    const k = (i: number) => d * 1440 + i;
    await send(t, v.key, [
      ...series('b-gps', from, 1440, (i) => ({
        latitude: -5.9 - 0.05 * Math.sin(i / 90),
        longitude: lon(i),
        speed: on(i) ? 18 : 0.5,
        track: 90,
      })),
      ...series('b-rpm-1', from, 1440, (i) => ({ rpm: on(i) ? 1200 + (i % 37) : 0 })),
      ...series('b-rpm-3', from, 1440, (i) => ({ rpm: on(i) ? 1180 + (i % 29) : 0 })),
      ...series('b-AE1', from, 1440, () => ({ rpm: 1500, running: 1 })),
      ...series('b-AE2', from, 1440, (i) => ({ rpm: on(i) ? 1500 : 0, running: on(i) ? 1 : 0 })),
      ...series('b-AE3', from, 1440, () => ({ rpm: 0, running: 0 })),
      ...series('b-PORT_IN', from, 1440, (i) => ({
        volumeInventory: 1e5 + 2 * k(i),
        volumeFlowrate: 120,
        density: 850,
        temperature: 40,
      })),
      ...series('b-PORT_OUT', from, 1440, (i) => ({ volumeInventory: 5e4 + 0.5 * k(i), volumeFlowrate: 30 })),
      ...series('b-STARBOARD_IN', from, 1440, (i) => ({
        volumeInventory: 2e5 + 2.1 * k(i),
        volumeFlowrate: 126,
        density: 848,
        temperature: 41,
      })),
      ...series('b-STARBOARD_OUT', from, 1440, (i) => ({ volumeInventory: 7e4 + 0.5 * k(i), volumeFlowrate: 30 })),
      ...series('b-AE_IN', from, 1440, (i) => ({ volumeInventory: 3e4 + k(i) * 0.4, volumeFlowrate: 24 })),
      ...series('b-AE_OUT', from, 1440, (i) => ({ volumeInventory: 1e4 + k(i) * 0.1, volumeFlowrate: 6 })),
    ]);
  }
  console.log(`seeded ${(12 * n).toLocaleString('en')} readings in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return v;
}

/** Alone: an in-process server with one twin-engine vessel and 31 days of 1-minute readings. */
async function main() {
  const { bucketStart } = await import('@fleet/shared');
  const { createTestApp } = await import('../test/helpers/app.ts');
  const { twoTenants } = await import('../test/helpers/fixtures.ts');
  // in a file: a heavy worker opens its own connection (SQLite in memory would keep every report in-process)
  const t = await createTestApp('sqlite', { sqliteFile: true });
  try {
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    const end = bucketStart(Math.floor(Date.now() / 1000), 86400, 7);
    const v = await seedBenchVessel(t, tenants.compA1, end, 32);
    const call: PdfCall = async (path) => {
      const r = await t.app.inject({ method: 'GET', url: path, headers: { authentication: tenants.adminA } });
      return { status: r.statusCode, bytes: r.rawPayload.length, pages: pagesOf(r.rawPayload) };
    };
    // reports are summarised and drawn in the heavy pool's workers (issue 29)
    const heavy = await import('../src/modules/summary/heavy.ts');
    heavy.configureHeavy({ idleMs: Number(process.env.BENCH_PDF_IDLE_MS ?? 3000) });
    const idle = async () => {
      while (heavy.heavyPool(t.app).status().started) await new Promise((r) => setTimeout(r, 100));
    };
    await benchDailyReport({ call, massId: v.massId, end, serverPid: process.pid, idle });
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
