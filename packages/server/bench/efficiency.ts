/**
 * Issue 30's fleet efficiency figures, called from run.ts once per engine while the server runs, on the bench data
 * set (BENCH_VESSELS vessels, BENCH_DAYS days ending at `end`): GET /api/efficiency/fleet/period for every vessel over
 * the last 30 days (target p50 ≤ 300 ms) and over the last 365 days (target ≤ 1 s; the data set holds BENCH_DAYS of
 * them), and one vessel's 12-month trend (no target). Each line prints the server's CPU per request beside the wall
 * time. Figures are printed.
 */
interface Timing {
  label: string;
  p50: number;
  p95: number;
  cpuMs: number;
}

export const EFFICIENCY_TARGETS = { fleet30: 300, fleet365: 1000 };

export async function benchEfficiency(o: {
  base: string;
  token: string;
  vessel: { massId: number };
  /** end of the data set (epoch seconds, a UTC midnight) */
  end: number;
  timed: (label: string, fn: () => Promise<void>) => Promise<Timing>;
  getJson: (base: string, token: string, path: string) => Promise<unknown>;
}): Promise<{ fleet30: Timing; fleet365: Timing; trend12: Timing }> {
  const { base, token, end, timed, getJson } = o;
  // whole +7 days, as the screen asks them (docs/domain.md §1)
  const last = end - 7 * 3600;
  const fleet = (days: number) => `/api/efficiency/fleet/period/${last - days * 86400}/${last}`;
  const rows = ((await getJson(base, token, fleet(30))) as { data: { rows: unknown[] } }).data.rows.length;
  const fleet30 = await timed(`Fleet efficiency, ${rows} vessels, 30 days`, async () => {
    await getJson(base, token, fleet(30));
  });
  const fleet365 = await timed(`Fleet efficiency, ${rows} vessels, 365 days`, async () => {
    await getJson(base, token, fleet(365));
  });
  const trend12 = await timed('Monthly trend, one vessel, 12 months', async () => {
    await getJson(base, token, `/api/efficiency/${o.vessel.massId}/trend?months=12`);
  });
  for (const [t, target] of [
    [fleet30, EFFICIENCY_TARGETS.fleet30],
    [fleet365, EFFICIENCY_TARGETS.fleet365],
    [trend12, null],
  ] as const)
    console.log(
      `${t.label}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, server CPU ${t.cpuMs.toFixed(1)} ms/request` +
        (target === null ? '' : ` (target p50 ≤ ${target} ms ${t.p50 <= target ? '✓' : '✗'})`),
    );
  return { fleet30, fleet365, trend12 };
}
