import dgram from 'node:dgram';
import net from 'node:net';

/** A raw TCP client for the listener tests: write bytes, read exactly n bytes, learn when the server closed. */
export class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  readonly whenClosed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.wake();
    });
    this.whenClosed = new Promise((resolve) => {
      socket.on('close', () => {
        this.closed = true;
        this.wake();
        resolve();
      });
    });
    socket.on('error', () => {});
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(hexOrBuf: string | Buffer) {
    this.socket.write(typeof hexOrBuf === 'string' ? Buffer.from(hexOrBuf, 'hex') : hexOrBuf);
  }

  /** Exactly `n` bytes as hex; rejects when the server closes first. */
  async read(n: number): Promise<string> {
    while (this.buf.length < n) {
      if (this.closed) throw new Error(`closed after ${this.buf.length} of ${n} bytes (${this.buf.toString('hex')})`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out.toString('hex');
  }

  /** Waits for the server to close; returns what it sent that was not read. */
  async closedWith(): Promise<string> {
    await this.whenClosed;
    return this.buf.toString('hex');
  }

  /** A 2-byte length and the IMEI, as a tracker opens. */
  handshake(imei: string) {
    const b = Buffer.alloc(2 + imei.length);
    b.writeUInt16BE(imei.length);
    b.write(imei, 2, 'latin1');
    this.send(b);
  }

  end() {
    this.socket.destroy();
  }
}

/** Sends datagrams from one socket; answers arrive in order. */
export class UdpClient {
  private answers: Buffer[] = [];
  private waiters: (() => void)[] = [];
  readonly socket = dgram.createSocket('udp4');
  constructor(readonly port: number) {
    this.socket.on('message', (m) => {
      this.answers.push(m);
      const w = this.waiters;
      this.waiters = [];
      for (const f of w) f();
    });
  }
  send(hex: string) {
    this.socket.send(Buffer.from(hex, 'hex'), this.port, '127.0.0.1');
  }
  async answer(): Promise<string> {
    while (!this.answers.length) await new Promise<void>((r) => this.waiters.push(r));
    return this.answers.shift()!.toString('hex');
  }
  close() {
    this.socket.close();
  }
}

/** A tracker IMEI for test device n: 15 digits. */
export const imeiOf = (n: number) => `35${String(n).padStart(13, '0')}`;
