import net from 'node:net';

/**
 * A Teltonika tracker as the device speaks (docs/decisions.md "Teltonika trackers"): TCP, the IMEI handshake,
 * AVL frames of codec 8 Extended with CRC-16/IBM, waiting for the server's record-count acknowledgement before
 * the next frame, and answering codec 12 commands (getinfo, getver …). Used by the demo trackers, the benchmark
 * and the tests; written from the protocol description, independent of the server's decoder.
 */

export interface TrackerRecord {
  /** epoch milliseconds */
  timestamp: number;
  priority?: number;
  latitude: number;
  longitude: number;
  /** metres */
  altitude: number;
  /** degrees 0–360 */
  angle: number;
  satellites: number;
  /** km/h */
  speed: number;
  eventIoId?: number;
  /** IO id → value: a number (sent in the smallest of 1, 2, 4, 8 bytes that holds it) or raw bytes (an NX element) */
  io?: Record<number, number | Buffer>;
}

export function crc16ibm(buf: Uint8Array): number {
  let crc = 0;
  for (const byte of buf) {
    crc ^= byte;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const sizeOf = (v: number) => (v < 0x100 ? 1 : v < 0x10000 ? 2 : v < 0x100000000 ? 4 : 8);

function encodeRecord8E(r: TrackerRecord): Buffer {
  const head = Buffer.alloc(24);
  head.writeBigUInt64BE(BigInt(Math.round(r.timestamp)), 0);
  head[8] = r.priority ?? 0;
  head.writeInt32BE(Math.round(r.longitude * 1e7), 9);
  head.writeInt32BE(Math.round(r.latitude * 1e7), 13);
  head.writeInt16BE(Math.round(r.altitude), 17);
  head.writeUInt16BE(Math.round(r.angle) % 360, 19);
  head[21] = r.satellites;
  head.writeUInt16BE(Math.round(r.speed), 22);
  const groups: Record<number, [number, number][]> = { 1: [], 2: [], 4: [], 8: [] };
  const nx: [number, Buffer][] = [];
  for (const [id, v] of Object.entries(r.io ?? {})) {
    if (Buffer.isBuffer(v)) nx.push([Number(id), v]);
    else groups[sizeOf(v)].push([Number(id), v]);
  }
  const parts: Buffer[] = [head];
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n);
    return b;
  };
  const total = Object.values(groups).reduce((a, g) => a + g.length, 0) + nx.length;
  parts.push(u16(r.eventIoId ?? 0), u16(total));
  for (const size of [1, 2, 4, 8]) {
    parts.push(u16(groups[size].length));
    for (const [id, v] of groups[size]) {
      const b = Buffer.alloc(2 + size);
      b.writeUInt16BE(id);
      if (size === 8) b.writeBigUInt64BE(BigInt(v), 2);
      else b.writeUIntBE(v, 2, size);
      parts.push(b);
    }
  }
  parts.push(u16(nx.length));
  for (const [id, v] of nx) parts.push(u16(id), u16(v.length), v);
  return Buffer.concat(parts);
}

/** Wraps a data field: 4 zero bytes, its length, the data, CRC-16/IBM as 4 bytes. */
export function frameOf(data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc16ibm(data), 8 + data.length);
  return out;
}

/** One TCP AVL frame of codec 8 Extended holding `records` (1–255). */
export function encodeAvl8E(records: TrackerRecord[]): Buffer {
  if (records.length < 1 || records.length > 255) throw new Error('a frame holds 1 to 255 records');
  const n = Buffer.from([records.length]);
  return frameOf(Buffer.concat([Buffer.from([0x8e]), n, ...records.map(encodeRecord8E), n]));
}

/** A codec 12 response frame (type 6) with the text. */
export function encodeResponse(text: string): Buffer {
  const payload = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(7);
  head[0] = 0x0c;
  head[1] = 1;
  head[2] = 6;
  head.writeUInt32BE(payload.length, 3);
  return frameOf(Buffer.concat([head, payload, Buffer.from([1])]));
}

