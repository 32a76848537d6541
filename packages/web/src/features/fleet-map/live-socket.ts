import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { LIVE_ARRIVAL_MARK } from '../../components/map/vessel-canvas.ts';

/** One latest reading as `/api/series/device/{kind}/pulse` and the live socket send it. */
export interface PulseRow {
  devcId: number;
  devcUniqueId: string;
  devcType: string;
  devcLabel: string | null;
  devcMassId: number | null;
  timestamp: number;
  [metric: string]: unknown;
}

export type LiveStatus = 'connecting' | 'open' | 'lost';

/** A High priority event that opened on a visible vessel (issue 17), as the socket pushes it. */
export interface LiveEvent {
  massId: number;
  massName: string;
  gatewayUid: string;
  mevtId: number;
  eventName: string;
  timestamp: number;
}

/** Reconnect delays (ms): quick at first, then every 15 s; immediately when the browser comes back online. */
const BACKOFF = [1000, 2000, 5000, 15000];

/**
 * The live connection (ARCHITECTURE.md "live push"): POST /api/socket/ticket, then a WebSocket to
 * /api/socket?ticket=… (never the session token in a URL). Calls `onRows` for every pushed batch and reconnects
 * with a fresh ticket after a drop; `onReconnect` lets the caller reconcile over REST after a gap.
 */
export function useLiveSocket(
  onRows: (rows: PulseRow[]) => void,
  onReconnect?: () => void,
  /** onEvent: opened High events; eventsOnly: the socket sends only those (no latest states) */
  options: { onEvent?: (event: LiveEvent) => void; eventsOnly?: boolean } = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onRows, onReconnect, onEvent: options.onEvent });
  handlers.current = { onRows, onReconnect, onEvent: options.onEvent };
  const eventsOnly = options.eventsOnly === true;

  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let everOpen = false;

    const schedule = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(connect, BACKOFF[Math.min(attempt, BACKOFF.length - 1)]);
      attempt++;
    };
    async function connect() {
      if (stopped) return;
      try {
        const { ticket } = await api.post<{ ticket: string }>('/socket/ticket', undefined, { silent: true });
        if (stopped) return;
        const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const only = eventsOnly ? '&only=events' : '';
        const socket = new WebSocket(
          `${proto}//${location.host}/api/socket?ticket=${encodeURIComponent(ticket)}${only}`,
        );
        ws = socket;
        socket.onmessage = (e) => {
          const arrived = performance.now();
          let msg: { type?: string; states?: PulseRow[]; event?: LiveEvent };
          try {
            msg = JSON.parse(String(e.data));
          } catch {
            return;
          }
          if (msg.type === 'hello') {
            attempt = 0;
            setStatus('open');
            if (everOpen) handlers.current.onReconnect?.();
            everOpen = true;
          } else if (msg.type === 'states' && Array.isArray(msg.states)) {
            // timing for the browser benchmark: the redraw this push causes measures `live-update` from this mark
            performance.mark(LIVE_ARRIVAL_MARK, { startTime: arrived });
            handlers.current.onRows(msg.states);
            performance.clearMeasures('live-message');
            performance.measure('live-message', { start: arrived, detail: { rows: msg.states.length } });
          } else if (msg.type === 'event' && msg.event) handlers.current.onEvent?.(msg.event);
        };
        socket.onclose = () => {
          if (ws !== socket || stopped) return;
          ws = null;
          setStatus('lost');
          schedule();
        };
      } catch {
        setStatus('lost');
        schedule();
      }
    }
    const wake = () => {
      if (!ws && !stopped) {
        attempt = 0;
        clearTimeout(timer);
        void connect();
      }
    };
    void connect();
    window.addEventListener('online', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      ws?.close();
    };
  }, [eventsOnly]);

  return status;
}
