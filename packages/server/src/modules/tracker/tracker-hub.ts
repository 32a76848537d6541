import dgram from 'node:dgram';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestPipeline } from '../telemetry/pipeline.ts';
import { DecodeError, encodeCommand, tcpAck } from './codec.ts';
import { findTracker, type TrackerDevice } from './devices.ts';
import { type Frame, FrameReader } from './framing.ts';
import { storeRecords } from './tracker-store.ts';
import { decodeUdp, udpAck } from './udp.ts';

/**
 * The Teltonika listeners (docs/decisions.md "Teltonika trackers", docs/operations.md): TCP and UDP on one port.
 * TCP: IMEI handshake answered 01 only for a known active tracker (00 and close otherwise); each AVL frame stored,
 * then acknowledged with its record count — never before the commit; a bad frame closes that connection with a
 * log line. Codec 12 commands go out on the tracker's open connection, one at a time, and wait for its response.
 * UDP: each datagram decoded, stored, then acknowledged (packet id echoed).
 * Limits: identified connections in total, not yet identified ones in total (their own small cap: the oldest
 * gives way to a new one, so connections that never send an IMEI cannot lock trackers out), connections per
 * address, a handshake deadline counted from connect (keep-alive bytes do not extend it), an idle timeout, a
 * deadline for a frame that has started to arrive (slow drip), a bound on a frame's size. IMEIs that are not an
 * active tracker are remembered for a while (no database query per packet of a flood); bad UDP datagrams are
 * logged at most once per interval, with a count.
 */
export interface HubLimits {
  /** identified (IMEI accepted) connections in total */
  maxConnections: number;
  /** connections that have not identified yet, in total */
  maxUnidentified: number;
  maxPerAddress: number;
  /** from connect to a complete IMEI, whatever bytes arrive */
  handshakeTimeoutMs: number;
  idleTimeoutMs: number;
  frameTimeoutMs: number;
  commandTimeoutMs: number;
  /** how long an IMEI found not to be an active tracker is answered from memory */
  unknownImeiTtlMs: number;
  /** at most this many such IMEIs remembered (the oldest forgotten first) */
  unknownImeiCacheSize: number;
  /** one log line per this interval for dropped UDP datagrams (with a count) */
  udpLogIntervalMs: number;
}

export const DEFAULT_LIMITS: HubLimits = {
  maxConnections: 5000,
  maxUnidentified: 200,
  maxPerAddress: 50,
  handshakeTimeoutMs: 30_000,
  idleTimeoutMs: 15 * 60_000,
  frameTimeoutMs: 30_000,
  commandTimeoutMs: 30_000,
  unknownImeiTtlMs: 60_000,
  unknownImeiCacheSize: 10_000,
  udpLogIntervalMs: 60_000,
};

export class TrackerOffline extends Error {}
export class CommandTimeout extends Error {}

export interface CommandAnswer {
  command: string;
  response: string;
  /** epoch seconds */
  sentTime: number;
  answerTime: number;
}

export interface HubStats {
  connections: number;
  /** connections that have not identified yet */
  unidentified: number;
  /** tracker look-ups that went to the database (unknown IMEIs remembered are not counted) */
  lookups: number;
  frames: number;
  records: number;
  refusedFrames: number;
  datagrams: number;
}

interface Pending {
  resolve(text: string): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

class Connection {
  readonly reader = new FrameReader();
  device?: TrackerDevice;
  /** a complete IMEI has arrived (its look-up may still run) */
  imeiReceived = false;
  readonly connectedTime = Math.floor(Date.now() / 1000);
  lastFrameTime = this.connectedTime;
  closed = false;
  private queue: Frame[] = [];
  private busy = false;
  private frameTimer?: NodeJS.Timeout;
  private handshakeTimer?: NodeJS.Timeout;
  pending?: Pending;
  commands: Promise<unknown> = Promise.resolve();

  constructor(
    readonly hub: TrackerHub,
    readonly socket: net.Socket,
    readonly address: string,
  ) {
    socket.setNoDelay(true);
    // absolute, from connect: keep-alive bytes before the IMEI must not extend it (a socket timeout would)
    this.handshakeTimer = setTimeout(() => {
      if (this.closed)
        this.socket.destroy(); // refused (00 sent) but the peer keeps its side open
      else if (!this.device) this.drop('no handshake in time', 'info');
    }, hub.limits.handshakeTimeoutMs);
    socket.on('timeout', () => this.drop('idle timeout', 'info'));
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (err) => this.drop(`socket error: ${err.message}`, 'info'));
    socket.on('close', () => this.cleanup());
  }

