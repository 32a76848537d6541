import type { Reading } from './readings.ts';

/** The outcome counts of `POST /api/ingest` (docs/api.md "Device ingest"). */
export interface IngestOutcome {
  accepted: number;
  duplicate: number;
  rejected: number;
  results: { index: number; status: 'accepted' | 'duplicate' | 'rejected'; reason?: string }[];
}

export class IngestError extends Error {
  constructor(
    message: string,
    /** worth trying again later (network trouble, server busy); false for a refused key or batch */
    readonly retryable: boolean,
    /** the server is busy (503/429) and asks to come back after this many ms: wait and retry, not a failure */
    readonly busyRetryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Where the simulator's readings go: the ingest API over HTTP (IngestClient), or — inside the server — the
 * server's own ingest path called in-process (server `modules/telemetry/simulator-runner.ts`).
 * `key` is the gateway's ingest key. Throws IngestError when the batch was not stored.
 */
export interface ReadingSink {
  post(key: string, readings: Reading[]): Promise<IngestOutcome>;
  /** cancels what is in flight (on stop) */
  abortAll?(): void;
}

/** Posts batches of readings with a device or gateway key. */
export class IngestClient implements ReadingSink {
  private readonly url: string;
  private readonly aborts = new Set<AbortController>();

  constructor(baseUrl: string) {
    this.url = `${baseUrl.replace(/\/+$/, '')}/api/ingest`;
  }

  async post(key: string, readings: Reading[]): Promise<IngestOutcome> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), 120_000);
    try {
      let res: Response;
      try {
        res = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-key': key },
          body: JSON.stringify({ readings }),
          signal: abort.signal,
        });
      } catch (err) {
        throw new IngestError(`cannot reach ${this.url}: ${(err as Error).cause ?? (err as Error).message}`, true);
      }
      const text = await res.text();
      let body: { status?: { error?: number; message?: unknown }; data?: IngestOutcome } | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (res.ok && body?.status?.error === 0 && body.data) return body.data;
      const message = body?.status?.message ? JSON.stringify(body.status.message) : text.slice(0, 200);
      const busy = res.status === 503 || res.status === 429;
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new IngestError(
        `ingest answered HTTP ${res.status}: ${message}`,
        res.status >= 500 || res.status === 429,
        busy ? 1000 * (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5) : undefined,
      );
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }

  /** Cancels the requests in flight (on stop). */
  abortAll() {
    for (const a of this.aborts) a.abort();
  }
}
