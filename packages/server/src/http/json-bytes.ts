/**
 * An answer's JSON written straight into one Buffer (issue 29): no string per value, no text of pieces joined and
 * flattened, no Buffer.from of that text — for answers of thousands of rows (the hourly series) those three were most
 * of the JavaScript's CPU and of the garbage each request left. Text is put a byte at a time (a call into Buffer's
 * native write for every short piece costs more than the loop); pieces encoded once are copied with `set`.
 */
import type { ServerResponse } from 'node:http';
import { isoDayPrefix, isoTime } from './time.ts';

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];

/**
 * Buffers of answers already sent, kept for the next answers: a fresh buffer of 300 KB per request is memory outside
 * V8's heap that V8 counts towards its next full collection (the 30-day hourly series: a mark-compact every ~75
 * requests, ~0.9 ms per request). A buffer comes back once its response has finished — handed to the operating system
 * in full —, never earlier; one whose response closed before that is left to the garbage collector.
 */
const spare: Buffer[] = [];
const SPARE_BUFFERS = 4;
const SPARE_MAX_BYTES = 8 * 1024 * 1024;

function takeSpare(capacity: number): Buffer {
  const b = spare.pop();
  return b && b.length >= capacity ? b : Buffer.allocUnsafe(capacity);
}

function giveBack(b: Buffer) {
  if (spare.length < SPARE_BUFFERS && b.length <= SPARE_MAX_BYTES) spare.push(b);
}

export class JsonBytes {
  private buf: Buffer;
  private at = 0;

  /**
   * `capacity`: the expected size; the buffer grows (doubling) when it was too small. With `sentBy`, the buffer is one
   * kept from an earlier answer (or a new one) and is kept again once that response has finished: the bytes must be
   * that response's body and nothing else's.
   */
  constructor(
    capacity: number,
    private readonly sentBy?: ServerResponse,
  ) {
    const size = Math.max(64, Math.ceil(capacity));
    this.buf = sentBy ? takeSpare(size) : Buffer.allocUnsafe(size);
  }

  /** The bytes written (a view of the buffer, not a copy); call once, when done. */
  bytes(): Buffer {
    const buf = this.buf;
    this.sentBy?.on('finish', () => giveBack(buf)); // not once: its removal sent V8's removeListener back to the interpreter
    return buf.subarray(0, this.at);
  }

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  /** One byte (an ASCII character code). */
  byte(c: number) {
    this.room(1);
    this.buf[this.at++] = c;
  }

  /** Text of ASCII characters only (digits, JSON punctuation, fixed keys); anything else: `raw` of its UTF-8. */
  ascii(s: string) {
    const n = s.length;
    this.room(n);
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < n; i++) buf[at++] = s.charCodeAt(i);
    this.at = at;
  }

  /** Bytes encoded once and written many times (a row's head with the device's name in it, a key). */
  raw(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }

  /** `isoTime(ts)` (http/time.ts) written as bytes: no string per time. */
  isoTime(ts: number) {
    const day = Math.floor(ts / 86400);
    const prefix = Number.isInteger(ts) ? isoDayPrefix(day) : null;
    if (prefix === null) return this.ascii(isoTime(ts));
    this.ascii(prefix);
    const s = ts - day * 86400;
    const h = Math.floor(s / 3600);
    const m = Math.floor((s - h * 3600) / 60);
    this.two(h);
    this.byte(58); // :
    this.two(m);
    this.byte(58);
    this.two(s - h * 3600 - m * 60);
    this.ascii('.000Z');
  }

  /** 0–99 as two digits. */
  private two(n: number) {
    this.room(2);
    const tens = (n / 10) | 0;
    this.buf[this.at++] = 48 + tens;
    this.buf[this.at++] = 48 + n - tens * 10;
  }

  /** The decimal text of a whole number, as String(n) writes it. */
  int(n: number) {
    if (n >= 0 && n <= 0x7fffffff && n === (n | 0)) return this.uint32(n);
    this.ascii(String(n));
  }

  /** The digits of a whole number from 0 to 2³¹ − 1, in int32 arithmetic (a double's % is a call into C). */
  private uint32(n: number) {
    n |= 0;
    let digits = 1;
    for (let p = 10; p <= n && digits < 10; p *= 10) digits++;
    this.room(digits);
    const buf = this.buf;
    let at = this.at + digits;
    this.at = at;
    do {
      const q = (n / 10) | 0;
      buf[--at] = 48 + n - q * 10;
      n = q;
    } while (n > 0);
  }

  /**
   * The JSON text of a value tidied to 7 decimal places (docs/domain.md §1) — exactly `String(tidy(v))`, `null` when
   * not finite — from the integer `round(v · 10⁷)` instead of the general shortest-digits conversion. Below 10⁸ that
   * integer has at most 15 digits, and a decimal of at most 15 significant digits is the shortest text of the double
   * nearest to it: the digits are the same. Below 10⁻⁶ String writes an exponent, and from 10⁸ on tidy keeps the
   * value: those go through String.
   */
  tidyNumber(v: number | null) {
    if (v === null || !Number.isFinite(v)) return this.ascii('null');
    if (Math.abs(v) >= 1e8) return this.ascii(String(v));
    const r = Math.round(v * 1e7);
    if (r === 0) return this.byte(48); // 0, and -0 too, as String(-0)
    const m = r < 0 ? -r : r;
    const whole = Math.floor(m / 1e7); // below 10⁸: both parts fit int32
    let frac = (m - whole * 1e7) | 0;
    if (whole === 0 && frac < 10) return this.ascii(String(r / 1e7));
    if (r < 0) this.byte(45); // -
    this.uint32(whole);
    if (frac === 0) return;
    let places = 7;
    while (frac % 10 === 0) {
      frac = (frac / 10) | 0;
      places--;
    }
    this.byte(46); // .
    for (let p = POW10[places - 1]; frac < p; p = (p / 10) | 0) this.byte(48); // the fraction's leading zeros
    this.uint32(frac);
  }
}
