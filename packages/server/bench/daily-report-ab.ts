import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { percentile } from './measure.ts';

/**
 * Interleaved A/B of the daily report PDF (issue 29): the report worker of two checkouts drawing the same inputs —
 * what the heavy pool sends it (daily-report-input.ts: one day, HOUR, data tables, 7 pages; 31 days, DAY).
 *
 *   npx tsx packages/server/bench/daily-report-input.ts <dir>
 *   npx tsx packages/server/bench/daily-report-ab.ts <dir> <rootA> <rootB>
 *
 * Each round runs each side in a process of its own (B first in every other round): the side's render worker
 * (`<root>/…/daily-report/render-worker.mjs`, a worker thread with the render pool's heap limits, 96 + 16 MB) is sent
 * the v8-serialized input as render-pool.ts sent it — or, for a side without one (issue 29: the heavy worker draws),
 * a worker thread with the heavy pool's limits (256 + 16 MB) that draws with the side's model.ts and pdf.ts as
 * report-task.ts does (AB_DRAW=1: both sides this way, to compare two drawing codes in one harness;
 * AB_HEAVY_HEAP_MB: that worker's old-generation limit), AB_WARMUP (3) PDFs of each kind, then AB_RUNS (10) timed
 * PDFs of one day and AB_RUNS of 31 days. Per PDF: the process's CPU (all its threads: the worker, V8's GC helpers, the main
 * thread taking the answer — what the server spends on a PDF), the wall time, the worker's GC time (perf_hooks), and
 * the worker's V8 heap after each PDF (committed = total_heap_size, at most; used). Medians over the rounds.
 * AB_ROUNDS (4), AB_LANGUAGE (en).
 */
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const RUNS = Number(process.env.AB_RUNS ?? 10);
const WARMUP = Number(process.env.AB_WARMUP ?? 3);
const LANGUAGE = process.env.AB_LANGUAGE ?? 'en';
const KINDS = ['day', 'month'] as const;
type Kind = (typeof KINDS)[number];
interface Figures {
  cpu: number;
  wall: number;
  gc: number;
  committedMb: number;
  usedMb: number;
  bytes: number;
}
type SideResult = Record<Kind, Figures>;

/** One side, in this (child) process: its render worker draws the inputs; the figures go to the parent. */
async function child(root: string, dir: string): Promise<SideResult> {
  const daily = join(root, 'packages/server/src/modules/daily-report');
  const href = (...p: string[]) => pathToFileURL(join(...p)).href;
  // before issue 29 a report worker of its own (96 + 16 MB); since, the heavy worker draws (its limits, 256 + 16 MB)
  const own = existsSync(join(daily, 'render-worker.mjs')) && !process.env.AB_DRAW;
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./daily-report-ab-worker.mjs', import.meta.url), {
    workerData: {
      ...(own
        ? { entry: href(daily, 'render-worker.mjs'), module: href(daily, 'render-worker.ts') }
        : {
            draw: { model: href(daily, 'model.ts'), pdf: href(daily, 'pdf.ts') },
            nice: href(root, 'packages/server/src/workers/nice.mjs'),
          }),
      stats: port2,
    },
    transferList: [port2],
    resourceLimits: {
      maxOldGenerationSizeMb: own ? 96 : Number(process.env.AB_HEAVY_HEAP_MB ?? 256),
      maxYoungGenerationSizeMb: 16,
    },
  });
  const stats = () =>
    new Promise<{ gcMs: number; totalHeapMb: number; usedHeapMb: number }>((ok) => {
      port1.once('message', ok);
      port1.postMessage(null);
    });
  const draw = (input: Uint8Array) =>
    new Promise<number>((ok, fail) => {
      worker.once('message', (m: { pdf?: Uint8Array; error?: string }) =>
        m.pdf ? ok(m.pdf.byteLength) : fail(new Error(m.error ?? 'no PDF')),
      );
      worker.postMessage({ pdf: true, input, language: LANGUAGE });
    });
  const inputs = Object.fromEntries(
    KINDS.map((k) => [k, new Uint8Array(readFileSync(join(dir, `${k}.bin`)))]),
  ) as Record<Kind, Uint8Array>;
  for (let i = 0; i < WARMUP; i++) for (const k of KINDS) await draw(inputs[k]);
  const out = {} as SideResult;
  for (const k of KINDS) {
    const cpu: number[] = [];
    const wall: number[] = [];
    const gc: number[] = [];
    let committedMb = 0;
    let usedMb = 0;
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const s0 = await stats();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      bytes = await draw(inputs[k]);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      const s1 = await stats();
      gc.push(s1.gcMs - s0.gcMs);
      committedMb = Math.max(committedMb, s1.totalHeapMb);
      usedMb = Math.max(usedMb, s1.usedHeapMb);
    }
    out[k] = {
      cpu: percentile(cpu, 50),
      wall: percentile(wall, 50),
      gc: percentile(gc, 50),
      committedMb,
      usedMb,
      bytes,
    };
  }
  await worker.terminate();
  return out;
}

function side(root: string, dir: string): Promise<SideResult> {
  return new Promise((ok, fail) => {
    const c = fork(new URL(import.meta.url).pathname, ['--child', root, dir], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.once('message', (m: SideResult) => ok(m));
    c.once('exit', (code) => (code ? fail(new Error(`side ${root} exited ${code}`)) : undefined));
  });
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  const result = await child(resolve(args[1]), resolve(args[2]));
  process.send?.(result, () => process.exit(0));
} else {
  const [dir, rootA, rootB] = args.map((p) => resolve(p));
  if (!dir || !rootA || !rootB) throw new Error('usage: daily-report-ab.ts <input dir> <rootA> <rootB>');
  const rounds: Record<'A' | 'B', SideResult[]> = { A: [], B: [] };
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of r % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
      rounds[s].push(await side(s === 'A' ? rootA : rootB, dir));
      console.log(`round ${r + 1} ${s} done (load ${loadavg()[0].toFixed(1)})`);
    }
  }
  const med = (s: 'A' | 'B', k: Kind, f: keyof Figures) =>
    percentile(
      rounds[s].map((x) => x[k][f]),
      50,
    );
  const max = (s: 'A' | 'B', k: Kind, f: keyof Figures) => Math.max(...rounds[s].map((x) => x[k][f]));
  console.log(
    `\n${ROUNDS} rounds (A/B alternating first), ${RUNS} PDFs of each after ${WARMUP} warm-up, language ${LANGUAGE}, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, load ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    '| PDF | A CPU / PDF | B CPU / PDF | A wall p50 | B wall p50 | A GC pauses / PDF | B GC pauses / PDF | A heap committed / used (max) | B heap committed / used (max) | A size | B size |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  for (const k of KINDS)
    console.log(
      `| ${k === 'day' ? 'one day (7 pages, tables)' : '31 days (7 pages)'} | ${ms(med('A', k, 'cpu'))} | ${ms(med('B', k, 'cpu'))} | ${ms(med('A', k, 'wall'))} | ${ms(med('B', k, 'wall'))} | ${ms(med('A', k, 'gc'))} | ${ms(med('B', k, 'gc'))} | ${max('A', k, 'committedMb').toFixed(0)} / ${max('A', k, 'usedMb').toFixed(0)} MB | ${max('B', k, 'committedMb').toFixed(0)} / ${max('B', k, 'usedMb').toFixed(0)} MB | ${(med('A', k, 'bytes') / 1024).toFixed(0)} KB | ${(med('B', k, 'bytes') / 1024).toFixed(0)} KB |`,
    );
}