  private onData(chunk: Buffer) {
    if (this.closed) return;
    let frames: Frame[];
    try {
      frames = this.reader.push(chunk);
    } catch (err) {
      this.refuse(err);
      return;
    }
    // a frame that has begun must finish within the deadline (slow drip)
    if (this.reader.pending === 0) {
      clearTimeout(this.frameTimer);
      this.frameTimer = undefined;
    } else if (!this.frameTimer) {
      this.frameTimer = setTimeout(() => this.drop('frame not completed in time'), this.hub.limits.frameTimeoutMs);
    }
    if (!frames.length) return;
    this.queue.push(...frames);
    void this.pump();
  }

  private refuse(err: unknown) {
    if (err instanceof DecodeError) {
      this.hub.stats.refusedFrames++;
      this.drop(`bad frame: ${err.message}`);
    } else this.drop(`error: ${(err as Error).message}`, 'error');
  }

  /** Frames are handled one at a time, in order; the socket is paused meanwhile (back-pressure). */
  private async pump() {
    if (this.busy) return;
    this.busy = true;
    this.socket.pause();
    try {
      while (this.queue.length && !this.closed) await this.handle(this.queue.shift()!);
    } catch (err) {
      this.refuse(err);
    } finally {
      this.busy = false;
      if (!this.closed) this.socket.resume();
    }
  }

  private async handle(frame: Frame) {
    this.lastFrameTime = Math.floor(Date.now() / 1000);
    if (frame.kind === 'keepalive') return;
    if (frame.kind === 'imei') {
      this.imeiReceived = true;
      const device = await this.hub.lookup(frame.imei);
      if (this.closed) return;
      if (!device) {
        this.hub.log.info({ imei: frame.imei, remote: this.address }, 'teltonika: unknown or inactive tracker refused');
        this.refuseHandshake();
        return;
      }
      if (!this.hub.attach(this, device)) {
        this.hub.log.warn(
          { imei: frame.imei, remote: this.address, identified: this.hub.identified },
          'teltonika: tracker refused (connection cap reached)',
        );
        this.refuseHandshake();
        return;
      }
      clearTimeout(this.handshakeTimer);
      this.socket.setTimeout(this.hub.limits.idleTimeoutMs);
      this.socket.write(Buffer.from([1]));
      this.hub.log.info({ imei: device.imei, remote: this.address }, 'teltonika: tracker connected');
      return;
    }
    if (frame.kind === 'avl') {
      const records = frame.data.records;
      if (this.hub.stopping) return; // the server is stopping: not stored, not acknowledged; the tracker resends
      const outcome = await this.hub.storing(storeRecords(this.hub.ingest, this.device!, records));
      if (this.closed) return; // the connection went away before the commit: no acknowledgement, the tracker resends
      this.hub.stats.frames++;
      this.hub.stats.records += records.length;
      if (outcome.rejected)
        this.hub.log.warn(
          { imei: this.device!.imei, rejected: outcome.rejected, reasons: outcome.reasons },
          'teltonika: records refused by validation (acknowledged, not stored)',
        );
      this.socket.write(tcpAck(records.length));
      return;
    }
    for (const m of frame.data.messages) {
      if (m.type === 6) {
        const p = this.pending;
        this.pending = undefined;
        if (p) {
          clearTimeout(p.timer);
          p.resolve(m.payload.toString('latin1'));
        } else this.hub.log.info({ imei: this.device!.imei }, 'teltonika: command response without a command');
      } else if (m.type === 5) throw new DecodeError('a command message sent by a tracker');
      else this.hub.log.info({ imei: this.device!.imei, type: m.type }, 'teltonika: message type ignored');
    }
  }

  /** 00 and close; the connection stops counting at once (the peer may be slow to close). */
  private refuseHandshake() {
    this.socket.end(Buffer.from([0]));
    this.closed = true;
    this.hub.detach(this);
  }

  /** Sends one codec 12 command and waits for its response (commands queue per connection). */
  exchange(command: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (this.closed) {
        reject(new TrackerOffline('The tracker is not connected'));
        return;
      }
      const timer = setTimeout(() => {
        this.pending = undefined;
        reject(new CommandTimeout(`The tracker did not answer within ${this.hub.limits.commandTimeoutMs / 1000} s`));
      }, this.hub.limits.commandTimeoutMs);
      this.pending = { resolve, reject, timer };
      this.socket.write(encodeCommand(command));
    });
  }

  drop(reason: string, level: 'info' | 'warn' | 'error' = 'warn') {
    if (this.closed && this.socket.destroyed) return;
    this.hub.log[level]({ imei: this.device?.imei, remote: this.address, reason }, 'teltonika: connection closed');
    this.closed = true;
    this.socket.destroy();
    this.cleanup();
  }

  private cleanup() {
    this.closed = true;
    clearTimeout(this.frameTimer);
    clearTimeout(this.handshakeTimer);
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending.reject(new TrackerOffline('The tracker disconnected before answering'));
      this.pending = undefined;
    }
    this.hub.detach(this);
  }
}

