import {
  AVL_CODECS,
  type AvlData,
  crc16,
  DecodeError,
  decodeAvlData,
  decodeMessageData,
  type MessageData,
} from './codec.ts';

/**
 * Cuts a TCP byte stream into Teltonika frames (Traccar's TeltonikaFrameDecoder, made strict):
 * - before the handshake: a 2-byte length and the IMEI in ASCII digits;
 * - then: a single 0xFF keep-alive byte, or an AVL/command frame — 4 zero bytes, data length (4 bytes), the data
 *   field, CRC-16/IBM of the data field (4 bytes).
 * Bad bytes throw `DecodeError` (the caller closes that connection); an incomplete frame waits for more bytes.
 * A frame's CRC, length and record counts are all checked: a frame with a wrong CRC or length is refused
 * (docs/decisions.md "Teltonika: frames with a wrong CRC or length").
 */

export type Frame =
  | { kind: 'imei'; imei: string }
  | { kind: 'keepalive' }
  | { kind: 'avl'; data: AvlData; bytes: number }
  | { kind: 'message'; data: MessageData; bytes: number };

/** Upper bound on a frame's data field: Teltonika devices send at most a few kilobytes. */
export const MAX_DATA_LENGTH = 64 * 1024;

/** The IMEI handshake at the start of `buf`: the frame, `undefined` when more bytes are needed. */
export function readImei(buf: Buffer): { imei: string; used: number } | undefined {
  if (buf.length < 2) return undefined;
  const len = buf.readUInt16BE(0);
  if (len < 8 || len > 17) throw new DecodeError(`bad IMEI length ${len}`);
  if (buf.length < 2 + len) return undefined;
  const imei = buf.toString('latin1', 2, 2 + len);
  if (!/^\d+$/.test(imei)) throw new DecodeError('IMEI is not digits');
  return { imei, used: 2 + len };
}

/**
 * One data frame at the start of `buf` (after the handshake): the frame and the bytes it used,
 * `undefined` when more bytes are needed.
 */
export function readDataFrame(buf: Buffer): { frame: Frame; used: number } | undefined {
  if (buf.length === 0) return undefined;
  if (buf[0] === 0xff) return { frame: { kind: 'keepalive' }, used: 1 };
  // the preamble is checked as soon as its bytes arrive: garbage is refused at once, not after a timeout
  for (let i = 0; i < Math.min(4, buf.length); i++)
    if (buf[i] !== 0) throw new DecodeError(`bad preamble 0x${buf.subarray(0, 4).toString('hex')}`);
  if (buf.length < 8) return undefined;
  const len = buf.readUInt32BE(4);
  if (len < 3) throw new DecodeError(`data length ${len} too short`);
  if (len > MAX_DATA_LENGTH) throw new DecodeError(`data length ${len} over the limit of ${MAX_DATA_LENGTH}`);
  const used = 12 + len;
  if (buf.length < used) return undefined;
  const crc = buf.readUInt32BE(8 + len);
  const calc = crc16(buf, 8, 8 + len);
  if (crc !== calc)
    throw new DecodeError(`CRC mismatch: frame says 0x${crc.toString(16)}, data gives 0x${calc.toString(16)}`);
  const codec = buf[8];
  if (AVL_CODECS.has(codec)) return { frame: { kind: 'avl', data: decodeAvlData(buf, 8, 8 + len), bytes: used }, used };
  return { frame: { kind: 'message', data: decodeMessageData(buf, 8, 8 + len), bytes: used }, used };
}

/**
 * The stream state of one connection: push bytes in, take whole frames out.
 * `maxBuffered` bounds what an incomplete frame may hold (oversized frames are refused before they arrive).
 */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  private handshaken = false;

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Frame[] = [];
    for (;;) {
      if (!this.handshaken) {
        // a keep-alive byte may come before the IMEI (traccar-frame-01)
        if (this.buf.length && this.buf[0] === 0xff) {
          out.push({ kind: 'keepalive' });
          this.buf = this.buf.subarray(1);
          continue;
        }
        const got = readImei(this.buf);
        if (!got) break;
        this.handshaken = true;
        this.buf = this.buf.subarray(got.used);
        out.push({ kind: 'imei', imei: got.imei });
        continue;
      }
      const got = readDataFrame(this.buf);
      if (!got) break;
      this.buf = this.buf.subarray(got.used);
      out.push(got.frame);
    }
    return out;
  }

  /** Bytes of a frame not complete yet. */
  get pending() {
    return this.buf.length;
  }
}
