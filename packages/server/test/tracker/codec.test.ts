import { describe, expect, it } from 'vitest';
import {
  crc16,
  DecodeError,
  decodeAvlData,
  encodeCommand,
  ioNumber,
  tcpAck,
  tcpFrame,
} from '../../src/modules/tracker/codec.ts';
import { FrameReader, readDataFrame, readImei } from '../../src/modules/tracker/framing.ts';
import { decodeUdp, udpAck } from '../../src/modules/tracker/udp.ts';
import { bytes, expectMessages, expectRecord, isGood, VECTORS } from './vectors.ts';

/** The decoder against every vector of the shared Teltonika test data (the socket test repeats them over TCP/UDP). */
const of = (transport: string) => VECTORS.filter((v) => v.transport === transport);

describe('Teltonika decoder: shared vectors', () => {
  it('has all 113 vectors', () => expect(VECTORS.length).toBe(113));

  describe('TCP frames the reference decodes strictly', () => {
    for (const v of of('tcp').filter(isGood)) {
      it(`${v.id} (codec ${v.codec})`, () => {
        const buf = bytes(v);
        const got = readDataFrame(buf);
        expect(got?.used).toBe(buf.length);
        const ref = v.reference_decode!;
        if (ref.records) {
          expect(got!.frame.kind).toBe('avl');
          const data = (got!.frame as { kind: 'avl'; data: { records: any[]; codec: number } }).data;
          expect(data.codec).toBe(ref.codec_id);
          expect(data.records.length).toBe(ref.records.length);
          for (const [i, r] of data.records.entries()) expectRecord(r, ref.records![i]);
          expect(tcpAck(data.records.length).toString('hex')).toBe(ref.server_ack_hex);
        } else {
          expect(got!.frame.kind).toBe('message');
          expectMessages((got!.frame as any).data.messages, ref.messages!);
        }
      });
    }
  });

  describe('TCP frames refused (wrong CRC or length, unsupported or non-standard codecs, corrupted)', () => {
    for (const v of of('tcp').filter((x) => !isGood(x))) {
      it(`${v.id}: ${v.reference_decode?.decode_error ?? (v.reference_decode?.crc_ok === false ? 'bad CRC' : (v.notes?.[0] ?? 'must fail'))}`, () => {
        const buf = bytes(v);
        // refused outright, or — a declared length longer than the bytes — never complete (the idle timeout closes it)
        let result: ReturnType<typeof readDataFrame>;
        try {
          result = readDataFrame(buf);
        } catch (err) {
          expect(err).toBeInstanceOf(DecodeError);
          return;
        }
        expect(result).toBeUndefined();
        expect(buf.readUInt32BE(4) + 12).toBeGreaterThan(buf.length);
      });
    }
  });

  it('reads every IMEI handshake; refuses non-digits; waits for a truncated one', () => {
    for (const v of of('imei')) {
      const buf = bytes(v);
      if (v.expected?.must_fail) expect(() => readImei(buf), v.id).toThrow(DecodeError);
      else if (v.expected?.incomplete_needed) expect(readImei(buf), v.id).toBeUndefined();
      else expect(readImei(buf), v.id).toEqual({ imei: v.expected.imei, used: 17 });
    }
  });

  it('takes the keep-alive byte before and after the handshake (traccar-44, traccar-frame-01)', () => {
    const reader = new FrameReader();
    const stream = bytes(VECTORS.find((v) => v.id === 'traccar-frame-01')!);
    expect(reader.push(stream)).toEqual([{ kind: 'keepalive' }, { kind: 'imei', imei: '123456789012345' }]);
    expect(reader.push(bytes(VECTORS.find((v) => v.id === 'traccar-44')!))).toEqual([{ kind: 'keepalive' }]);
  });

  describe('UDP datagrams', () => {
    for (const v of of('udp')) {
      it(v.id, () => {
        const buf = bytes(v);
        if (v.expected?.must_fail) {
          expect(() => decodeUdp(buf)).toThrow(DecodeError);
          return;
        }
        const ref = v.reference_decode!;
        const p = decodeUdp(buf);
        expect(p.imei).toBe(ref.imei);
        expect(p.packetId).toBe(Number(ref.packet_id));
        expect(p.avlPacketId).toBe(ref.avl_packet_id);
        for (const [i, r] of p.data.records.entries()) expectRecord(r, ref.records![i]);
        expect(udpAck(p.packetId, p.avlPacketId, p.data.records.length).toString('hex')).toBe(ref.server_ack_hex);
        if (v.expected?.server_udp_ack_hex)
          expect(udpAck(p.packetId, p.avlPacketId, p.data.records.length).toString('hex')).toBe(
            v.expected.server_udp_ack_hex.toLowerCase(),
          );
      });
    }
  });

  it('computes CRC-16/IBM of the crc-input vectors', () => {
    for (const v of of('crc-input')) expect(crc16(bytes(v)), v.id).toBe(Number(v.expected.crc16));
  });

  it('decodes the fragments inside a record (uro-01 GPS element, uro-02 data field, uro-03 8E IO element)', () => {
    const uro02 = decodeAvlData(bytes(VECTORS.find((v) => v.id === 'uro-02')!));
    const e = VECTORS.find((v) => v.id === 'uro-02')!.expected;
    expect(uro02.records[0]).toMatchObject({
      timestamp: e.timestamp_ms,
      priority: e.priority,
      longitude: e.longitude,
      latitude: e.latitude,
      altitude: e.altitude_m,
      angle: e.angle_deg,
      satellites: e.satellites,
      speed: e.speed_kmh,
      eventIoId: e.event_io_id,
    });
    expect(Object.fromEntries(uro02.records[0].io.map((x) => [x.id, ioNumber(x)]))).toEqual(e.io);

    // uro-01: the GPS element in a codec 8 record without IO
    const gps = bytes(VECTORS.find((v) => v.id === 'uro-01')!);
    const rec = Buffer.concat([
      Buffer.from('08010000000000000000' + '00', 'hex'),
      gps,
      Buffer.from('00000000000001', 'hex'),
    ]);
    const g = VECTORS.find((v) => v.id === 'uro-01')!.expected;
    expect(decodeAvlData(rec).records[0]).toMatchObject({
      longitude: g.longitude,
      latitude: g.latitude,
      altitude: g.altitude_m,
      angle: g.angle_deg,
      satellites: g.satellites,
      speed: g.speed_kmh,
    });

    // uro-03: the IO element of a codec 8E record (event id, total, N1 … NX)
    const io = bytes(VECTORS.find((v) => v.id === 'uro-03')!);
    const rec8e = Buffer.concat([Buffer.from(`8E01${'00'.repeat(24)}`, 'hex'), io, Buffer.from('01', 'hex')]);
    const want = VECTORS.find((v) => v.id === 'uro-03')!.expected;
    const r = decodeAvlData(rec8e).records[0];
    expect(r.eventIoId).toBe(want.event_io_id);
    expect(Object.fromEntries(r.io.map((x) => [String(x.id), x.value.toString('hex')]))).toEqual(want.io_hex);
  });

  it('encodes codec 12 commands exactly as the upstream encoders', () => {
    const commands = VECTORS.filter(
      (v) => v.codec === '0x0C' && (v.expected?.direction === 'server->device' || v.expected?.type === 5),
    );
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const v of commands) {
      const cmd: string = v.expected.command;
      const payload = /^[0-9A-F]+$/.test(cmd) && cmd.length % 2 === 0 ? Buffer.from(cmd, 'hex') : cmd;
      expect(encodeCommand(payload).toString('hex').toUpperCase(), v.id).toBe(v.hex.toUpperCase());
    }
  });

  it('reads the asserted values of the upstream parsers (augusto-sb, filipkroca, alim)', () => {
    for (const v of VECTORS.filter((x) => x.expected?.avl)) {
      const buf = bytes(v);
      const data = v.transport === 'udp' ? decodeUdp(buf).data : (readDataFrame(buf)!.frame as any).data;
      const got = data.records.map((r: any) => ({
        altitude: r.altitude,
        angle: r.angle,
        eventIoId: r.eventIoId,
        ...(r.generationType !== undefined ? { generationType: r.generationType } : {}),
        io: Object.fromEntries(r.io.map((x: any) => [String(x.id), ioNumber(x)])),
        latitude: r.latitude,
        longitude: r.longitude,
        priority: r.priority,
        satellites: r.satellites,
        speed: r.speed,
        timestamp: r.timestamp,
      }));
      expect(got, v.id).toEqual(v.expected.avl);
    }
    const f6 = VECTORS.find((v) => v.id === 'filipkroca-06')!;
    const p = decodeUdp(bytes(f6));
    const io = (id: number) => p.data.records.map((r) => ioNumber(r.io.find((x) => x.id === id)!));
    expect(io(66)).toEqual(f6.expected.io_66_external_voltage_mV_per_record);
    expect(io(16)).toEqual(f6.expected.io_16_total_distance_m_per_record);
    expect(p.imei).toBe(f6.expected.imei);
  });

  it('round-trips a frame of our own with negative coordinates and a large 8-byte IO value', () => {
    const rec = Buffer.alloc(8 + 1 + 15 + 2 + 4 + 0);
    rec.writeBigUInt64BE(1_760_000_000_000n, 0);
    rec.writeInt32BE(-1_068_166_700, 9); // lon -106.81667
    rec.writeInt32BE(-62_000_000, 13); // lat -6.2
    rec.writeInt16BE(-5, 17);
    rec.writeUInt16BE(359, 19);
    rec[21] = 9;
    rec.writeUInt16BE(23, 22);
    // event 0, total 1: N1 0, N2 0, N4 0, N8 1
    const fixed = Buffer.concat([
      Buffer.from('0801', 'hex'),
      rec.subarray(0, 24),
      Buffer.from('00' + '01' + '00' + '00' + '00' + '01' + '86' + 'ffffffffffffffff' + '01', 'hex'),
    ]);
    const frame = readDataFrame(tcpFrame(fixed))!;
    const r = (frame.frame as any).data.records[0];
    expect(r).toMatchObject({
      longitude: -106.81667,
      latitude: -6.2,
      altitude: -5,
      angle: 359,
      satellites: 9,
      speed: 23,
    });
    expect(ioNumber(r.io[0])).toBeUndefined(); // beyond 2^53: kept as hex, never a rounded number
    expect(r.io[0].value.toString('hex')).toBe('ffffffffffffffff');
  });
});
