import { IngestClient, IngestError, type IngestOutcome, type ReadingSink } from './ingest-client.ts';
import { type Pacer, unpaced } from './pacer.ts';
import { type Reading, VesselSimulator } from './readings.ts';
import type { VesselSpec } from './vessel.ts';

/** pino's calling convention (the server passes its logger; the CLI a console one). */
export interface SimulatorLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface SimulatorOptions {
  /** where the API answers, e.g. http://127.0.0.1:8080 (unless `sink` is given) */
  baseUrl?: string;
  /** where readings go instead of POST /api/ingest at `baseUrl` (the server passes its in-process ingest) */
  sink?: ReadingSink;
  /** awaited before every backfill batch (the server yields to its requests; default: none) */
  pacer?: Pacer;
  /** ingest key per gateway unique id; a gateway key posts for every device of its vessel */
  keys: Record<string, string>;
  vessels: VesselSpec[];
  /** days of 1-minute history to make sure of before going live (default 30) */
  backfillDays?: number;
  /** after the backfill, send fresh readings this often (default 10 000 ms); `live: false` stops after the backfill */
  liveIntervalMs?: number;
  live?: boolean;
  seed?: string | number;
  log?: SimulatorLog;
  /** requests in flight at once during the backfill (default 2) */
  concurrency?: number;
  /** readings per request (default 5 000; the ingest takes up to 10 000) */
  batchSize?: number;
  /** the clock, epoch seconds (tests move it) */
  now?: () => number;
}

export interface SimulatorStats {
  accepted: number;
  duplicate: number;
  rejected: number;
  requests: number;
  /** requests that failed (each retried a few times) */
  failures: number;
  /** answers "busy" (503/429) after which it waited as told and sent again; not failures */
  busy: number;
  /** vessels whose backfill gave up (live mode goes on from where it stopped) */
  errors: number;
}

export interface SimulatorHandle {
  /** resolves when the backfill is done (or was stopped) */
  backfilled: Promise<void>;
  stats: SimulatorStats;
  /** stops the backfill and the live loop; resolves once nothing is in flight */
  stop(): Promise<void>;
}

const HISTORY_STEP = 60;
const LIVE_STEP = 10;
const HOUR = 3600;
const DAY = 86_400;

/** One line per event: time, message, then the details as JSON. */
function line(print: (text: string) => void) {
  return (o: object | string, msg?: string) => {
    const text = typeof o === 'string' ? o : `${msg ?? ''} ${JSON.stringify(o)}`;
    print(`${new Date().toISOString().slice(11, 19)} ${text}`);
  };
}

export const consoleLog: SimulatorLog = {
  info: line((t) => console.log(t)),
  warn: line((t) => console.warn(t)),
  error: line((t) => console.error(t)),
};

interface Feed {
  sim: VesselSimulator;
  code: string;
  key: string;
  /** readings up to (excluding) this time have been delivered */
  next: number;
}

/**
 * Feeds the vessels' readings to the ingest API: first the history since the latest reading the server already
 * holds (at most `backfillDays` back), one reading a minute, in large batches; then, live, every 10 s.
 * Readings are deterministic in (seed, vessel, time), so re-sending is harmless (duplicates are ignored).
 */
