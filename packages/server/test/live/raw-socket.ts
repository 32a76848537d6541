import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket client on a bare TCP socket (tests and bench/live.ts): does the opening handshake, then can stop
 * reading (`pause()`: the kernel buffers fill and the server's `bufferedAmount` grows, as with a client that never
 * reads), send raw bytes (malformed frames), and later read on to the server's close frame.
 */
export class RawSocket {
  private buffer: Buffer = Buffer.alloc(0);
  /** text messages read so far (after `resume()`, or before `pause()`) */
  messages: string[] = [];
  /** the close code the server sent, once its close frame was read */
  closeCode: number | null = null;
  /** the TCP connection ended (the server closed or destroyed it) */
  ended = false;
  /** bytes of frames read */
  bytesRead = 0;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {}

  /** Connects and upgrades; resolves after the 101 answer (rejects with `HTTP <status>`). */
  static open(base: string, path: string): Promise<RawSocket> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      const raw = new RawSocket(socket);
      let head = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head.toString('latin1'))?.[1]);
        if (status !== 101) {
          socket.destroy();
          reject(new Error(`HTTP ${status}`));
          return;
        }
        socket.on('data', (c: Buffer) => raw.onFrames(c));
        socket.on('close', () => {
          raw.ended = true;
          raw.wake();
        });
        raw.onFrames(head.subarray(end + 4));
        resolve(raw);
      };
      socket.on('data', onData);
      socket.on('error', (e) => {
        raw.ended = true;
        raw.wake();
        reject(e);
      });
      socket.on('connect', () =>
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        ),
      );
    });
  }

  /** Stops reading: from now on the data stays in the kernel buffers, then in the server's send buffer. */
  pause() {
    this.socket.pause();
  }

  resume() {
    this.socket.resume();
  }

  /** Writes bytes as they are (a malformed frame). */
  sendRaw(bytes: Buffer) {
    this.socket.write(bytes);
  }

  /** Resolves once `pred` holds, checked after every read. */
  until(pred: (s: RawSocket) => boolean): Promise<void> {
    if (pred(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (pred(this)) resolve();
        else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  destroy() {
    this.socket.destroy();
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Parses the server's (unmasked) frames: text messages and the close frame's code. */
  private onFrames(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const b = this.buffer;
      if (b.length < 2) break;
      let len = b[1] & 0x7f;
      let at = 2;
      if (len === 126) {
        if (b.length < 4) break;
        len = b.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (b.length < 10) break;
        len = Number(b.readBigUInt64BE(2));
        at = 10;
      }
      if (b.length < at + len) break;
      const opcode = b[0] & 0x0f;
      const payload = b.subarray(at, at + len);
      this.bytesRead += at + len;
      if (opcode === 1) this.messages.push(payload.toString('utf8'));
      else if (opcode === 8) this.closeCode = len >= 2 ? payload.readUInt16BE(0) : 1005;
      this.buffer = b.subarray(at + len);
    }
    this.wake();
  }
}

/** A client frame with a reserved opcode (3): the server must refuse it (RFC 6455 §5.2). */
export function malformedFrame(): Buffer {
  return Buffer.from([0x83, 0x80, 1, 2, 3, 4]);
}
