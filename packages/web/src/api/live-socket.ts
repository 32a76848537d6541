import type { LiveEvent, SocketTicket } from '@fleet/shared/answers/live.ts';
import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import { useEffect, useRef, useState } from 'react';
import { api } from './client.ts';
import { type LiveConnection, type LiveHold, openLiveConnection } from './live-transport.ts';

/** Name of the mark a live push sets on arrival; the vessel canvas's next redraw measures `live-update` from it. */
export const LIVE_ARRIVAL_MARK = 'live-arrival';

export type LiveStatus = 'connecting' | 'open' | 'lost';

/** Reconnect delays (ms): quick at first, then every 15 s; immediately when the browser comes back online. */
const BACKOFF = [1000, 2000, 5000, 15000];
/** A second resync (4001) this soon after the previous one waits for the backoff: a client that keeps falling behind must not loop. */
const RESYNC_AGAIN_MS = 30_000;

/**
 * The live connection (docs/decisions.md "Fleet map and live push (issue 13)"): POST /api/socket/ticket, then a
 * WebSocket to /api/socket?ticket=… (never the session token in a URL). Calls `onRows` for every pushed batch and reconnects
 * with a fresh ticket after a drop; `onReconnect` lets the caller reconcile over REST after a gap. With `hold` (the
 * fleet store) the socket lives in a worker that parses the pushes and holds the newest state of each device until
 * the consumer applies readings and asks for them (live-transport.ts).
 * Close codes (docs/operations.md "Live push limits"): 4001 — the server let the socket go because this client fell
 * behind: reconnect at once and resync (`onReconnect`, the pulse); 4002 — a newer socket of the same session or user
 * took its place: reconnect only when the page is looked at again (or the browser comes back online), so that two
 * tabs over the cap do not take turns closing each other.
 */
export function useLiveSocket(
  onRows: (rows: PulseRow[]) => void,
  onReconnect?: () => void,
  /** onEvent: opened High events; eventsOnly: the socket sends only those (no latest states) */
  options: { onEvent?: (event: LiveEvent) => void; eventsOnly?: boolean; hold?: LiveHold } = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onRows, onReconnect, onEvent: options.onEvent });
  handlers.current = { onRows, onReconnect, onEvent: options.onEvent };
  const eventsOnly = options.eventsOnly === true;
  const hold = options.hold;

  useEffect(() => {
    let ws: LiveConnection | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let everOpen = false;
    /** a ticket is being fetched (no second connect meanwhile) */
    let connecting = false;
    let lastResync = Number.NEGATIVE_INFINITY;

    const schedule = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(connect, BACKOFF[Math.min(attempt, BACKOFF.length - 1)]);
      attempt++;
    };
    async function connect() {
      if (stopped || connecting) return;
      connecting = true;
      try {
        const { ticket } = await api.post<SocketTicket>('/socket/ticket', undefined, { background: true });
        connecting = false;
        if (stopped) return;
        const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const only = eventsOnly ? '&only=events' : '';
        const conn = openLiveConnection(
          `${proto}//${location.host}/api/socket?ticket=${encodeURIComponent(ticket)}${only}`,
          {
            hello: () => {
              attempt = 0;
              setStatus('open');
              if (everOpen) handlers.current.onReconnect?.();
              everOpen = true;
            },
            states: (rows, how) => {
              // timing for the browser benchmark: the redraw this push causes measures `live-update` from this mark
              performance.mark(LIVE_ARRIVAL_MARK, { startTime: how.arrived });
              handlers.current.onRows(rows);
              performance.clearMeasures('live-message');
              performance.measure('live-message', {
                start: how.began,
                detail: { rows: how.received, pushes: how.pushes },
              });
            },
            event: (event) => handlers.current.onEvent?.(event),
            closed: (code) => {
              if (ws !== conn || stopped) return;
              ws = null;
              if (code === LIVE_CLOSE.resync) {
                const now = Date.now();
                const again = now - lastResync < RESYNC_AGAIN_MS;
                lastResync = now;
                setStatus('connecting');
                if (again) schedule();
                else void connect();
                return;
              }
              setStatus('lost');
              if (code !== LIVE_CLOSE.replaced) schedule();
            },
          },
          hold,
        );
        ws = conn;
      } catch {
        connecting = false;
        setStatus('lost');
        schedule();
      }
    }
    const wake = () => {
      if (!ws && !connecting && !stopped) {
        attempt = 0;
        clearTimeout(timer);
        void connect();
      }
    };
    const looked = () => {
      if (document.visibilityState === 'visible') wake();
    };
    void connect();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', looked);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', looked);
      ws?.close();
    };
  }, [eventsOnly, hold]);

  return status;
}
