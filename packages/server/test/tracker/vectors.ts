import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { AvlRecord, CommandMessage } from '../../src/modules/tracker/codec.ts';

/**
 * The shared Teltonika test vectors (../shared/testdata/teltonika, copied here so CI has them): frames from
 * upstream test suites with their reference decodes. See that folder's README for the fields.
 */
export interface RefRecord {
  timestamp_ms: number;
  priority: number;
  longitude: number;
  latitude: number;
  altitude_m: number;
  angle_deg: number;
  satellites: number;
  speed_kmh: number;
  event_io_id: number;
  generation_type?: number;
  io_total_declared: number;
  io: Record<string, { size: number | 'var'; hex: string; uint: number }>;
}
export interface RefMessage {
  type: number;
  timestamp_s?: number;
  imei_hex?: string;
  payload_hex: string;
}
export interface Vector {
  id: string;
  transport: string;
  codec: string | null;
  hex: string;
  expected: any;
  notes?: string[] | null;
  reference_decode?: {
    kind?: 'tcp_frame' | 'udp_datagram';
    strict_ok: boolean;
    decode_error?: string;
    crc_ok?: boolean;
    records?: RefRecord[];
    messages?: RefMessage[];
    server_ack_hex?: string;
    imei?: string;
    packet_id?: string;
    avl_packet_id?: number;
    codec_id?: number;
  };
}

export const VECTORS: Vector[] = JSON.parse(
  readFileSync(new URL('./teltonika_vectors.json', import.meta.url), 'utf8'),
).vectors;

export const bytes = (v: Vector) => Buffer.from(v.hex, 'hex');

/** Frames a strict decoder must take: the reference decode found CRC, length and counts right. */
export const isGood = (v: Vector) => v.reference_decode?.strict_ok === true && !v.expected?.must_fail;

/** Our decode of a record equals the reference decode, field by field and IO element by IO element. */
export function expectRecord(got: AvlRecord, ref: RefRecord) {
  expect({
    timestamp: got.timestamp,
    priority: got.priority,
    longitude: got.longitude,
    latitude: got.latitude,
    altitude: got.altitude,
    angle: got.angle,
    satellites: got.satellites,
    speed: got.speed,
    eventIoId: got.eventIoId,
    generationType: got.generationType,
  }).toEqual({
    timestamp: ref.timestamp_ms,
    priority: ref.priority,
    longitude: ref.longitude,
    latitude: ref.latitude,
    altitude: ref.altitude_m,
    angle: ref.angle_deg,
    satellites: ref.satellites,
    speed: ref.speed_kmh,
    eventIoId: ref.event_io_id,
    generationType: ref.generation_type,
  });
  expect(got.io.length).toBe(ref.io_total_declared);
  const io = Object.fromEntries(got.io.map((e) => [String(e.id), { size: e.size, hex: e.value.toString('hex') }]));
  const want = Object.fromEntries(
    Object.entries(ref.io).map(([id, e]) => [id, { size: e.size === 'var' ? e.hex.length / 2 : e.size, hex: e.hex }]),
  );
  expect(io).toEqual(want);
}

export function expectMessages(got: CommandMessage[], ref: RefMessage[]) {
  expect(
    got.map((m) => ({
      type: m.type,
      timestamp_s: m.timestamp,
      imei_hex: m.imeiHex,
      payload_hex: m.payload.toString('hex'),
    })),
  ).toEqual(
    ref.map((m) => ({ type: m.type, timestamp_s: m.timestamp_s, imei_hex: m.imei_hex, payload_hex: m.payload_hex })),
  );
}
