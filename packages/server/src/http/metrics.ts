import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

/**
 * Prometheus metrics (docs/operations.md "Monitoring"): a small registry and the text exposition format 0.0.4, no
 * client library. Modules push their numbers here (counters as things happen; gauges through a collector called at
 * each scrape), so GET /metrics knows no module.
 */
type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const keys = Object.keys(labels);
  return keys.length ? `{${keys.map((k) => `${k}="${escapeLabel(labels[k])}"`).join(',')}}` : '';
};
const numberText = (n: number) =>
  Number.isNaN(n) ? 'NaN' : n === Number.POSITIVE_INFINITY ? '+Inf' : n === Number.NEGATIVE_INFINITY ? '-Inf' : `${n}`;
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  abstract lines(): string[];
  text(): string {
    return [`# HELP ${this.name} ${this.help.replace(/\n/g, ' ')}`, `# TYPE ${this.name} ${this.type}`, ...this.lines()]
      .join('\n')
      .concat('\n');
  }
}

class Series extends Metric {
  protected readonly values = new Map<string, { labels: Labels; value: number }>();
  protected entry(labels: Labels) {
    const k = keyOf(labels);
    let e = this.values.get(k);
    if (!e) {
      e = { labels, value: 0 };
      this.values.set(k, e);
    }
    return e;
  }
  /** The value of one series (tests). */
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }
  lines() {
    return [...this.values.values()].map((e) => `${this.name}${labelText(e.labels)} ${numberText(e.value)}`);
  }
}

export class Counter extends Series {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1) {
    if (by > 0) this.entry(labels).value += by;
  }
}

export class Gauge extends Series {
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  set(labels: Labels, value: number) {
    this.entry(labels).value = value;
  }
}

export class Histogram extends Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    name: string,
    help: string,
    readonly buckets: readonly number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(labels: Labels, value: number) {
    const k = keyOf(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i]++;
    s.sum += value;
    s.count++;
  }
  /** Observations of one series (tests). */
  count(labels: Labels): number {
    return this.series.get(keyOf(labels))?.count ?? 0;
  }
  lines() {
    const out: string[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => {
        out.push(`${this.name}_bucket${labelText({ ...s.labels, le: numberText(b) })} ${s.counts[i]}`);
      });
      out.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      out.push(`${this.name}_sum${labelText(s.labels)} ${numberText(s.sum)}`);
      out.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return out;
  }
}

/** Called at each scrape to set gauges from the state of a module; may be async (a database count). */
export type Collector = () => void | Promise<void>;

export class Registry {
  private readonly metrics: Metric[] = [];
  private readonly collectors = new Set<Collector>();

  counter(name: string, help: string) {
    return this.add(new Counter(name, help));
  }
  gauge(name: string, help: string) {
    return this.add(new Gauge(name, help));
  }
  histogram(name: string, help: string, buckets: readonly number[]) {
    return this.add(new Histogram(name, help, buckets));
  }
  private add<M extends Metric>(m: M): M {
    if (this.metrics.some((x) => x.name === m.name)) throw new Error(`metric ${m.name} registered twice`);
    this.metrics.push(m);
    return m;
  }

  /** Adds a collector; the function returned removes it (a module's onClose). */
  collect(c: Collector): () => void {
    this.collectors.add(c);
    return () => this.collectors.delete(c);
  }

  /** The exposition text: every collector run (a failing one leaves its gauges as they were), then every metric. */
  async text(): Promise<string> {
    await Promise.allSettled([...this.collectors].map(async (c) => c()));
    return this.metrics.map((m) => m.text()).join('');
  }
}

/** The process's registry (one server process, one app). */
export const metrics = new Registry();

// ---- what the modules count -------------------------------------------------------------------------------------

export type IngestSource = 'http' | 'mqtt' | 'teltonika' | 'simulator';
export const ingestReadingsTotal = metrics.counter(
  'fleet_ingest_readings_total',
  'Readings received, by ingest path (source) and outcome (accepted, duplicate, rejected).',
);
/** One batch's outcome, counted by its source. */
export function countIngest(
  source: IngestSource,
  result: { accepted: number; duplicate: number; rejected: number },
): void {
  ingestReadingsTotal.inc({ source, outcome: 'accepted' }, result.accepted);
  ingestReadingsTotal.inc({ source, outcome: 'duplicate' }, result.duplicate);
  ingestReadingsTotal.inc({ source, outcome: 'rejected' }, result.rejected);
}

export const shedRequestsTotal = metrics.counter(
  'fleet_http_requests_shed_total',
  'Requests answered 503 by load shedding, by route class and reason (concurrency, event_loop).',
);

export const requestDuration = metrics.histogram(
  'fleet_http_request_duration_seconds',
  'Time to answer an HTTP request, by method, route pattern and status class.',
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);

export const liveSockets = metrics.gauge('fleet_live_sockets', 'Live push WebSockets open.');
export const trackerConnections = metrics.gauge(
  'fleet_tracker_connections',
  'Teltonika TCP connections, by state (identified, unidentified).',
);
export const reportQueue = metrics.gauge(
  'fleet_report_queue_length',
  'Heavy work waiting (pool=heavy: summaries and report numbers; pool=render: daily report drawings).',
);
export const reportRunning = metrics.gauge('fleet_report_running', 'Heavy work being done now, by pool.');
export const mailOutbox = metrics.gauge(
  'fleet_mail_outbox',
  'Mail outbox: mails not sent yet (state=pending) and given up (state=failed).',
);
export const mailOldestPending = metrics.gauge(
  'fleet_mail_outbox_oldest_pending_seconds',
  'Age of the oldest mail not sent yet (0 when none).',
);

// ---- the process ------------------------------------------------------------------------------------------------

const lag = monitorEventLoopDelay({ resolution: 20 });
lag.enable();
const eventLoopLag = metrics.gauge(
  'fleet_event_loop_lag_seconds',
  'Event-loop delay since the previous scrape (quantile 0.5, 0.99 and max).',
);
const cpuSeconds = metrics.counter('process_cpu_seconds_total', 'User and system CPU time of the process.');
const rss = metrics.gauge('process_resident_memory_bytes', 'Resident memory of the process.');
const heapUsed = metrics.gauge('nodejs_heap_used_bytes', 'JavaScript heap in use.');
const startTime = metrics.gauge('process_start_time_seconds', 'Start of the process, epoch seconds.');
startTime.set({}, Math.round(Date.now() / 1000 - process.uptime()));
let cpuSeen = 0;
metrics.collect(() => {
  const ns = (v: number) => (Number.isFinite(v) ? v / 1e9 : 0);
  eventLoopLag.set({ quantile: '0.5' }, ns(lag.percentile(50)));
  eventLoopLag.set({ quantile: '0.99' }, ns(lag.percentile(99)));
  eventLoopLag.set({ quantile: 'max' }, ns(lag.max));
  lag.reset();
  const cpu = process.cpuUsage();
  const total = (cpu.user + cpu.system) / 1e6;
  cpuSeconds.inc({}, total - cpuSeen);
  cpuSeen = total;
  const mem = process.memoryUsage();
  rss.set({}, mem.rss);
  heapUsed.set({}, mem.heapUsed);
});

// ---- the route --------------------------------------------------------------------------------------------------

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics for Prometheus: `Authorization: Bearer <METRICS_TOKEN>`; 401 without it or with another token; 404
 * while METRICS_TOKEN is unset (off).
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined) {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) return reply.status(404).send(fail('Not Found', 404));
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameText(given, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(fail('Authentication Error', 401));
    const body = await metrics.text();
    return reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').send(body);
  });
}
