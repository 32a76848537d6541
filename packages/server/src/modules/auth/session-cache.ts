/**
 * Sessions kept between requests (issue 29, docs/architecture.md "Security"): by token hash, the resolved session
 * (user, permissions) and what was computed from it (the visible scope, `sessionMemo`), stored under the access
 * version read before any of it was loaded (migration 032_fixed_access_version). An entry serves a request only when
 * that request read the same version and the same session row (user, active company, application); any other
 * version empties the whole cache. Every change of access commits a new version, and every cached value was read
 * after the version it is kept under, so a request never sees access older than the version it read.
 */
export interface CachedSession<S extends object> {
  version: number;
  session: S;
}

/** the most sessions kept; past it the oldest entry goes (a process serves far fewer live sessions) */
const MAX_ENTRIES = 10_000;

/** `S`: the session type (session.ts; not imported here, so the two files make no circle). */
export class SessionCache<S extends object> {
  private readonly entries = new Map<string, CachedSession<S>>();
  private version = Number.NaN;

  /** The entry of `hash` when it was stored at `version`; another version than the last seen drops every entry. */
  get(hash: string, version: number): CachedSession<S> | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
      return undefined;
    }
    return this.entries.get(hash);
  }

  set(hash: string, entry: CachedSession<S>): void {
    // an entry of an older version (a slow load overtaken by a change) is not kept
    if (entry.version !== this.version) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(hash)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, entry);
  }

  delete(hash: string): void {
    this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Values computed from a session the resolver made (the visible scope, access/visibility.ts), kept with the cached
 * session: a session object is replaced as soon as its access version or its row changes, and so is its memo. A
 * session built elsewhere (a copy with another active company, a background job's) has none: computed every time.
 */
const memos = new WeakMap<object, Map<string, unknown>>();

export function attachMemo(session: object): void {
  memos.set(session, new Map());
}

export function sessionMemo(session: object): Map<string, unknown> | undefined {
  return memos.get(session);
}