/**
 * One warn line per interval for a kind of event that can come in floods: the first at once, then what came
 * after it within the interval as one line with a count when the interval ends.
 */
class ThrottledLog {
  private suppressed = 0;
  private last?: object;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly message: string,
    private readonly intervalMs: number,
  ) {}

  add(fields: object) {
    if (this.timer) {
      this.suppressed++;
      this.last = fields;
      return;
    }
    this.log.warn({ ...fields, count: 1 }, this.message);
    this.arm();
  }

  private arm() {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.suppressed) {
        this.flush();
        this.arm();
      }
    }, this.intervalMs);
    this.timer.unref();
  }

  private flush() {
    this.log.warn({ ...this.last, count: this.suppressed, intervalMs: this.intervalMs }, this.message);
    this.suppressed = 0;
    this.last = undefined;
  }

  /** Logs what is still counted (the listener is closing). */
  close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.suppressed) this.flush();
  }
}

export class TrackerHub {
  readonly limits: HubLimits;
  readonly stats: HubStats = {
    connections: 0,
    unidentified: 0,
    lookups: 0,
    frames: 0,
    records: 0,
    refusedFrames: 0,
    datagrams: 0,
  };
  private readonly online = new Map<number, Connection>();
  private readonly connections = new Set<Connection>();
  /** not identified yet, oldest first (insertion order) */
  private readonly unidentified = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  /** IMEI → until when it is known not to be an active tracker (epoch ms); Map order = oldest first */
  private readonly unknownImeis = new Map<string, number>();
  /** look-ups under way: a burst of one IMEI's packets waits for one query */
  private readonly lookingUp = new Map<string, Promise<TrackerDevice | undefined>>();
  private readonly badDatagrams: ThrottledLog;
  private readonly unknownDatagrams: ThrottledLog;
  private tcp?: net.Server;
  private udp?: dgram.Socket;
  /** batches being stored now: close() lets them commit and be acknowledged first */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** close() has begun: no new batch is started */
  stopping = false;

  constructor(
    /** where the trackers' records go (the app's ingest pipeline); its database knows the trackers */
    readonly ingest: IngestPipeline,
    readonly log: FastifyBaseLogger,
    limits: Partial<HubLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.badDatagrams = new ThrottledLog(log, 'teltonika: UDP datagram dropped', this.limits.udpLogIntervalMs);
    this.unknownDatagrams = new ThrottledLog(
      log,
      'teltonika: UDP datagram of an unknown tracker dropped',
      this.limits.udpLogIntervalMs,
    );
  }

  /** The active tracker with this IMEI; an IMEI that is not one is answered from memory for a while. */
  lookup(imei: string): Promise<TrackerDevice | undefined> {
    const until = this.unknownImeis.get(imei);
    if (until !== undefined) {
      if (until > Date.now()) return Promise.resolve(undefined);
      this.unknownImeis.delete(imei);
    }
    const running = this.lookingUp.get(imei);
    if (running) return running;
    this.stats.lookups++;
    const p = findTracker(this.ingest.database, imei)
      .then((device) => {
        if (!device) this.rememberUnknown(imei);
        return device;
      })
      .finally(() => this.lookingUp.delete(imei));
    this.lookingUp.set(imei, p);
    return p;
  }

  private rememberUnknown(imei: string) {
    if (this.limits.unknownImeiTtlMs <= 0) return;
    this.unknownImeis.delete(imei);
    this.unknownImeis.set(imei, Date.now() + this.limits.unknownImeiTtlMs);
    while (this.unknownImeis.size > this.limits.unknownImeiCacheSize)
      this.unknownImeis.delete(this.unknownImeis.keys().next().value!);
  }

  /** Whether the TCP listener accepts connections (readiness). */
  get listening(): boolean {
    return this.tcp?.listening === true;
  }

  /** Keeps `p` among the batches under way until it settles. */
  storing<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /** Identified connections. */
  get identified() {
    return this.connections.size - this.unidentified.size;
  }

