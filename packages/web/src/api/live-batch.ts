import type { LiveMessage } from '@fleet/shared/answers/live.ts';
import type { PulseRow } from '@fleet/shared/answers/pulse.ts';

/** A message of the live socket, or null when it is not JSON (ignored, as before). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  try {
    return JSON.parse(String(data)) as LiveMessage;
  } catch {
    return null;
  }
}

/** The pushed rows a live socket worker hands the page at once, and what they were made of. */
export interface LiveBatchOut {
  /** the newest row of each device (per vessel) among the pushes, in the order first seen */
  rows: PulseRow[];
  /** rows pushed (before keeping the newest per device) and pushes */
  received: number;
  pushes: number;
  /** when the first of the pushes arrived (the worker's performance.now) */
  arrived: number;
}

/**
 * Pushed readings held between two hand-overs to the page (docs/decisions.md "Fleet map live round"): per vessel
 * and device only the newest row, newer replacing older and the first of equal timestamps kept — the rule of
 * FleetStore.merge, so merging the batch gives the store what merging every push would have. Rows without a
 * vessel are dropped here, as the store drops them.
 */
export class LiveBatch {
  private byKey = new Map<string, PulseRow>();
  private received = 0;
  private pushes = 0;
  private arrived = 0;

  get size(): number {
    return this.pushes;
  }

  add(rows: PulseRow[], arrived: number): void {
    if (this.pushes === 0) this.arrived = arrived;
    this.pushes++;
    this.received += rows.length;
    for (const r of rows) {
      if (r.devcMassId == null) continue;
      const key = `${r.devcMassId}:${r.devcId}`;
      const old = this.byKey.get(key);
      if (old && r.timestamp <= old.timestamp) continue;
      this.byKey.set(key, r);
    }
  }

  /** The batch so far, and an empty one after it. */
  take(): LiveBatchOut {
    const out = { rows: [...this.byKey.values()], received: this.received, pushes: this.pushes, arrived: this.arrived };
    this.byKey.clear();
    this.received = 0;
    this.pushes = 0;
    return out;
  }
}

/** What the holder tells the page: a batch (`pulled`: the answer to a pull), or that it holds states now. */
export type HolderReport = ({ type: 'states'; pulled: boolean } & LiveBatchOut) | { type: 'held' };

/**
 * When pushed states go to the page (docs/decisions.md "Fleet map live round"). The page applies readings at most
 * once per `holdMs` and asks (`pull`) for what is held at each application, so a push that arrived before an
 * application is in it, as when every push went to the page at once. A push within `holdMs` of the last
 * application is held, and the page hears once that there are some (`held`: it schedules its next application);
 * a push after that, with the page idle, goes to it at once.
 */
export class LiveHolder {
  private batch = new LiveBatch();
  /** when a push goes to the page at once (this holder's clock) */
  private openAt = Number.NEGATIVE_INFINITY;
  private told = false;

  constructor(
    private holdMs: number,
    private post: (r: HolderReport) => void,
  ) {}

  push(rows: PulseRow[], now: number): void {
    this.batch.add(rows, now);
    if (now >= this.openAt) {
      // the page applies these at once, and then pulls
      this.openAt = Number.POSITIVE_INFINITY;
      this.post({ type: 'states', pulled: false, ...this.batch.take() });
    } else if (!this.told) {
      this.told = true;
      this.post({ type: 'held' });
    }
  }

  /** The page applies now: everything held (possibly nothing: the next push after `holdMs` goes at once). */
  pull(now: number): void {
    this.openAt = this.batch.size ? Number.POSITIVE_INFINITY : now + this.holdMs;
    this.told = false;
    this.post({ type: 'states', pulled: true, ...this.batch.take() });
  }

  /** The socket closed: what is held, before the page hears of it. */
  flush(): void {
    if (this.batch.size) this.post({ type: 'states', pulled: false, ...this.batch.take() });
  }
}
