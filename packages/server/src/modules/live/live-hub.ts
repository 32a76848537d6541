import type { LiveEvent } from '@fleet/shared/answers/live.ts';
import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import { isOnline } from '@fleet/shared/online.ts';
import { telemetryType } from '@fleet/shared/telemetry.ts';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { HIGH_PRIORITY, type OpenedEvent, onEventsOpened } from '../event-engine/opened.ts';
import type { LatestState } from '../telemetry/telemetry-store.ts';
import { onLatestState } from './ingest-stage.ts';
import { sessionLive } from './tickets.ts';

/** The PostgreSQL channel that carries committed latest states between server processes. */
export const LIVE_CHANNEL = 'fleet_live';
/** Keep-alive message interval (under common proxy idle timeouts of 60 s; research wave2 §1). */
export const KEEPALIVE_MS = 25_000;
/** How often a subscriber's visible assets and session are read again. */
export const RESCOPE_MS = 60_000;
/** NOTIFY payloads must stay under PostgreSQL's 8,000 bytes. */
const MAX_PAYLOAD = 7000;
/**
 * Default of LIVE_COALESCE_MS: a subscriber gets at most one `states` message per this interval, carrying every
 * device whose latest state changed in it (docs/decisions.md "Fleet map with 1,000 live vessels").
 */
export const DEFAULT_COALESCE_MS = 100;

/** Per-socket send budget and socket caps (LIVE_SEND_BUFFER_KB, LIVE_MAX_SOCKETS_PER_SESSION, …_PER_USER). */
export interface LiveLimits {
  /** a socket with more than this many bytes still unsent when the next message is due is closed (4001) */
  sendBufferBytes: number;
  /** a new socket beyond these closes the oldest of its session / user (4002) */
  maxSocketsPerSession: number;
  maxSocketsPerUser: number;
}
export const DEFAULT_LIMITS: LiveLimits = {
  sendBufferBytes: 1024 * 1024,
  maxSocketsPerSession: 8,
  maxSocketsPerUser: 16,
};

const hubs = new WeakMap<Database, LiveHub>();
/** The running hub of a database (tests: end a coalescing window with `flush()`). */
export function liveHubOf(database: Database): LiveHub | undefined {
  return hubs.get(database);
}

export interface LiveSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  /** bytes queued but not yet handed to the kernel (ws) */
  readonly bufferedAmount: number;
}

interface Subscriber {
  socket: LiveSocket;
  userId: string;
  compId: number | null;
  sessHash: string;
  assets: Set<number>;
  /** false: the socket asked for High events only (the app shell's badge), no latest states */
  states: boolean;
}

interface DeviceInfo {
  devcUniqueId: string;
  devcType: string;
  devcLabel: string | null;
  devcMassId: number | null;
}

/**
 * Fan-out of committed latest states to the open sockets (docs/decisions.md "Fleet map and live push (issue 13)").
 * Each subscriber gets only the rows of vessels it may see (tenant scope re-read every 60 s). SQLite: the hub hears its own process's
 * ingest. PostgreSQL: every process NOTIFYs what it ingested on `fleet_live` and every process LISTENs, so a
 * reading ingested by one process reaches the subscribers of all of them.
 *
 * Coalescing: states are not sent one ingest at a time. They wait in `pending` (the newest per device) and go out
 * together at most once per `coalesceMs`: a state that arrives after a quiet interval leaves at once (on the next
 * turn of the event loop, with whatever else arrived in the same turn), one that arrives sooner waits for the end
 * of the interval. A fleet whose 1,000 gateways post within a second so reaches a browser as ~10 messages instead
 * of 1,000, and a lone reading is not delayed at all.
 */
