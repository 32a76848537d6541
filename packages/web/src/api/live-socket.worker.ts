/**
 * The live socket off the main thread (docs/decisions.md "Fleet map live round"): this worker holds the WebSocket,
 * parses what it pushes and keeps the newest state per device until the page applies readings (LiveHolder), so the
 * page handles one message per application instead of one per push. `hello`, `event` and the close code are passed
 * on as they come.
 */
import { LiveHolder, parseLiveMessage } from './live-batch.ts';
import type { WorkerCommand, WorkerReport } from './live-transport.ts';

/** What a dedicated worker's global scope offers here (the project's TypeScript lib is the DOM's). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkerCommand>) => void) | null;
  postMessage(message: WorkerReport): void;
  close(): void;
}
const scope = self as unknown as WorkerScope;

let holder: LiveHolder | null = null;
let socket: WebSocket | null = null;

scope.onmessage = (e) => {
  const c = e.data;
  if (c.type === 'pull') return holder?.pull(performance.now());
  if (c.type === 'close') {
    socket?.close();
    scope.close();
    return;
  }
  // the page's clock differs from this worker's by their time origins
  const hold = new LiveHolder(c.holdMs, (r) => scope.postMessage({ ...r, origin: performance.timeOrigin }));
  holder = hold;
  const ws = new WebSocket(c.url);
  socket = ws;
  ws.onmessage = (m) => {
    const arrived = performance.now();
    const msg = parseLiveMessage(m.data);
    if (!msg) return;
    if (msg.type === 'states' && Array.isArray(msg.states)) hold.push(msg.states, arrived);
    else if (msg.type === 'hello') scope.postMessage({ type: 'hello' });
    else if (msg.type === 'event' && msg.event) scope.postMessage({ type: 'event', event: msg.event });
  };
  ws.onclose = (ev) => {
    // what was held reaches the page before it hears of the drop (and reconciles over REST)
    hold.flush();
    scope.postMessage({ type: 'close', code: ev.code });
  };
};