export function runSimulator(options: SimulatorOptions): SimulatorHandle {
  const log = options.log ?? consoleLog;
  const now = options.now ?? (() => Date.now() / 1000);
  const backfillDays = options.backfillDays ?? 30;
  const liveIntervalMs = options.liveIntervalMs ?? 10_000;
  const batchSize = Math.min(10_000, options.batchSize ?? 5000);
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const seed = options.seed ?? 'demo';
  if (!options.sink && !options.baseUrl) throw new Error('runSimulator needs a baseUrl or a sink');
  const client: ReadingSink = options.sink ?? new IngestClient(options.baseUrl as string);
  const pacer = options.pacer ?? unpaced;
  const stats: SimulatorStats = {
    accepted: 0,
    duplicate: 0,
    rejected: 0,
    requests: 0,
    failures: 0,
    busy: 0,
    errors: 0,
  };
  let stopped = false;
  /** waits that end early on stop() */
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });
  /** vessels for which "busy, backing off" was said already (one info line each, not one per answer) */
  const busySaid = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let liveRun: Promise<void> = Promise.resolve();
  const rejectionsLogged = new Map<string, number>();

  const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
  const horizonStart = floorTo(now() - backfillDays * DAY, HISTORY_STEP);

  const feeds: Feed[] = [];
  for (const spec of options.vessels) {
    const sim = new VesselSimulator(seed, spec, horizonStart - HISTORY_STEP);
    const key = sim.gateway ? options.keys[sim.gateway] : undefined;
    if (!sim.gateway || !key) {
      log.warn(
        { vessel: spec.code, gateway: sim.gateway },
        "simulator: no ingest key for this vessel's gateway, skipped",
      );
      continue;
    }
    if (sim.model.ignored.length)
      log.warn(
        { vessel: spec.code, devices: sim.model.ignored.map((d) => d.uniqueId) },
        'simulator: devices it cannot feed',
      );
    feeds.push({ sim, code: spec.code, key, next: horizonStart });
  }

  /**
   * One batch to the sink. A busy server (503/429, e.g. load shedding) is waited for as it asks, for as long as it
   * takes — that is the protocol, not a failure, so it is said once per vessel at info level. Other retryable
   * failures (network, server errors) are retried 5 times with growing waits, then thrown.
   */
  async function post(feed: Feed, readings: Reading[]): Promise<IngestOutcome> {
    for (let attempt = 0; ; ) {
      try {
        stats.requests++;
        return await client.post(feed.key, readings);
      } catch (err) {
        if (stopped) throw err;
        if (err instanceof IngestError && err.busyRetryAfterMs !== undefined) {
          stats.busy++;
          if (!busySaid.has(feed.code)) {
            busySaid.add(feed.code);
            log.info(
              { vessel: feed.code, retryAfterMs: err.busyRetryAfterMs },
              'simulator: ingest busy, backing off as asked',
            );
          }
          await pause(err.busyRetryAfterMs);
          if (stopped) throw err;
          continue;
        }
        stats.failures++;
        const retry = err instanceof IngestError && err.retryable && attempt < 5;
        if (!retry) throw err;
        await pause(1000 * 2 ** attempt++);
        if (stopped) throw err;
      }
    }
  }

  async function send(feed: Feed, readings: Reading[]): Promise<void> {
    const out = await post(feed, readings);
    stats.accepted += out.accepted;
    stats.duplicate += out.duplicate;
    stats.rejected += out.rejected;
    if (!out.rejected) return;
    for (const r of out.results) {
      if (r.status !== 'rejected') continue;
      const reason = r.reason ?? 'rejected';
      const seen = rejectionsLogged.get(reason) ?? 0;
      rejectionsLogged.set(reason, seen + 1);
      if (seen === 0)
        log.warn({ vessel: feed.code, reading: readings[r.index], reason }, 'simulator: reading rejected');
    }
  }

  /** Is there already a reading of the gateway at t? (probing writes that very reading when there is none) */
  async function holds(feed: Feed, t: number): Promise<boolean> {
    const out: Reading[] = [];
    feed.sim.readingsAt(t, out);
    const gateway = out.find((r) => r.device === feed.sim.gateway);
    if (!gateway) return false;
    await pacer.pace();
    const res = await post(feed, [gateway]);
    return res.results[0]?.status === 'duplicate';
  }

  /** The latest minute at which the gateway reported and that the server holds, by bisection over the horizon. */
  async function resumeFrom(feed: Feed, end: number): Promise<number> {
    // minutes at which the gateway reports (its link is not down), at or before t
    const reporting = (t: number) => {
      let x = floorTo(t, HISTORY_STEP);
      while (x > horizonStart && !feed.sim.reports(feed.sim.gateway as string, x)) x -= HISTORY_STEP;
      return x;
    };
    let hi = reporting(end - HISTORY_STEP);
    if (await holds(feed, hi)) return hi + 1;
    let lo = reporting(horizonStart);
    if (lo < horizonStart || !(await holds(feed, lo))) return horizonStart;
    // lo is held, hi is not: narrow down to one minute
    while (hi - lo > HISTORY_STEP) {
      const mid = reporting(floorTo((lo + hi) / 2, HISTORY_STEP));
      if (mid <= lo) break;
      if (await holds(feed, mid)) lo = mid;
      else hi = mid;
    }
    return lo + 1;
  }

  async function backfillOne(feed: Feed, end: number, progress: { done: number; total: number }) {
    feed.next = await resumeFrom(feed, end);
    progress.done += Math.max(0, Math.min(end, feed.next) - horizonStart);
    const perStep = Math.max(1, feed.sim.devices.length);
    const span = Math.max(1, Math.floor(batchSize / perStep)) * HISTORY_STEP;
    while (feed.next < end && !stopped) {
      // batches end on whole hours when they span an hour or more: each hourly rollup row is then written once
      const aligned = span >= HOUR ? floorTo(feed.next + span, HOUR) : feed.next + span;
      const until = Math.min(end, aligned > feed.next ? aligned : feed.next + span);
      await pacer.pace();
      if (stopped) break;
      const batch: Reading[] = [];
      for (let t = Math.ceil(feed.next / HISTORY_STEP) * HISTORY_STEP; t < until; t += HISTORY_STEP)
        feed.sim.readingsAt(t, batch);
      if (batch.length) await send(feed, batch);
      progress.done += until - feed.next;
      feed.next = until;
    }
  }

  async function backfill() {
    const started = Date.now();
    const end = floorTo(now(), HISTORY_STEP);
    const progress = { done: 0, total: feeds.length * Math.max(0, end - horizonStart) };
    log.info(
      { vessels: feeds.map((f) => f.code), from: new Date(horizonStart * 1000).toISOString(), days: backfillDays },
      'simulator: backfilling history',
    );
    const ticker = setInterval(() => {
      const pct = progress.total ? Math.round((100 * progress.done) / progress.total) : 0;
      const secs = (Date.now() - started) / 1000;
      log.info(
        { pct, accepted: stats.accepted, perSecond: Math.round(stats.accepted / secs) },
        'simulator: backfill progress',
      );
    }, 15_000);
    try {
      const queue = [...feeds];
      const worker = async () => {
        for (let feed = queue.shift(); feed && !stopped; feed = queue.shift()) {
          try {
            await backfillOne(feed, end, progress);
          } catch (err) {
            if (stopped) continue;
            stats.errors++;
            log.error(
              { vessel: feed.code, err: (err as Error).message },
              'simulator: backfill of this vessel failed; live mode resumes it',
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, feeds.length) }, worker));
    } finally {
      clearInterval(ticker);
    }
    const secs = (Date.now() - started) / 1000;
    log.info(
      {
        ...stats,
        pacing: pacer.stats,
        seconds: Math.round(secs),
        perSecond: Math.round((stats.accepted + stats.duplicate) / Math.max(secs, 0.001)),
      },
      stopped ? 'simulator: backfill stopped' : 'simulator: backfill done',
    );
  }

  let reported = { at: Date.now(), accepted: 0 };
  /** One live tick: every vessel's readings since its last delivery, every 10 s. */
  async function tick() {
    if (Date.now() - reported.at >= 600_000) {
      log.info(
        { accepted: stats.accepted - reported.accepted, rejected: stats.rejected },
        'simulator: live, last 10 minutes',
      );
      reported = { at: Date.now(), accepted: stats.accepted };
    }
    const end = floorTo(now(), LIVE_STEP) + LIVE_STEP;
    await Promise.all(
      feeds.map(async (feed) => {
        // after a long pause (laptop asleep, server down) catch up at the history rate, then go on live
        const step = end - feed.next > 3600 ? HISTORY_STEP : LIVE_STEP;
        const first = Math.ceil(feed.next / step) * step;
        const limit = Math.min(
          end,
          first + step * Math.max(1, Math.floor(batchSize / Math.max(1, feed.sim.devices.length))),
        );
        const batch: Reading[] = [];
        for (let t = first; t < limit; t += step) feed.sim.readingsAt(t, batch);
        try {
          if (batch.length) await send(feed, batch);
          feed.next = Math.max(feed.next, limit);
          feed.sim.timeline.prune(limit - 3600);
        } catch (err) {
          if (!stopped)
            log.warn(
              { vessel: feed.code, err: (err as Error).message },
              'simulator: live readings not delivered; retrying',
            );
        }
      }),
    );
  }

  function scheduleLive() {
    if (stopped || options.live === false || !feeds.length) return;
    timer = setTimeout(() => {
      liveRun = tick().finally(scheduleLive);
    }, liveIntervalMs);
  }

  const backfilled = (feeds.length ? backfill() : Promise.resolve()).then(() => {
    if (!stopped && options.live !== false && feeds.length) {
      log.info({ vessels: feeds.length, everyMs: liveIntervalMs }, 'simulator: live');
      reported = { at: Date.now(), accepted: stats.accepted };
      liveRun = tick().finally(scheduleLive);
    }
  });

  return {
    backfilled,
    stats,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const wake of [...wakers]) wake();
      client.abortAll?.();
      await backfilled.catch(() => undefined);
      await liveRun.catch(() => undefined);
    },
  };
}
