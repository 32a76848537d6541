import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The rate limit of API tokens (docs/operations.md "API tokens"): a token bucket per token in this process, holding
 * at most `perMinute` requests and refilled at `perMinute` a minute — a burst of a minute's requests, then a steady
 * pace. A request that finds the bucket empty is refused with 429 and the whole seconds until one request is back.
 */
export class ApiTokenRateLimit {
  private readonly buckets = new Map<number, { left: number; at: number }>();

  constructor(readonly perMinute: number) {}

  /** Takes one request of the token's bucket at `nowMs`: 0 when it may go, else the seconds to wait (Retry-After). */
  take(tokenId: number, nowMs: number): number {
    const perMs = this.perMinute / 60_000;
    const b = this.buckets.get(tokenId) ?? { left: this.perMinute, at: nowMs };
    b.left = Math.min(this.perMinute, b.left + Math.max(0, nowMs - b.at) * perMs);
    b.at = nowMs;
    this.buckets.set(tokenId, b);
    if (b.left >= 1) {
      b.left -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.left) / perMs / 1000));
  }
}

export type ApiTokenUseKind = 'read' | 'write' | 'limited';

/** how long the per-minute counts are kept (days) */
export const API_TOKEN_USE_KEEP_DAYS = 90;

interface MinuteCounts {
  tokenId: number;
  minute: number;
  reads: number;
  writes: number;
  limited: number;
}

/**
 * Every use of a token, counted (docs/decisions.md "API tokens: what is recorded"): per token and minute the requests
 * let through as reads (GET, HEAD) and writes (the other methods) and those refused by the rate limit, and the last
 * use (time and client address). Counted in memory — a request costs a map update — and written by `flush` (once a
 * minute by the app, before the token list is read, and when the server stops). A write's row changes are besides in
 * the audit trail under the token's service account, as a person's are.
 */
export class ApiTokenUsage {
  private pending = new Map<string, MinuteCounts>();
  private last = new Map<number, { time: number; address: string | null }>();
  private prunedAt = 0;

  record(tokenId: number, kind: ApiTokenUseKind, address: string | null, nowSec: number): void {
    const minute = nowSec - (nowSec % 60);
    const key = `${tokenId}:${minute}`;
    let c = this.pending.get(key);
    if (!c) {
      c = { tokenId, minute, reads: 0, writes: 0, limited: 0 };
      this.pending.set(key, c);
    }
    if (kind === 'read') c.reads++;
    else if (kind === 'write') c.writes++;
    else c.limited++;
    if (kind !== 'limited') this.last.set(tokenId, { time: nowSec, address });
  }

  /**
   * Writes what was counted since the last flush: one upsert per token and minute (counts add up, so several
   * processes may count the same minute) and the last use, never moved back. A token deleted in the meantime (its
   * company was deleted) is skipped. Once an hour, counts older than API_TOKEN_USE_KEEP_DAYS go.
   */
  async flush(db: Db, nowSec: number): Promise<void> {
    const counts = [...this.pending.values()];
    const last = [...this.last.entries()];
    this.pending = new Map();
    this.last = new Map();
    for (const c of counts) {
      await sql`insert into api_token_use (apiu_token_id, apiu_minute, apiu_reads, apiu_writes, apiu_limited)
        select apit_id, ${c.minute}, ${c.reads}, ${c.writes}, ${c.limited} from api_token where apit_id = ${c.tokenId}
        on conflict (apiu_token_id, apiu_minute) do update set
          apiu_reads = api_token_use.apiu_reads + excluded.apiu_reads,
          apiu_writes = api_token_use.apiu_writes + excluded.apiu_writes,
          apiu_limited = api_token_use.apiu_limited + excluded.apiu_limited`.execute(db);
    }
    for (const [tokenId, use] of last) {
      await db
        .updateTable('api_token')
        .set({ apitLastUsedTime: use.time, apitLastUsedAddress: use.address })
        .where('apitId', '=', tokenId)
        .where((eb) => eb.or([eb('apitLastUsedTime', 'is', null), eb('apitLastUsedTime', '<=', use.time)]))
        .execute();
    }
    if (nowSec - this.prunedAt >= 3600) {
      this.prunedAt = nowSec;
      await db
        .deleteFrom('api_token_use')
        .where('apiuMinute', '<', nowSec - API_TOKEN_USE_KEEP_DAYS * 86_400)
        .execute();
    }
  }
}
