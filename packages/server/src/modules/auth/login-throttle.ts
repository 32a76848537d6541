/**
 * Slows down password guessing: after `limit` failures within `windowSeconds` for one key
 * (an account name or a client address) further attempts are refused until the oldest of
 * those failures leaves the window. Kept in memory per server process — a restart forgets it,
 * and several server processes each count on their own (README "Sign-in throttling").
 */
export class FailureThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private limit = 5,
    private windowSeconds = 15 * 60,
    /** upper bound on remembered keys, so a flood of random names cannot grow memory without end */
    private maxKeys = 50_000,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return recent[recent.length - this.limit] + this.windowSeconds - now;
  }

  fail(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) this.prune(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowSeconds);
  }

  private prune(now: number) {
    for (const [key, times] of this.failures) {
      if (times.every((t) => now - t >= this.windowSeconds)) this.failures.delete(key);
    }
    // still too many live keys: forget the oldest entries (Map keeps insertion order)
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}

/** "Try again in 14 minutes" / "in 40 seconds" — what a refused user reads. */
export function retryText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
