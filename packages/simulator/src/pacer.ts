import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Decides when the next backfill batch may run. The runner awaits `pace()` before every batch; whatever the pacer
 * lets through between two batches (requests, timers, sockets) runs first.
 */
export interface Pacer {
  pace(): Promise<void>;
  /** what the pacing cost the backfill so far (logged with `backfill done`) */
  readonly stats: PacerStats;
}

export interface PacerStats {
  /** batches let through */
  slices: number;
  /** times it held a batch back because requests were being answered or the loop was busy */
  waits: number;
  /** total time held back (ms) */
  waitedMs: number;
  /** batches let through after `maxWaitMs` although the process was still busy (progress is never stopped for good) */
  forced: number;
}

export interface LoopPacerOptions {
  /** are requests of the process being answered right now? (the server counts its open HTTP requests) */
  busy?: () => boolean;
  /**
   * Other work the loop did between two batches, in ms, above which the next batch waits: one loop turn that long
   * means requests or timers were queued behind the backfill.
   */
  busyTurnMs?: number;
  /** first wait when busy (ms); doubles up to `maxStepMs` while the process stays busy */
  firstWaitMs?: number;
  maxStepMs?: number;
  /** longest a batch is held back in one go; then it runs anyway, so a steady stream of requests cannot stop the backfill */
  maxWaitMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The backfill's pacing inside a serving process (issue 23): every batch first gives the event loop a turn
 * (setImmediate: waiting connections are read and requests start), then waits — 5 ms, doubling to 200 ms, at most
 * 1 s in all — while requests are being answered or that turn was long (others had queued work behind the batch).
 * On an idle process a batch follows the previous one after one loop turn, so the backfill runs at full speed.
 */
export function loopPacer(o: LoopPacerOptions = {}): Pacer {
  const busy = o.busy ?? (() => false);
  const busyTurnMs = o.busyTurnMs ?? 10;
  const firstWaitMs = o.firstWaitMs ?? 5;
  const maxStepMs = o.maxStepMs ?? 200;
  const maxWaitMs = o.maxWaitMs ?? 1000;
  const stats: PacerStats = { slices: 0, waits: 0, waitedMs: 0, forced: 0 };
  return {
    stats,
    async pace() {
      const turn = performance.now();
      await nextTurn();
      let loaded = performance.now() - turn > busyTurnMs;
      let waited = 0;
      let step = firstWaitMs;
      while (loaded || busy()) {
        if (waited >= maxWaitMs) {
          stats.forced++;
          break;
        }
        if (waited === 0) stats.waits++;
        const t = performance.now();
        await sleep(step);
        const slept = performance.now() - t;
        waited += slept;
        // a timer that fires much later than asked means the loop is still busy with other work
        loaded = slept - step > busyTurnMs;
        step = Math.min(step * 2, maxStepMs);
      }
      stats.waitedMs += Math.round(waited);
      stats.slices++;
    },
  };
}

/** No pacing: batches follow each other as fast as the ingest answers (a client over HTTP already waits on I/O). */
export const unpaced: Pacer = {
  stats: { slices: 0, waits: 0, waitedMs: 0, forced: 0 },
  async pace() {},
};
