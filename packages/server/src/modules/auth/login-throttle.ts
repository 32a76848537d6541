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

/**
 * The per-address part of the sign-in throttle: an office behind one NAT address must not be locked out by
 * one person. The first `free` failures within the window cost nothing; after that each attempt from the
 * address waits a delay that doubles with every further failure (5 s, 10 s, 20 s … up to `maxDelay`), counted
 * from the last failure — a slowdown, never a lock. An account that signed in successfully from the address
 * within `trustDays` is not slowed by the address at all (its own per-account limit still holds), so the
 * right password of a known user is never refused because others behind the same address mistype theirs.
 */
export class AddressThrottle {
  private counts = new Map<string, { n: number; last: number }>();
  private trusted = new Map<string, number>();

  constructor(
    private free = 100,
    private firstDelay = 5,
    private maxDelay = 60,
    private windowSeconds = 15 * 60,
    private trustDays = 30,
    private maxKeys = 50_000,
  ) {}

  /** Seconds the address must wait before `accountKey` may try, 0 when it may try now. */
  retryAfter(address: string, accountKey: string, now: number): number {
    if (this.isTrusted(address, accountKey, now)) return 0;
    const c = this.counts.get(address);
    if (!c || now - c.last >= this.windowSeconds || c.n < this.free) return 0;
    const delay = Math.min(this.maxDelay, this.firstDelay * 2 ** Math.min(30, c.n - this.free));
    return Math.max(0, c.last + delay - now);
  }

  fail(address: string, now: number) {
    const prev = this.counts.get(address);
    const n = prev && now - prev.last < this.windowSeconds ? prev.n + 1 : 1;
    this.counts.delete(address); // re-insert: the Map's order is the order of last use
    this.counts.set(address, { n, last: now });
    bound(this.counts, this.maxKeys);
  }

  /** A successful sign-in: the account is trusted from this address. */
  succeeded(address: string, accountKey: string, now: number) {
    const key = `${accountKey}\u0000${address}`;
    this.trusted.delete(key);
    this.trusted.set(key, now);
    bound(this.trusted, this.maxKeys);
  }

  private isTrusted(address: string, accountKey: string, now: number) {
    const since = this.trusted.get(`${accountKey}\u0000${address}`);
    return since !== undefined && now - since < this.trustDays * 86400;
  }
}

/** Forgets the oldest entries of a Map kept in order of last use. */
function bound(map: Map<string, unknown>, max: number) {
  for (const key of map.keys()) {
    if (map.size <= max) break;
    map.delete(key);
  }
}
