import type { LiveEvent } from '@fleet/shared/answers/live.ts';
import { create } from 'zustand';

/**
 * The navigation bar's High event badge, shared by the tabs of one browser (issue 17): each tab's socket pushes the
 * same events, so the tabs share the set of events not yet seen — by key, so an event counts once however many tabs
 * received it — over a BroadcastChannel per signed-in user.
 * - A High event pushed to a tab counts in every tab, unless that tab shows the Event Log: then it is seen.
 * - Opening the Event Log in a tab clears the badge in every tab; an event cleared so is not counted again when
 *   another tab's socket delivers it late.
 * - A tab that opens asks the others for the set, so it shows the same badge at once.
 */

export type BadgeMessage =
  | { type: 'add'; key: string }
  | { type: 'clear'; seen: string[] }
  | { type: 'hello' }
  | { type: 'state'; unseen: string[]; seen: string[] };

/** Where a tab's messages go: the other tabs (a BroadcastChannel does not echo to its sender). */
export interface BadgePort {
  post(message: BadgeMessage): void;
}

/** The key of an opened event: one Active event per gateway and event type, from its start. */
export const highEventKey = (e: Pick<LiveEvent, 'gatewayUid' | 'mevtId' | 'timestamp'>) =>
  `${e.gatewayUid}|${e.mevtId}|${e.timestamp}`;

/** Seen keys kept (against late deliveries of cleared events); older ones are forgotten first. */
const SEEN_KEPT = 500;

/** One tab's copy of the shared badge. */
export class HighEventBadge {
  private unseen = new Set<string>();
  private seen = new Set<string>();
  /** between hello and this tab's own first clear: the other tabs' answers are taken */
  private joining = false;

  constructor(
    private readonly port: BadgePort | null,
    private readonly onCount: (count: number) => void,
  ) {}

  get count(): number {
    return this.unseen.size;
  }

  /** Asks the other tabs for their set (a tab that just opened). */
  hello(): void {
    this.joining = true;
    this.port?.post({ type: 'hello' });
  }

  /** A High event pushed to this tab's socket; `onLog`: this tab shows the Event Log. */
  received(key: string, onLog: boolean): void {
    if (onLog) {
      this.clear([key]);
      return;
    }
    if (this.add(key)) this.port?.post({ type: 'add', key });
  }

  /** The Event Log opened in this tab (and `also` counts as seen). */
  clear(also: string[] = []): void {
    const seen = [...this.unseen, ...also];
    this.joining = false;
    this.markSeen(seen);
    this.port?.post({ type: 'clear', seen });
  }

  /** A message of another tab. */
  onMessage(m: BadgeMessage): void {
    switch (m.type) {
      case 'add':
        this.add(m.key);
        return;
      case 'clear':
        this.markSeen(m.seen);
        return;
      case 'hello':
        if (this.unseen.size || this.seen.size)
          this.port?.post({ type: 'state', unseen: [...this.unseen], seen: [...this.seen] });
        return;
      case 'state': {
        if (!this.joining) return;
        for (const k of m.seen) this.seen.add(k);
        let changed = false;
        for (const k of m.unseen)
          if (!this.seen.has(k) && !this.unseen.has(k)) {
            this.unseen.add(k);
            changed = true;
          }
        if (changed) this.onCount(this.unseen.size);
      }
    }
  }

  private add(key: string): boolean {
    if (this.seen.has(key) || this.unseen.has(key)) return false;
    this.unseen.add(key);
    this.onCount(this.unseen.size);
    return true;
  }

  /** Everything unseen is cleared (the Event Log was opened somewhere); `keys` are remembered as seen. */
  private markSeen(keys: string[]): void {
    for (const k of keys) this.seen.add(k);
    for (const k of this.unseen) this.seen.add(k);
    while (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value as string);
    const had = this.unseen.size;
    this.unseen.clear();
    if (had) this.onCount(0);
  }
}

/** High events pushed since the user last opened the Event Log (in any tab): the navigation bar's badge. */
export const useHighEvents = create<{ count: number }>()(() => ({ count: 0 }));

let current: HighEventBadge | null = null;

/** Joins the tabs of this browser signed in as `userId`; returns the leave function (sign-out, unmount). */
export function joinHighEventBadge(userId: string): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`fleet-high-events:${userId}`);
  const badge = new HighEventBadge(channel && { post: (m) => channel.postMessage(m) }, (count) =>
    useHighEvents.setState({ count }),
  );
  if (channel) channel.onmessage = (e: MessageEvent<BadgeMessage>) => badge.onMessage(e.data);
  current = badge;
  useHighEvents.setState({ count: 0 });
  badge.hello();
  return () => {
    channel?.close();
    if (current === badge) current = null;
    useHighEvents.setState({ count: 0 });
  };
}

/** A High event pushed to this tab. */
export function highEventReceived(e: LiveEvent, onLog: boolean): void {
  current?.received(highEventKey(e), onLog);
}

/** The Event Log opened in this tab. */
export function eventLogOpened(): void {
  current?.clear();
}
