import type { FastifyBaseLogger } from 'fastify';

/**
 * A warning that any client can cause (a malformed WebSocket frame): at most one line per `intervalMs`, carrying how
 * many were left out since the previous line, so that a flood cannot fill the log or cost a stack trace each.
 */
export class RateLimitedWarning {
  private last = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private log: FastifyBaseLogger,
    private message: string,
    private intervalMs: number,
  ) {}

  warn(fields: Record<string, unknown>) {
    const now = Date.now();
    if (now - this.last < this.intervalMs) {
      this.suppressed++;
      return;
    }
    this.log.warn({ ...fields, suppressed: this.suppressed, intervalS: this.intervalMs / 1000 }, this.message);
    this.last = now;
    this.suppressed = 0;
  }
}
