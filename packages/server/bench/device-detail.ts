import { bucketLength, deviceDetailQuery } from '@fleet/shared/device-detail.ts';

/**
 * Device Log Detail's data (issue 12): a flow meter's 30 days at the auto interval — the Last 30 Days preset's DAY
 * buckets with the screen's functions (docs/domain.md §22) — timed from the client side like the other reads.
 * Called from run.ts with the running server; prints its line, target p50 ≤ 50 ms.
 */
export const DEVICE_DETAIL_TARGET_MS = 50;

type Timed = (label: string, fn: () => Promise<void>) => Promise<{ p50: number; p95: number; cpuMs: number }>;

export async function benchDeviceDetail(opts: {
  engine: string;
  base: string;
  token: string;
  devices: { uid: string; type: string }[];
  end: number;
  timed: Timed;
}) {
  const meter = opts.devices.find((d) => d.type === 'flowmeter');
  if (!meter) {
    console.log(`${opts.engine}: device detail skipped — the first vessel has no flow meter`);
    return null;
  }
  const start = opts.end - 30 * 86400;
  const query = deviceDetailQuery('flowmeter', meter.uid, start, opts.end, 'DAY', 7);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, String(x));
  const path = `/api/series/aggregated/flowmeter/period/${start}/${opts.end}?${qs}`;
  let rows = 0;
  const t = await opts.timed('device detail, flow meter, 30 days', async () => {
    const res = await fetch(opts.base + path, { headers: { authentication: opts.token } });
    const body = (await res.json()) as { status: unknown; data: { count: number } };
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body.status)}`);
    rows = body.data.count;
  });
  const ok = t.p50 <= DEVICE_DETAIL_TARGET_MS;
  console.log(
    `${opts.engine}: device detail (flow meter ${meter.uid}, 30 days at DAY × ${bucketLength(start, opts.end, 'DAY')}, ${rows} points): ` +
      `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms; server CPU ${t.cpuMs.toFixed(2)} ms/request — target p50 ≤ ${DEVICE_DETAIL_TARGET_MS} ms ${ok ? '✓' : '✗'}`,
  );
  return { ...t, rows, ok };
}
