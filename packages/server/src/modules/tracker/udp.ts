import { type AvlData, DecodeError, decodeAvlData } from './codec.ts';

/**
 * A Teltonika UDP datagram: length (2 bytes, of what follows), packet id (2), packet type (1), AVL packet id (1),
 * IMEI length (2), IMEI, AVL data array (codec … second count; UDP carries no CRC).
 */
export interface UdpPacket {
  packetId: number;
  packetType: number;
  avlPacketId: number;
  imei: string;
  data: AvlData;
}

export function decodeUdp(buf: Buffer): UdpPacket {
  if (buf.length < 8) throw new DecodeError('datagram too short');
  const length = buf.readUInt16BE(0);
  if (length !== buf.length - 2) throw new DecodeError(`length field ${length} but ${buf.length - 2} bytes follow`);
  const packetId = buf.readUInt16BE(2);
  const packetType = buf[4];
  const avlPacketId = buf[5];
  const imeiLength = buf.readUInt16BE(6);
  if (imeiLength < 8 || imeiLength > 17) throw new DecodeError(`bad IMEI length ${imeiLength}`);
  if (buf.length < 8 + imeiLength) throw new DecodeError('truncated IMEI');
  const imei = buf.toString('latin1', 8, 8 + imeiLength);
  if (!/^\d+$/.test(imei)) throw new DecodeError('IMEI is not digits');
  const data = decodeAvlData(buf, 8 + imeiLength);
  return { packetId, packetType, avlPacketId, imei, data };
}

/** The UDP acknowledgement: length 5, the packet id echoed, 01, the AVL packet id, the number of records. */
export function udpAck(packetId: number, avlPacketId: number, count: number): Buffer {
  const out = Buffer.alloc(7);
  out.writeUInt16BE(5, 0);
  out.writeUInt16BE(packetId, 2);
  out[4] = 1;
  out[5] = avlPacketId;
  out[6] = count;
  return out;
}
