/**
 * Bench additions of the report screens (issue 14), called from run.ts once per engine: the calls the web app
 * makes, in sequence, timed together.
 * - FMS dashboard, one vessel, today: the asset list, the summary at HOUR with details, the pulse of the vessel's
 *   devices (target: total p50 ≤ 150 ms);
 * - Report Summary, one vessel, 30 days: the asset list and the summary at HOUR with details (target ≤ 300 ms).
 */
interface Timing {
  label: string;
  p50: number;
  p95: number;
  cpuMs: number;
}

export const REPORT_TARGETS = { dashboardToday: 150, reportSummary30: 300 };

export async function benchReports(o: {
  base: string;
  token: string;
  vessel: { massId: number; devices: { uid: string }[] };
  /** end of the data set (epoch seconds) */
  end: number;
  timed: (label: string, fn: () => Promise<void>) => Promise<Timing>;
  getJson: (base: string, token: string, path: string) => Promise<unknown>;
}): Promise<{ dashboardToday: Timing; reportSummary30: Timing }> {
  const { base, token, vessel, end, timed, getJson } = o;
  const get = (path: string) => getJson(base, token, path);
  const todayStart = end - 86400;
  const devices = vessel.devices.map((d) => `device[]=${encodeURIComponent(d.uid)}`).join('&');
  const assets = '/api/master/asset?max=1000&orders[massName]=asc';
  const summary = (start: number) =>
    `/api/summary/aggregated/period/${start}/${end}?devcMassId=${vessel.massId}&aggregatedUnit=HOUR&timezone=7&showDetails=true`;

  const dashboardToday = await timed('FMS dashboard calls, one vessel, today', async () => {
    await get(assets);
    await get(summary(todayStart));
    await get(`/api/series/device/all/pulse?${devices}`);
  });
  const reportSummary30 = await timed('Report Summary calls, one vessel, 30 days', async () => {
    await get(assets);
    await get(summary(end - 30 * 86400));
  });
  for (const [t, target] of [
    [dashboardToday, REPORT_TARGETS.dashboardToday],
    [reportSummary30, REPORT_TARGETS.reportSummary30],
  ] as const) {
    console.log(
      `${t.label}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, server CPU ${t.cpuMs.toFixed(1)} ms/request` +
        ` (target p50 ≤ ${target} ms ${t.p50 <= target ? '✓' : '✗'})`,
    );
  }
  return { dashboardToday, reportSummary30 };
}
