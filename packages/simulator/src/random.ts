/**
 * Deterministic randomness. Two kinds:
 * - a sequential PRNG (mulberry32) for plans that are built once, in order, from a seed (voyage schedules);
 * - stateless hashes of (key, time, channel) for everything read at a point in time (sensor noise,
 *   drop-outs), so a reading at time t never depends on where generation started.
 */

/** FNV-1a over the UTF-16 code units, then a final avalanche: a 32-bit id for a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return avalanche(h);
}

function avalanche(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of three integers (time in epoch seconds fits below 2^32 until 2106). */
export function hash3(a: number, b: number, c: number): number {
  let h = avalanche(a ^ 0x9e3779b9);
  h = avalanche((h ^ b) >>> 0);
  return avalanche((h ^ Math.imul(c, 0x27d4eb2d)) >>> 0);
}

/** Uniform in [0, 1) for (key, t, channel). */
export const unitAt = (key: number, t: number, channel: number) => hash3(key, t >>> 0, channel) / 4294967296;

/** Uniform in [-1, 1). */
export const noiseAt = (key: number, t: number, channel: number) => unitAt(key, t, channel) * 2 - 1;

/** Roughly normal, mean 0, standard deviation 1 (sum of three uniforms, bounded at ±3). */
export function gaussAt(key: number, t: number, channel: number): number {
  const h = hash3(key, t >>> 0, channel);
  const a = (h & 0x3ff) / 1024;
  const b = ((h >>> 10) & 0x3ff) / 1024;
  const c = ((h >>> 20) & 0x3ff) / 1024;
  return (a + b + c - 1.5) * 2;
}

/**
 * Slowly varying noise in [-1, 1]: values at knots every `period` seconds, eased in between.
 * Used for drifts (sea state, fuel temperature, CPU load) that must not jump between samples.
 */
export function smoothAt(key: number, t: number, channel: number, period: number): number {
  const x = t / period;
  const k = Math.floor(x);
  const f = x - k;
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  const a = noiseAt(key, k, channel);
  const b = noiseAt(key, k + 1, channel);
  return a + (b - a) * w;
}

/** Sequential PRNG (mulberry32): the same seed gives the same sequence. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}
