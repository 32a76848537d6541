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
  ) {
    super(message);
  }
}

/** Posts batches of readings with a device or gateway key. */
export class IngestClient {
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
      throw new IngestError(`ingest answered HTTP ${res.status}: ${message}`, res.status >= 500 || res.status === 429);
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
