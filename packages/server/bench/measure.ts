import { readFileSync } from 'node:fs';

/**
 * The small measuring helpers every bench file uses: percentiles, a warm-up-then-time loop, a process's memory and
 * CPU time from /proc (Linux).
 */

/** The p-th percentile (0–100) of `xs` (nearest rank; NaN when empty). */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Runs `fn` `warmup` times, then times `runs` calls: p50 and p95 in ms. */
export async function timeIt(
  fn: () => Promise<unknown>,
  o: { warmup: number; runs: number },
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < o.warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, MB. */
export function memoryOf(pid: number): { peakMb: number; nowMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

/** User + system CPU seconds a process has used (clock ticks of 10 ms). */
export function cpuSecondsOf(pid: number): number {
  const { user, system } = cpuTimesOf(pid);
  return user + system;
}

/** User and system CPU seconds of a process apart (system: the kernel's work for it — syscalls, socket writes). */
export function cpuTimesOf(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 }; // clock ticks (USER_HZ = 100)
}
