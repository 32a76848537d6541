/**
 * Teltonika binary protocol (docs/decisions.md "Teltonika trackers"): the AVL data of codecs 8, 8 Extended (0x8E)
 * and 16, the command/response messages of codecs 12, 13 and 14, CRC-16/IBM and the server's answers.
 * Pure functions over Buffers; every read is bounds-checked and a bad input throws `DecodeError`, never anything else.
 */

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;
export const CODEC_14 = 0x0e;
export const AVL_CODECS = new Set([CODEC_8, CODEC_8E, CODEC_16]);
export const MESSAGE_CODECS = new Set([CODEC_12, CODEC_13, CODEC_14]);

export class DecodeError extends Error {}

/** CRC-16/IBM (ARC): polynomial 0xA001 reflected, initial value 0 — over codec id … second record count. */
export function crc16(buf: Uint8Array, start = 0, end = buf.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= buf[i];
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** One IO element: its id, its size in bytes and its raw big-endian bytes. */
export interface IoElement {
  id: number;
  size: number;
  value: Buffer;
}

export interface AvlRecord {
  /** epoch milliseconds */
  timestamp: number;
  priority: number;
  /** degrees, signed (two's complement × 1e-7) */
  longitude: number;
  latitude: number;
  /** metres */
  altitude: number;
  /** degrees from north */
  angle: number;
  satellites: number;
  /** km/h */
  speed: number;
  eventIoId: number;
  /** codec 16 only */
  generationType?: number;
  io: IoElement[];
}

export interface AvlData {
  codec: number;
  records: AvlRecord[];
}

export interface CommandMessage {
  /** 5 = command (server → device), 6 = response (device → server); other values as sent */
  type: number;
  /** codec 13: the device's timestamp, epoch seconds */
  timestamp?: number;
  /** codec 14: the addressed IMEI as 8 bytes of BCD-like hex */
  imeiHex?: string;
  payload: Buffer;
}

export interface MessageData {
  codec: number;
  messages: CommandMessage[];
}

/** A bounds-checked big-endian reader. */
class Reader {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }
  need(n: number, what: string) {
    if (this.pos + n > this.end) throw new DecodeError(`truncated ${what}`);
  }
  u8(what: string) {
    this.need(1, what);
    return this.buf[this.pos++];
  }
  u16(what: string) {
    this.need(2, what);
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  i16(what: string) {
    this.need(2, what);
    const v = this.buf.readInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  u32(what: string) {
    this.need(4, what);
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  i32(what: string) {
    this.need(4, what);
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  u64(what: string) {
    this.need(8, what);
    const v = this.buf.readBigUInt64BE(this.pos);
    this.pos += 8;
    return v;
  }
  bytes(n: number, what: string) {
    this.need(n, what);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
  get left() {
    return this.end - this.pos;
  }
}

/** Smallest possible record: 8 + 1 + 15 (GPS) + 2 (event, total) + 4 counts (codec 8). */
const MIN_RECORD = 30;

function readIo(r: Reader, codec: number, io: IoElement[]) {
  const wide = codec === CODEC_8E; // 8E: every count and id is 2 bytes
  const idWide = codec !== CODEC_8; // 8E and 16: ids are 2 bytes
  for (const size of [1, 2, 4, 8]) {
    const n = wide ? r.u16('IO count') : r.u8('IO count');
    for (let i = 0; i < n; i++) {
      const id = idWide ? r.u16('IO id') : r.u8('IO id');
      io.push({ id, size, value: r.bytes(size, 'IO value') });
    }
  }
  if (codec === CODEC_8E) {
    const n = r.u16('NX count');
    for (let i = 0; i < n; i++) {
      const id = r.u16('NX id');
      const len = r.u16('NX length');
      io.push({ id, size: len, value: r.bytes(len, 'NX value') });
    }
  }
}

function readRecord(r: Reader, codec: number): AvlRecord {
  const ts = r.u64('timestamp');
  if (ts > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecodeError('timestamp out of range');
  const priority = r.u8('priority');
  const longitude = r.i32('longitude') / 1e7;
  const latitude = r.i32('latitude') / 1e7;
  const altitude = r.i16('altitude');
  const angle = r.u16('angle');
  const satellites = r.u8('satellites');
  const speed = r.u16('speed');
  let eventIoId: number;
  let generationType: number | undefined;
  let total: number;
  if (codec === CODEC_8) {
    eventIoId = r.u8('event IO id');
    total = r.u8('IO total');
  } else if (codec === CODEC_16) {
    eventIoId = r.u16('event IO id');
    generationType = r.u8('generation type');
    total = r.u8('IO total');
  } else {
    eventIoId = r.u16('event IO id');
    total = r.u16('IO total');
  }
  const io: IoElement[] = [];
  readIo(r, codec, io);
  if (io.length !== total) throw new DecodeError(`IO total ${total} but ${io.length} elements`);
  const rec: AvlRecord = {
    timestamp: Number(ts),
    priority,
    longitude,
    latitude,
    altitude,
    angle,
    satellites,
    speed,
    eventIoId,
    io,
  };
  if (generationType !== undefined) rec.generationType = generationType;
  return rec;
}

/**
 * The AVL data array — codec id, record count, records, record count — that fills `buf[start, end)` exactly
 * (a TCP frame's data field, or the rest of a UDP datagram).
 */
export function decodeAvlData(buf: Buffer, start = 0, end = buf.length): AvlData {
  const r = new Reader(buf, start, end);
  const codec = r.u8('codec id');
  if (!AVL_CODECS.has(codec)) throw new DecodeError(`unsupported codec 0x${hex2(codec)}`);
  const n1 = r.u8('record count');
  if (n1 === 0) throw new DecodeError('no records');
  if (n1 * MIN_RECORD > r.left) throw new DecodeError(`record count ${n1} does not fit the data`);
  const records: AvlRecord[] = [];
  for (let i = 0; i < n1; i++) records.push(readRecord(r, codec));
  const n2 = r.u8('second record count');
  if (n2 !== n1) throw new DecodeError(`record counts differ (${n1} and ${n2})`);
  if (r.left !== 0) throw new DecodeError(`${r.left} trailing bytes in data field`);
  return { codec, records };
}

/** The messages of a codec 12, 13 or 14 data field: count, (type, size, [timestamp | IMEI], payload)…, count. */
export function decodeMessageData(buf: Buffer, start = 0, end = buf.length): MessageData {
  const r = new Reader(buf, start, end);
  const codec = r.u8('codec id');
  if (!MESSAGE_CODECS.has(codec)) throw new DecodeError(`unsupported codec 0x${hex2(codec)}`);
  const n1 = r.u8('message count');
  if (n1 === 0) throw new DecodeError('no messages');
  const messages: CommandMessage[] = [];
  for (let i = 0; i < n1; i++) {
    const type = r.u8('message type');
    const size = r.u32('message size');
    if (size > r.left) throw new DecodeError('truncated message');
    const m = new Reader(buf, r.pos, r.pos + size);
    r.pos += size;
    const msg: CommandMessage = { type, payload: Buffer.alloc(0) };
    if (codec === CODEC_13) msg.timestamp = m.u32('message timestamp');
    if (codec === CODEC_14) msg.imeiHex = m.bytes(8, 'message IMEI').toString('hex');
    msg.payload = m.bytes(m.left, 'payload');
    messages.push(msg);
  }
  const n2 = r.u8('second message count');
  if (n2 !== n1) throw new DecodeError(`message counts differ (${n1} and ${n2})`);
  if (r.left !== 0) throw new DecodeError(`${r.left} trailing bytes in data field`);
  return { codec, messages };
}

export const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** Wraps a data field as a TCP frame: 4 zero bytes, data length, data, CRC-16/IBM as 4 bytes. */
export function tcpFrame(data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc16(data), 8 + data.length);
  return out;
}

/** A codec 12 command frame (server → device): type 5, the command as ASCII. */
export function encodeCommand(command: string | Buffer): Buffer {
  const payload = typeof command === 'string' ? Buffer.from(command, 'latin1') : command;
  const data = Buffer.alloc(8 + payload.length);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = 5;
  data.writeUInt32BE(payload.length, 3);
  payload.copy(data, 7);
  data[7 + payload.length] = 1;
  return tcpFrame(data);
}

/** TCP acknowledgement: the number of records accepted, 4 bytes. */
export function tcpAck(count: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(count);
  return out;
}

/** IO value as an unsigned number when it is exact in a double, else undefined (use its hex). */
export function ioNumber(el: IoElement): number | undefined {
  if (el.size === 0 || el.size > 8) return undefined;
  let v = 0n;
  for (const b of el.value) v = (v << 8n) | BigInt(b);
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : undefined;
}