export class LiveHub {
  private subscribers = new Set<Subscriber>();
  private devices = new Map<number, DeviceInfo>();
  private listenClient: pg.Client | null = null;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private unsubscribeEvents: (() => void) | null = null;
  private closed = false;
  /** states waiting for the end of the coalescing interval, the newest per device */
  private pending = new Map<number, LatestState>();
  private flushTimer: NodeJS.Timeout | null = null;
  private lastFlush = 0;

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
    /** a session idle longer than this has ended (SESSION_IDLE_HOURS) */
    private idleSeconds: number,
    /** at most one states message per this many ms (LIVE_COALESCE_MS); 0 sends each batch on its own */
    private coalesceMs = DEFAULT_COALESCE_MS,
    private limits: LiveLimits = DEFAULT_LIMITS,
  ) {}

  /** Sockets closed because their client stayed behind, and because a newer one took their place (bench, tests). */
  readonly closedCount = { behind: 0, replaced: 0 };

  get size() {
    return this.subscribers.size;
  }

  /** Devices whose state waits for the end of the coalescing interval. */
  get pendingCount() {
    return this.pending.size;
  }

  /** The state of a device that waits for the end of the interval (tests). */
  pendingState(deviceId: number): LatestState | undefined {
    return this.pending.get(deviceId);
  }

  async start(): Promise<void> {
    hubs.set(this.database, this);
    this.unsubscribe = onLatestState((db, states) => {
      if (db !== this.database) return;
      if (this.database.dialect === 'postgres') this.notify(states);
      else this.queue(states);
    });
    this.unsubscribeEvents = onEventsOpened((db, opened) => {
      if (db !== this.database) return;
      const high = opened.filter((e) => e.priority === HIGH_PRIORITY);
      if (!high.length) return;
      if (this.database.dialect === 'postgres') this.notifyEvents(high);
      else void this.deliverEvents(high).catch((err: Error) => this.log.warn({ err: err.message }, 'live push: event'));
    });
    if (this.database.dialect === 'postgres') await this.listen();
    this.timers.push(setInterval(() => this.broadcast('{"type":"ping"}'), KEEPALIVE_MS));
    this.timers.push(setInterval(() => void this.rescopeAll(), RESCOPE_MS));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (hubs.get(this.database) === this) hubs.delete(this.database);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending.clear();
    this.unsubscribe?.();
    this.unsubscribeEvents?.();
    for (const t of this.timers) clearInterval(t);
    for (const s of this.subscribers) s.socket.close(1001, 'server shutting down');
    this.subscribers.clear();
    const c = this.listenClient;
    this.listenClient = null;
    await c?.end().catch(() => {});
  }

  /**
   * Adds an authenticated socket and reads its visible assets (nothing is sent to it before). Returns the remover.
   * The socket counts against the caps at once, so that sockets opened together cannot pass them.
   */
  async add(
    socket: LiveSocket,
    owner: { userId: string; compId: number | null; sessHash: string },
    opts: { states?: boolean } = {},
  ) {
    const sub: Subscriber = { socket, ...owner, assets: new Set(), states: opts.states ?? true };
    this.makeRoom(sub);
    this.subscribers.add(sub);
    try {
      sub.assets = new Set(
        await visibleAssetIds(this.database.db, { userId: owner.userId, activeCompId: owner.compId } as never),
      );
    } catch (err) {
      this.subscribers.delete(sub);
      throw err;
    }
    return () => this.subscribers.delete(sub);
  }

  /**
   * Caps per session and per user: the oldest sockets go (4002), not the new one. The newest is the page the user
   * just opened; refusing it would let sockets of vanished clients (not yet noticed as closed) lock a user out.
   */
  private makeRoom(sub: Subscriber) {
    const evict = (same: (s: Subscriber) => boolean, max: number) => {
      const mine = [...this.subscribers].filter(same);
      for (const old of mine.slice(0, Math.max(0, mine.length + 1 - max))) {
        this.closedCount.replaced++;
        this.drop(old, LIVE_CLOSE.replaced, 'replaced by a newer live connection');
      }
    };
    evict((s) => s.sessHash === sub.sessHash, this.limits.maxSocketsPerSession);
    evict((s) => s.userId === sub.userId, this.limits.maxSocketsPerUser);
  }

  /** Stops sending to a socket and closes it with `code` (its close frame follows what is still buffered). */
  private drop(sub: Subscriber, code: number, reason: string) {
    this.subscribers.delete(sub);
    try {
      sub.socket.close(code, reason);
    } catch {
      // already gone
    }
  }

  // ------------------------------------------------------------ cross-process (PostgreSQL)

  /** The pool of a PostgreSQL database (the cross-process push runs only there). */
  private get pool(): pg.Pool {
    if (this.database.dialect !== 'postgres') throw new Error('live push: cross-process delivery needs PostgreSQL');
    return this.database.pool;
  }

  private async listen() {
    // its own connection, with the pool's settings: a LISTEN must stay on one session
    const client = new pg.Client((this.pool as unknown as { options: pg.ClientConfig }).options);
    client.on('error', (err) => {
      this.log.warn({ err: err.message }, 'live push: LISTEN connection lost; reconnecting');
      if (this.listenClient === client) this.listenClient = null;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => {}), 2000).unref();
    });
    client.on('notification', (msg) => {
      if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
      try {
        const payload = JSON.parse(msg.payload) as LatestState[] | { events: OpenedEvent[] };
        if (Array.isArray(payload)) this.queue(payload);
        else if (Array.isArray(payload?.events))
          void this.deliverEvents(payload.events).catch((err: Error) =>
            this.log.warn({ err: err.message }, 'live push: event'),
          );
      } catch {
        // a foreign payload on our channel: ignore
      }
    });
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
    this.listenClient = client;
  }

  private notify(states: LatestState[]) {
    const pool = this.pool;
    let chunk: LatestState[] = [];
    let size = 2;
    const flush = () => {
      if (!chunk.length) return;
      const payload = JSON.stringify(chunk);
      chunk = [];
      size = 2;
      pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((err: Error) => {
        this.log.warn({ err: err.message }, 'live push: NOTIFY failed');
      });
    };
    for (const s of states) {
      const len = s.data.length + 60;
      if (size + len > MAX_PAYLOAD) flush();
      chunk.push(s);
      size += len;
    }
    flush();
  }

  /** Opened High events to every process (they are few and small: one NOTIFY per batch). */
  private notifyEvents(events: OpenedEvent[]) {
    const payload = JSON.stringify({ events: events.slice(0, 40) });
    this.pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((err: Error) => {
      this.log.warn({ err: err.message }, 'live push: NOTIFY failed');
    });
  }

  // ------------------------------------------------------------ coalescing

  /** Keeps the newest state per device until the coalescing interval ends (class comment). */
  private queue(states: LatestState[]) {
    if (this.closed || !this.subscribers.size) return;
    for (const s of states) {
      const old = this.pending.get(s.deviceId);
      if (!old || s.ts >= old.ts) this.pending.set(s.deviceId, s);
    }
    if (this.flushTimer || !this.pending.size) return;
    const wait = Math.max(0, this.lastFlush + this.coalesceMs - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
    this.flushTimer.unref();
  }

  /** Sends what is pending now and starts a new interval (the timer's end; tests call it to end a long one). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.pending.size) return;
    const states = [...this.pending.values()];
    this.pending.clear();
    this.lastFlush = Date.now();
    this.deliver(states).catch((err: Error) => this.log.warn({ err: err.message }, 'live push: deliver'));
  }

  // ------------------------------------------------------------ fan-out

  /** Sends each opened High event to the subscribers who may see its vessel. */
  async deliverEvents(events: OpenedEvent[]): Promise<void> {
    if (!this.subscribers.size || !events.length) return;
    const ids = [...new Set(events.map((e) => e.massId))];
    const rows = await this.database.db
      .selectFrom('asset')
      .select(['massId', 'massName'])
      .where('massId', 'in', ids)
      .execute();
    const names = new Map(rows.map((r: { massId: unknown; massName: string }) => [Number(r.massId), r.massName]));
    for (const e of events) {
      const event: LiveEvent = {
        massId: e.massId,
        massName: names.get(e.massId) ?? '',
        gatewayUid: e.gatewayUid,
        mevtId: e.mevtId,
        eventName: e.type,
        timestamp: e.timestamp,
      };
      const text = JSON.stringify({ type: 'event', event });
      for (const sub of this.subscribers) if (sub.assets.has(e.massId)) this.send(sub, text);
    }
  }

  private async deviceInfo(ids: number[]): Promise<Map<number, DeviceInfo>> {
    const missing = ids.filter((id) => !this.devices.has(id));
    if (missing.length) {
      const rows = await this.database.db
        .selectFrom('device')
        .select(['devcId', 'devcUniqueId', 'devcType', 'devcLabel', 'devcMassId'])
        .where('devcId', 'in', missing)
        .execute();
      for (const r of rows)
        this.devices.set(Number(r.devcId), {
          devcUniqueId: r.devcUniqueId,
          devcType: telemetryType(r.devcType) ?? String(r.devcType),
          devcLabel: r.devcLabel ?? null,
          devcMassId: r.devcMassId === null ? null : Number(r.devcMassId),
        });
    }
    return this.devices;
  }

  /** Sends each subscriber the rows of its visible vessels. */
  async deliver(states: LatestState[]): Promise<void> {
    if (!this.subscribers.size || !states.length) return;
    const info = await this.deviceInfo([...new Set(states.map((s) => s.deviceId))]);
    const byMass = new Map<number, PulseRow[]>();
    const now = nowSeconds();
    for (const s of states) {
      const d = info.get(s.deviceId);
      if (!d || d.devcMassId === null) continue;
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(s.data);
      } catch {
        continue;
      }
      const row: PulseRow = {
        deviceId: d.devcUniqueId,
        devcId: s.deviceId,
        devcUniqueId: d.devcUniqueId,
        devcType: d.devcType,
        devcLabel: d.devcLabel,
        devcMassId: d.devcMassId,
        timestamp: s.ts,
        datetime: new Date(s.ts * 1000).toISOString(),
        online: isOnline(s.ts, now),
        ...data,
      };
      let list = byMass.get(d.devcMassId);
      if (!list) {
        list = [];
        byMass.set(d.devcMassId, list);
      }
      list.push(row);
    }
    if (!byMass.size) return;
    // one serialisation per distinct visible set (most users of a company see the same vessels)
    const cache = new Map<string, string>();
    for (const sub of this.subscribers) {
      if (!sub.states) continue;
      const rows: PulseRow[] = [];
      const masses: number[] = [];
      for (const [massId, list] of byMass)
        if (sub.assets.has(massId)) {
          rows.push(...list);
          masses.push(massId);
        }
      if (!rows.length) continue;
      const key = masses.join(',');
      let text = cache.get(key);
      if (!text) {
        text = JSON.stringify({ type: 'states', states: rows });
        cache.set(key, text);
      }
      this.send(sub, text);
    }
  }

  /**
   * Sends unless the socket is over its budget: a client that does not read as fast as the fleet reports would
   * otherwise queue without bound in this process (issue 23). It is closed with 4001 instead; the web client
   * reconnects and resyncs from the pulse. At most budget + one message stays queued, until ws's close timeout (30 s)
   * destroys a connection whose client never reads the close frame.
   */
  private send(sub: Subscriber, text: string) {
    if (sub.socket.readyState !== 1) return;
    const buffered = sub.socket.bufferedAmount;
    if (buffered > this.limits.sendBufferBytes) {
      this.closedCount.behind++;
      this.log.info({ userId: sub.userId, buffered }, 'live push: socket closed, its client stayed behind');
      this.drop(sub, LIVE_CLOSE.resync, 'client stayed behind; resync');
      return;
    }
    try {
      sub.socket.send(text);
    } catch {
      this.subscribers.delete(sub);
    }
  }

  private broadcast(text: string) {
    for (const sub of this.subscribers) this.send(sub, text);
  }

  /** Re-reads every subscriber's assets; closes sockets of sessions that ended (code 4000, as Traccar). */
  private async rescopeAll() {
    for (const sub of [...this.subscribers]) {
      if (!this.subscribers.has(sub)) continue; // closed while the others were read
      try {
        if (!(await sessionLive(this.database.db, sub.sessHash, this.idleSeconds))) {
          this.drop(sub, LIVE_CLOSE.sessionEnded, 'session ended');
          continue;
        }
        sub.assets = new Set(
          await visibleAssetIds(this.database.db, { userId: sub.userId, activeCompId: sub.compId } as never),
        );
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'live push: rescope failed');
      }
    }
    // devices may have moved to another vessel: read them again on next use
    this.devices.clear();
  }
}
