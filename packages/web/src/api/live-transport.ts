import type { LiveEvent } from '@fleet/shared/answers/live.ts';
import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { type HolderReport, parseLiveMessage } from './live-batch.ts';

/** What the page tells the live socket worker: open the socket (for a consumer applying once per `holdMs`), hand over what it holds, close it. */
export type WorkerCommand = { type: 'open'; url: string; holdMs: number } | { type: 'pull' } | { type: 'close' };

/** What the live socket worker tells the page. `origin`: the worker's performance.timeOrigin (`arrived` is on its clock). */
export type WorkerReport =
  | { type: 'hello' }
  | { type: 'event'; event: LiveEvent }
  | (HolderReport & { origin: number })
  | { type: 'close'; code: number };

/** How pushed states came: all times on the page's clock (performance.now). */
export interface StatesInfo {
  /** when the first push of them arrived (at the socket) */
  arrived: number;
  /** when the page began to handle them (the message's task; for a socket on the page, before parsing) */
  began: number;
  /** rows pushed, and pushes */
  received: number;
  pushes: number;
}

/**
 * A consumer that takes pushed states when it applies readings (the fleet store): with a worker, the worker holds
 * them and the consumer asks for them (`pull`, then its callback once they are merged) at each application.
 */
export interface LiveHold {
  /** the consumer applies at most once per this (ms) */
  readonly holdMs: number;
  /** the pull of the connection in force (null: none, every push comes at once) */
  setPull(pull: ((then: () => void) => void) | null): void;
  /** the worker holds states now: the consumer schedules an application (and pulls then) */
  held(): void;
}

/** What a live connection reports to useLiveSocket, already parsed. */
export interface LiveHandlers {
  hello(): void;
  /** pushed states, and when and how they came */
  states(rows: PulseRow[], how: StatesInfo): void;
  event(event: LiveEvent): void;
  closed(code: number): void;
}

export interface LiveConnection {
  close(): void;
}

/** The socket on the page's own thread: every push parsed and handed on as it arrives. */
function pageSocket(url: string, h: LiveHandlers): LiveConnection {
  const socket = new WebSocket(url);
  socket.onmessage = (e) => {
    const arrived = performance.now();
    const msg = parseLiveMessage(e.data);
    if (!msg) return;
    if (msg.type === 'hello') h.hello();
    else if (msg.type === 'states' && Array.isArray(msg.states))
      h.states(msg.states, { arrived, began: arrived, received: msg.states.length, pushes: 1 });
    else if (msg.type === 'event' && msg.event) h.event(msg.event);
  };
  socket.onclose = (e) => h.closed(e.code);
  return { close: () => socket.close() };
}

/** The worker could not start or failed on this page: its later connections are the page's own sockets. */
let workerFailed = false;
/** A pull not answered in this time (a worker gone) lets the application go on without it (ms). */
const PULL_TIMEOUT_MS = 250;

/** The socket in a worker (live-socket.worker.ts), which parses the pushes and holds them for `hold`. */
function workerSocket(url: string, h: LiveHandlers, hold: LiveHold): LiveConnection {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./live-socket.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerFailed = true;
    return pageSocket(url, h);
  }
  let done = false;
  let waiting: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = () => {
    clearTimeout(timer);
    const then = waiting;
    waiting = [];
    for (const f of then) f();
  };
  const pull = (then: () => void) => {
    waiting.push(then);
    if (waiting.length > 1) return;
    worker.postMessage({ type: 'pull' } satisfies WorkerCommand);
    timer = setTimeout(answered, PULL_TIMEOUT_MS);
  };
  const end = () => {
    done = true;
    hold.setPull(null);
    answered();
  };
  worker.onmessage = (e: MessageEvent<WorkerReport>) => {
    const began = performance.now();
    const r = e.data;
    if (done) return;
    if (r.type === 'states') {
      if (r.rows.length) {
        const arrived = r.arrived + r.origin - performance.timeOrigin;
        h.states(r.rows, { arrived, began, received: r.received, pushes: r.pushes });
      }
      if (r.pulled) answered();
    } else if (r.type === 'held') hold.held();
    else if (r.type === 'hello') h.hello();
    else if (r.type === 'event') h.event(r.event);
    else {
      end();
      worker.terminate();
      h.closed(r.code);
    }
  };
  worker.onerror = () => {
    // reported as a dropped socket: useLiveSocket reconnects, with the page's own socket
    workerFailed = true;
    if (done) return;
    end();
    worker.terminate();
    h.closed(1006);
  };
  worker.postMessage({ type: 'open', url, holdMs: hold.holdMs } satisfies WorkerCommand);
  hold.setPull(pull);
  return {
    close: () => {
      end();
      worker.postMessage({ type: 'close' } satisfies WorkerCommand);
    },
  };
}

/** Opens the live socket at `url`: in a worker holding states for `hold` when given and possible. */
export function openLiveConnection(url: string, h: LiveHandlers, hold?: LiveHold): LiveConnection {
  if (hold && typeof Worker === 'function' && !workerFailed) return workerSocket(url, h, hold);
  return pageSocket(url, h);
}
