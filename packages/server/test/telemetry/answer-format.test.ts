import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { JsonBytes } from '../../src/http/json-bytes.ts';
import { isoTime } from '../../src/http/time.ts';
import { tidy } from '../../src/modules/telemetry/series-answers.ts';

/** A value's text as the answer's bytes have it. */
function jsonNumber(v: number | null): string {
  const out = new JsonBytes(1);
  out.tidyNumber(v);
  return out.bytes().toString('latin1');
}

describe('isoTime', () => {
  it('writes every time as Date#toISOString does, in any order of days', () => {
    const times = [
      0,
      59,
      3599,
      3600,
      86399,
      86400,
      -1,
      -86401,
      951782400,
      1795334400,
      1795334400 + 86399,
      253402300799,
    ];
    for (let i = 0; i < 2000; i++) times.push(Math.floor(Math.sin(i) * 2e9) + (i % 7) * 86400);
    for (const ts of times) expect(isoTime(ts), String(ts)).toBe(new Date(ts * 1000).toISOString());
    expect(isoTime(1.5)).toBe(new Date(1500).toISOString());
    // the answers' bytes (JsonBytes#isoTime) hold the same text
    for (const ts of [...times, 1.5]) {
      const out = new JsonBytes(1);
      out.isoTime(ts);
      expect(out.bytes().toString('latin1'), String(ts)).toBe(new Date(ts * 1000).toISOString());
    }
  });
});

describe('tidy (aggregated values to 7 decimals)', () => {
  it('drops summation noise and keeps what a sensor can tell', () => {
    expect(tidy(-6.942000000000005)).toBe(-6.942);
    expect(tidy(0.1 + 0.2)).toBe(0.3);
    expect(tidy(106.12345678)).toBe(106.1234568);
    expect(tidy(167.3000000000001)).toBe(167.3);
    expect(tidy(0)).toBe(0);
    expect(tidy(null)).toBe(null);
  });
  it('leaves values of 10^8 and more as computed', () => {
    expect(tidy(123456789.123456)).toBe(123456789.123456);
    expect(tidy(-5e12 - 0.25)).toBe(-5e12 - 0.25);
  });
});

describe('JsonBytes#tidyNumber (the text of a tidied value, issue 29)', () => {
  /** the text the answers wrote before: the general conversion of the tidied value */
  const before = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(tidy(v)));
  it('writes the same text as String(tidy(v)) for every magnitude and sign', () => {
    const values: (number | null)[] = [
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      0,
      -0,
      1e-7,
      -1e-7,
      4.9e-8,
      5e-8,
      2.5e-7,
      1e-6,
      -5e-7,
      9.99999e-7,
      0.1 + 0.2,
      -6.942000000000005,
      106.12345678,
      167.3000000000001,
      1,
      -1,
      10,
      1234567,
      99999999.99999999,
      99999999.9999999,
      1e8,
      -1e8 + 0.5,
      123456789.123456,
      1e21,
      1e-300,
    ];
    // pseudo-random values of every size from 1e-8 to 1e9, both signs (sin: the same set on every run)
    for (let i = 0; i < 200_000; i++) values.push(Math.sin(i) * 10 ** ((i % 18) - 8));
    for (let i = 0; i < 20_000; i++) values.push(Math.round(Math.sin(i) * 1e9) / 10 ** (i % 10));
    for (const v of values) expect(jsonNumber(v), String(v)).toBe(before(v));
  });
});

describe('JsonBytes', () => {
  it('writes whole numbers as String does', () => {
    const xs = [0, 1, 9, 10, 99, 100, -1, -10, 1795651200, 2 ** 31, -(2 ** 31), 2 ** 53 - 1, 2 ** 53, 1e21, -0];
    for (let i = 0; i < 5000; i++) xs.push(Math.round(Math.sin(i) * 10 ** (i % 16)));
    for (const x of xs) {
      const out = new JsonBytes(1);
      out.int(x);
      expect(out.bytes().toString('latin1'), String(x)).toBe(String(x));
    }
  });
  it('grows past its expected size without losing what it wrote', () => {
    const out = new JsonBytes(1);
    const pieces: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const text = `"k${i}":`;
      out.ascii(text);
      out.raw(Buffer.from('ü'));
      out.tidyNumber(i / 7);
      pieces.push(`${text}ü${String(tidy(i / 7))}`);
    }
    expect(out.bytes().toString('utf8')).toBe(pieces.join(''));
  });
  it("keeps an answer's buffer from other answers until its response has finished, then reuses it", () => {
    const response = () => new EventEmitter() as unknown as ServerResponse;
    const write = (text: string, sentBy: ServerResponse) => {
      const out = new JsonBytes(text.length, sentBy);
      out.ascii(text);
      return out.bytes();
    };
    const first = response();
    const a = write('a'.repeat(5000), first);
    const b = write('b'.repeat(5000), response()); // while the first is still being sent
    expect(a.toString('latin1')).toBe('a'.repeat(5000));
    expect(b.toString('latin1')).toBe('b'.repeat(5000));
    expect(a.buffer).not.toBe(b.buffer);
    first.emit('finish');
    const c = write('c'.repeat(4000), response());
    expect(c.buffer).toBe(a.buffer); // the finished answer's memory, not a new allocation
    expect(b.toString('latin1')).toBe('b'.repeat(5000));
  });
});
