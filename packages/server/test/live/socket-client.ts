import WebSocket from 'ws';

/** A test client of /api/socket that records every message and can wait for one matching a predicate. */
export class SocketClient {
  messages: any[] = [];
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  closed: { code: number } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    ws.on('close', (code) => {
      this.closed = { code };
    });
  }

  /** Opens the socket; resolves after the server's hello (subscribed), or rejects with the HTTP status. */
  static open(base: string, ticket: string, query = ''): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(
        `${base.replace(/^http/, 'ws')}/api/socket?ticket=${encodeURIComponent(ticket)}${query}`,
      );
      const c = new SocketClient(ws);
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', (e) => reject(e));
      c.next((m) => m.type === 'hello').then(() => resolve(c));
    });
  }

  /** The next (or an already received) message matching `pred`. */
  next(pred: (m: any) => boolean): Promise<any> {
    const seen = this.messages.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  /** The rows of every 'states' message so far. */
  rows(): any[] {
    return this.messages.filter((m) => m.type === 'states').flatMap((m) => m.states);
  }

  close() {
    this.ws.close();
  }
}
