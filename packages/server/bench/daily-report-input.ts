import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import { seedBenchVessel } from './daily-report.ts';

/**
 * The inputs of the daily report render A/B (daily-report-ab.ts), made once: the bench vessel of daily-report.ts
 * seeded into a SQLite test app, and what the report worker is sent for its PDF (report.ts loadReport, v8-serialized
 * as the heavy pool sends it) for one day (HOUR, data tables, all 5 reports: 7 pages) and for 31 days (DAY).
 *
 *   npx tsx packages/server/bench/daily-report-input.ts <dir>
 *
 * writes <dir>/day.bin and <dir>/month.bin.
 */
const dir = resolve(process.argv[2] ?? 'daily-report-input');
mkdirSync(dir, { recursive: true });
const { bucketStart, REPORT_KEYS } = await import('@fleet/shared').then(async (s) => ({
  ...s,
  REPORT_KEYS: (await import('@fleet/shared/answers/daily-report.ts')).REPORT_KEYS,
}));
const { createTestApp } = await import('../test/helpers/app.ts');
const { twoTenants } = await import('../test/helpers/fixtures.ts');
const { loadVesselPlan } = await import('../src/modules/summary/summary-vessel.ts');
const { loadReport } = await import('../src/modules/daily-report/report.ts');
const t = await createTestApp('sqlite');
try {
  const tenants = await twoTenants(t.database.db, ['master_asset']);
  // a fixed end (a local midnight at +7) so that A and B draw the same dates
  const end = bucketStart(Number(process.env.AB_END ?? 1_780_000_000), 86400, 7);
  const v = await seedBenchVessel(t, tenants.compA1, end, 32);
  const plan = await loadVesselPlan(t.database.db, v.massId);
  if (!plan) throw new Error('no plan');
  const now = end + 3600;
  for (const [name, days, unit, dataTables] of [
    ['day', 1, 'HOUR', true],
    ['month', 31, 'DAY', false],
  ] as const) {
    const input = await loadReport(
      t.database,
      plan,
      { start: end - days * 86400, end, unit, tz: 7, reports: [...REPORT_KEYS], dataTables },
      now,
    );
    writeFileSync(join(dir, `${name}.bin`), serialize(input));
    console.log(`${name}: ${join(dir, `${name}.bin`)}`);
  }
} finally {
  await t.close();
}