  /** Starts TCP and UDP on `port` (0: an ephemeral port, UDP on the same number when free). */
  async listen(port: number, host = '0.0.0.0'): Promise<{ tcp: number; udp: number }> {
    const tcp = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, host, () => resolve());
    });
    tcp.on('error', (err) => this.log.error({ err }, 'teltonika: TCP listener error'));
    this.tcp = tcp;
    const tcpPort = (tcp.address() as net.AddressInfo).port;
    const udp = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    udp.on('message', (msg, rinfo) => void this.datagram(udp, msg, rinfo));
    const bind = (p: number) =>
      new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(p, host, () => {
          udp.off('error', reject);
          resolve();
        });
      });
    try {
      await bind(tcpPort);
    } catch (err) {
      if (port !== 0) throw err;
      await bind(0);
    }
    udp.on('error', (err) => this.log.error({ err }, 'teltonika: UDP listener error'));
    this.udp = udp;
    return { tcp: tcpPort, udp: udp.address().port };
  }

  private accept(socket: net.Socket) {
    const address = socket.remoteAddress ?? '?';
    const n = this.perAddress.get(address) ?? 0;
    if (n >= this.limits.maxPerAddress) {
      this.log.warn({ remote: address, fromAddress: n }, 'teltonika: connection refused (per-address cap reached)');
      socket.destroy();
      return;
    }
    if (this.unidentified.size >= this.limits.maxUnidentified) {
      // the oldest that has not even sent its IMEI gives way: a tracker sends its IMEI at once, a connection that
      // holds a slot without one must not keep trackers out
      const oldest = [...this.unidentified].find((c) => !c.imeiReceived);
      if (!oldest) {
        this.log.warn(
          { remote: address, unidentified: this.unidentified.size },
          'teltonika: connection refused (cap of connections without a handshake reached)',
        );
        socket.destroy();
        return;
      }
      oldest.drop('gave way to a new connection (cap of connections without a handshake reached)', 'info');
    }
    this.perAddress.set(address, n + 1);
    const c = new Connection(this, socket, address);
    this.connections.add(c);
    this.unidentified.add(c);
    this.count();
  }

  /** The connection has identified as this tracker: false when the cap of identified connections is reached. */
  attach(c: Connection, device: TrackerDevice): boolean {
    const old = this.online.get(device.devcId);
    const replacing = old !== undefined && old !== c;
    if (!replacing && this.identified >= this.limits.maxConnections) return false;
    if (replacing) old.drop('replaced by a new connection of the same tracker', 'info');
    c.device = device;
    this.unidentified.delete(c);
    this.online.set(device.devcId, c);
    this.count();
    return true;
  }

  detach(c: Connection) {
    if (!this.connections.delete(c)) return;
    this.unidentified.delete(c);
    const n = (this.perAddress.get(c.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(c.address, n);
    else this.perAddress.delete(c.address);
    if (c.device && this.online.get(c.device.devcId) === c) this.online.delete(c.device.devcId);
    this.count();
  }

  private count() {
    this.stats.connections = this.connections.size;
    this.stats.unidentified = this.unidentified.size;
  }

  private async datagram(udp: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo) {
    try {
      const p = decodeUdp(msg);
      const device = await this.lookup(p.imei);
      if (!device) {
        this.unknownDatagrams.add({ imei: p.imei, remote: rinfo.address });
        return;
      }
      if (this.stopping) return;
      await this.storing(storeRecords(this.ingest, device, p.data.records));
      this.stats.datagrams++;
      this.stats.records += p.data.records.length;
      udp.send(udpAck(p.packetId, p.avlPacketId, p.data.records.length), rinfo.port, rinfo.address);
    } catch (err) {
      if (err instanceof DecodeError) {
        this.stats.refusedFrames++;
        this.badDatagrams.add({ remote: rinfo.address, reason: err.message });
      } else this.log.error({ remote: rinfo.address, err }, 'teltonika: UDP datagram not stored');
    }
  }

  /** The connected trackers: device id → since when, last frame. */
  connected(): { devcId: number; imei: string; connectedTime: number; lastFrameTime: number; remote: string }[] {
    return [...this.online.values()].map((c) => ({
      devcId: c.device!.devcId,
      imei: c.device!.imei,
      connectedTime: c.connectedTime,
      lastFrameTime: c.lastFrameTime,
      remote: c.address,
    }));
  }

  isOnline(devcId: number) {
    return this.online.has(devcId);
  }

  /** Sends a codec 12 command to a connected tracker and resolves with its response text. */
  async sendCommand(devcId: number, command: string): Promise<CommandAnswer> {
    const c = this.online.get(devcId);
    if (!c) throw new TrackerOffline('The tracker is not connected');
    const run = async () => {
      const sentTime = Math.floor(Date.now() / 1000);
      const response = await c.exchange(command);
      return { command, response, sentTime, answerTime: Math.floor(Date.now() / 1000) };
    };
    const next = c.commands.then(run, run);
    c.commands = next.catch(() => {});
    return next;
  }

  async close() {
    this.stopping = true;
    this.badDatagrams.close();
    this.unknownDatagrams.close();
    // no new connections or datagrams; the batches under way commit and are acknowledged, then the connections close
    const closed = Promise.all([
      this.tcp ? new Promise<void>((r) => this.tcp!.close(() => r())) : undefined,
      this.udp ? new Promise<void>((r) => this.udp!.close(() => r())) : undefined,
    ]);
    await Promise.allSettled([...this.inFlight]);
    for (const c of this.connections) c.drop('server stopping', 'info');
    await closed;
    this.tcp = undefined;
    this.udp = undefined;
  }
}
