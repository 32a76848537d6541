import type { FastifyBaseLogger } from 'fastify';

/**
 * Vessels waiting for a background pass of one kind (ROB events, the fuel watch), worked off one at a time: a write
 * answers first and the pass follows it; one vessel at a time keeps the passes out of the requests' way. A vessel
 * queued twice before its turn is passed once.
 */
export class VesselQueue {
  private readonly pending = new Set<number>();
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly lookups = new Set<Promise<void>>();

  constructor(
    /** the pass of one vessel */
    private readonly pass: (massId: number) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** names the pass in the log's warnings ("ROB events", "fuel watch") */
    private readonly label: string,
  ) {}

  /** Queues vessels for a pass. */
  schedule(...massIds: number[]) {
    if (this.closed) return;
    for (const id of massIds) if (Number.isInteger(id) && id > 0) this.pending.add(id);
    if (!this.running && this.pending.size) this.running = this.drain();
  }

  /** Queues the vessels a lookup finds (a write's hook): idle() waits for the lookup too. */
  scheduleFound(lookup: Promise<unknown[]>) {
    const tracked: Promise<void> = lookup
      .then((ids) => this.schedule(...ids.map(Number)))
      .catch((err) => this.log.warn({ err: (err as Error).message }, `${this.label}: cannot find the vessel`))
      .finally(() => this.lookups.delete(tracked));
    this.lookups.add(tracked);
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running || this.lookups.size) {
      await Promise.all(this.lookups);
      if (this.running) await this.running;
    }
  }

  async close() {
    this.closed = true;
    this.pending.clear();
    await this.idle();
  }

  private async drain() {
    try {
      while (this.pending.size && !this.closed) {
        const massId = this.pending.values().next().value as number;
        this.pending.delete(massId);
        try {
          await this.pass(massId);
        } catch (err) {
          this.log.warn({ err: (err as Error).message, massId }, `${this.label}: pass failed`);
        }
      }
    } finally {
      this.running = null;
    }
  }
}
