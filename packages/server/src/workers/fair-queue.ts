/**
 * A queue that is fair between tenants (issue 23): each tenant (company) has its own FIFO and the tenants take turns
 * (round-robin), so one company's four reports delay another company's single report by at most the one being worked
 * on, not by all four. A tenant that joins the queue starts level with those already waiting (it does not get a
 * burst of turns for having been away), and between tenants level in turns the one served longest ago goes first.
 * Bounded per tenant and in total: `push` answers false when the tenant already has `perTenant` items waiting or the
 * queue holds `total`, and the caller refuses the request.
 */
export type Tenant = string | number;

interface Line<T> {
  items: T[];
  /** items taken from this line while it was waiting */
  turns: number;
}

export class FairQueue<T> {
  private readonly lines = new Map<Tenant, Line<T>>();
  /** when each tenant was last served (a counter), kept after its line empties: one entry per company */
  private readonly servedAt = new Map<Tenant, number>();
  private count = 0;
  private clock = 0;

  constructor(
    readonly perTenant: number,
    readonly total: number,
  ) {}

  get size() {
    return this.count;
  }

  /** Items waiting for one tenant. */
  waiting(tenant: Tenant): number {
    return this.lines.get(tenant)?.items.length ?? 0;
  }

  /** Adds an item at the end of its tenant's line; false (nothing added) when a bound is reached. */
  push(tenant: Tenant, item: T): boolean {
    const line = this.lines.get(tenant);
    if (this.count >= this.total || (line?.items.length ?? 0) >= this.perTenant) return false;
    if (line) line.items.push(item);
    else {
      let level = Number.POSITIVE_INFINITY;
      for (const l of this.lines.values()) level = Math.min(level, l.turns);
      this.lines.set(tenant, { items: [item], turns: Number.isFinite(level) ? level : 0 });
    }
    this.count++;
    return true;
  }

  /** The next item: the first of the tenant with the fewest turns (ties: served longest ago). */
  shift(): T | undefined {
    const served = (t: Tenant) => this.servedAt.get(t) ?? -1;
    let pick: [Tenant, Line<T>] | undefined;
    for (const entry of this.lines) {
      const [t, l] = entry;
      if (!pick || l.turns < pick[1].turns || (l.turns === pick[1].turns && served(t) < served(pick[0]))) pick = entry;
    }
    if (!pick) return undefined;
    const [tenant, line] = pick;
    const item = line.items.shift() as T;
    line.turns++;
    this.servedAt.set(tenant, this.clock++);
    if (!line.items.length) this.lines.delete(tenant);
    this.count--;
    return item;
  }

  /** Takes every item out (shutdown). */
  drain(): T[] {
    const all = [...this.lines.values()].flatMap((l) => l.items);
    this.lines.clear();
    this.count = 0;
    return all;
  }
}
