import { describe, expect, it } from 'vitest';
import { crc16, DecodeError, decodeAvlData, decodeMessageData, tcpFrame } from '../../src/modules/tracker/codec.ts';
import { type Frame, FrameReader, readDataFrame } from '../../src/modules/tracker/framing.ts';
import { decodeUdp } from '../../src/modules/tracker/udp.ts';
import { bytes, isGood, VECTORS } from './vectors.ts';

/**
 * Fuzzing the decoder: random bytes and mutated real frames (with the CRC recomputed, so the mutation reaches
 * the record parser) either decode or throw DecodeError — never another error, never a hang — and a valid stream
 * cut at random places yields the same frames as in one piece. Seeded, so a failure repeats.
 */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const good = VECTORS.filter((v) => v.transport === 'tcp' && isGood(v)).map(bytes);
const udp = VECTORS.filter((v) => v.transport === 'udp' && !v.expected?.must_fail).map(bytes);

/** Runs `f`; only a DecodeError may escape. */
function survives(f: () => unknown) {
  try {
    f();
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
  }
}

function mutate(buf: Buffer, rand: () => number): Buffer {
  const out = Buffer.from(buf);
  const kind = Math.floor(rand() * 4);
  if (kind === 0) {
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) out[Math.floor(rand() * out.length)] = Math.floor(rand() * 256);
    return out;
  }
  if (kind === 1) return out.subarray(0, Math.floor(rand() * out.length));
  if (kind === 2) {
    const at = Math.floor(rand() * out.length);
    const extra = Buffer.from(Array.from({ length: 1 + Math.floor(rand() * 8) }, () => Math.floor(rand() * 256)));
    return Buffer.concat([out.subarray(0, at), extra, out.subarray(at)]);
  }
  // a count or length byte set to an extreme
  out[Math.floor(rand() * out.length)] = rand() < 0.5 ? 0xff : 0x00;
  return out;
}

describe('Teltonika decoder fuzzing', () => {
  it('random bytes: the stream reader, the data decoders and the UDP decoder only ever refuse', () => {
    const rand = rng(18);
    for (let i = 0; i < 5000; i++) {
      const len = Math.floor(rand() * 300);
      const buf = Buffer.from(Array.from({ length: len }, () => Math.floor(rand() * 256)));
      survives(() => new FrameReader().push(buf));
      const handshaken = new FrameReader();
      handshaken.push(Buffer.from('000f333536333037303432343431303133', 'hex'));
      survives(() => handshaken.push(Buffer.concat([Buffer.alloc(4), buf])));
      survives(() => decodeAvlData(buf));
      survives(() => decodeMessageData(buf));
      survives(() => decodeUdp(buf));
    }
  });

  it('mutated real frames with a correct CRC: decoded or refused, nothing else', () => {
    const rand = rng(2026);
    let decoded = 0;
    let refused = 0;
    for (let i = 0; i < 5000; i++) {
      const frame = good[Math.floor(rand() * good.length)];
      const data = mutate(frame.subarray(8, frame.length - 4), rand);
      try {
        readDataFrame(tcpFrame(data));
        decoded++;
      } catch (err) {
        expect(err).toBeInstanceOf(DecodeError);
        refused++;
      }
      const raw = mutate(frame, rand);
      survives(() => readDataFrame(raw));
      const u = udp[Math.floor(rand() * udp.length)];
      survives(() => decodeUdp(mutate(u, rand)));
    }
    // both outcomes happen: the mutations reach past the CRC check into the records
    expect(decoded).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('a stream of valid frames cut at random places gives the same frames as one piece', () => {
    const rand = rng(7);
    const stream = Buffer.concat([
      Buffer.from('000f333536333037303432343431303133', 'hex'),
      ...good,
      Buffer.from([0xff]),
    ]);
    const whole = new FrameReader().push(stream);
    expect(whole.length).toBe(good.length + 2);
    for (let round = 0; round < 10; round++) {
      const reader = new FrameReader();
      const got: Frame[] = [];
      for (let at = 0; at < stream.length; ) {
        const n = 1 + Math.floor(rand() * 200);
        got.push(...reader.push(stream.subarray(at, at + n)));
        at += n;
      }
      expect(got).toEqual(whole);
      expect(reader.pending).toBe(0);
    }
  });

  it('a record count that cannot fit is refused before any record is parsed', () => {
    const data = Buffer.from(`08ff${'00'.repeat(40)}ff`, 'hex');
    expect(() => decodeAvlData(data)).toThrow(/does not fit/);
    expect(crc16(Buffer.alloc(0))).toBe(0);
  });
});