/** The command text of a codec 12 command frame (type 5), or undefined for anything else. */
export function commandOf(frame: Buffer): string | undefined {
  if (frame.length < 20 || frame[8] !== 0x0c || frame[10] !== 5) return undefined;
  const size = frame.readUInt32BE(11);
  return frame.toString('latin1', 15, 15 + size);
}

export interface TrackerClientOptions {
  host: string;
  port: number;
  imei: string;
  /** answers a codec 12 command; default: a getinfo/getver style line */
  answer?: (command: string) => string;
}

/**
 * One tracker's TCP connection: `open()` connects and does the handshake (rejects on 00), `send(records)` writes
 * one frame and resolves with the acknowledged count (the server commits first), commands are answered as they come.
 */
export class TrackerClient {
  private socket?: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiting?: { bytes: number; resolve(b: Buffer): void; reject(e: Error): void };
  closed = true;

  constructor(readonly options: TrackerClientOptions) {}

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.options.port, this.options.host);
      this.socket = socket;
      this.buf = Buffer.alloc(0);
      socket.setNoDelay(true);
      socket.on('data', (d) => this.onData(d));
      const fail = (err: Error) => {
        this.closed = true;
        const w = this.waiting;
        this.waiting = undefined;
        w?.reject(err);
        reject(err);
      };
      socket.on('error', fail);
      socket.on('close', () => fail(new Error('connection closed')));
      socket.on('connect', async () => {
        const imei = Buffer.from(this.options.imei, 'latin1');
        const hello = Buffer.alloc(2 + imei.length);
        hello.writeUInt16BE(imei.length);
        imei.copy(hello, 2);
        socket.write(hello);
        try {
          const reply = await this.read(1);
          if (reply[0] !== 1) throw new Error(`tracker ${this.options.imei} refused by the server`);
          this.closed = false;
          resolve();
        } catch (err) {
          socket.destroy();
          reject(err);
        }
      });
    });
  }

  private onData(d: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    for (;;) {
      // 4 zero bytes start a frame (a codec 12 command: answer it); an acknowledgement is a non-zero count
      if (this.buf.length >= 4 && this.buf.readUInt32BE(0) === 0) {
        if (this.buf.length < 8) return;
        const len = this.buf.readUInt32BE(4);
        if (this.buf.length < 12 + len) return;
        const frame = this.buf.subarray(0, 12 + len);
        this.buf = this.buf.subarray(12 + len);
        const command = commandOf(frame);
        if (command !== undefined) this.socket?.write(encodeResponse(this.answer(command)));
        continue;
      }
      const w = this.waiting;
      if (w && this.buf.length >= w.bytes) {
        this.waiting = undefined;
        const out = this.buf.subarray(0, w.bytes);
        this.buf = this.buf.subarray(w.bytes);
        w.resolve(out);
        continue;
      }
      return;
    }
  }

  private answer(command: string): string {
    if (this.options.answer) return this.options.answer(command);
    const c = command.trim().toLowerCase();
    if (c === 'getver') return `Ver:03.28.07_00 GPS:AXN_5.1.9 Hw:FMB920 Mod:12 IMEI:${this.options.imei}`;
    if (c === 'getinfo') return `INI:2026/1/1 0:00 RTC:${new Date().toISOString()} RST:0 ERR:0 GPS:1 SAT:9 RS:3`;
    return `Unknown command: ${command}`;
  }

  private read(bytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting = { bytes, resolve, reject };
      this.onData(Buffer.alloc(0));
    });
  }

  /** Sends one AVL frame and resolves with the count the server acknowledged. */
  async send(records: TrackerRecord[]): Promise<number> {
    if (this.closed || !this.socket) throw new Error('not connected');
    const ack = this.read(4);
    this.socket.write(encodeAvl8E(records));
    return (await ack).readUInt32BE(0);
  }

  close() {
    this.closed = true;
    this.socket?.destroy();
  }
}
