import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Database } from '../../db/database.ts';
import { resolveDeviceKey } from './device-keys.ts';
import { ingestReadings, MAX_BATCH } from './ingest.ts';

/**
 * MQTT ingest (docs/operations.md "MQTT"): the same validation and code path as POST /api/ingest.
 *
 *   fleet/<devcUniqueId>/readings          payload { key, ts, data } | { key, readings: [...] }
 *   fleet/<devcUniqueId>/<key>/readings    payload { ts, data } | [ { ts, data }, ... ]   (firmware that cannot wrap)
 *
 * Readings without `device` are for the device named in the topic; a gateway key may name others of
 * its asset. The outcome (as the HTTP answer's data, or { error }) is published, QoS 1, to
 * `fleet/<devcUniqueId>/readings/result`, echoing the payload's `id`; an MQTT 5 publisher's response
 * topic and correlation data are honoured too. Messages are handled one at a time, in arrival order,
 * and a QoS 1 message is acknowledged to the broker only after its readings are committed.
 */
export const TOPIC_ROOT = 'fleet';

export interface MqttIngest {
  client: MqttClient;
  /** resolves once subscribed (tests wait for it; the server does not) */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Message {
  device: string;
  key?: string;
  id?: unknown;
  records?: unknown[];
  error?: string;
}

/** topic + payload → what to ingest, or why not. */
export function readMessage(topic: string, payload: Buffer, root = TOPIC_ROOT): Message | undefined {
  const parts = topic.split('/');
  if (parts[0] !== root || parts[parts.length - 1] !== 'readings' || (parts.length !== 3 && parts.length !== 4))
    return undefined;
  const device = parts[1];
  const topicKey = parts.length === 4 ? parts[2] : undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { device, error: 'payload is not JSON' };
  }
  if (Array.isArray(body)) return { device, key: topicKey, records: body };
  if (!body || typeof body !== 'object')
    return { device, error: 'payload must be a reading, an array or { key, readings }' };
  const o = body as { key?: unknown; id?: unknown; readings?: unknown };
  const key = topicKey ?? (typeof o.key === 'string' ? o.key : undefined);
  if (o.readings !== undefined) {
    if (!Array.isArray(o.readings)) return { device, id: o.id, error: 'readings must be an array' };
    return { device, key, id: o.id, records: o.readings };
  }
  return { device, key, id: o.id, records: [body] };
}

export function startMqttIngest(
  database: Database,
  url: string,
  log: FastifyBaseLogger,
  root = TOPIC_ROOT,
): MqttIngest {
  const subscriptions = [`${root}/+/readings`, `${root}/+/+/readings`];
  const client = mqtt.connect(url, {
    clientId: `fleet-ingest-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    protocolVersion: 5, // response topic and correlation data
    reconnectPeriod: 5000,
    clean: true,
  });
  let pending: Promise<void> = Promise.resolve();
  let subscribed: () => void;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });

  client.on('connect', () => {
    client.subscribe(subscriptions, { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'mqtt subscribe failed');
      else {
        log.info({ url: url.replace(/\/\/[^@]*@/, '//***@'), topics: subscriptions }, 'mqtt ingest subscribed');
        subscribed();
      }
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt error'));

  const reply = (msg: Message, packet: IPublishPacket, answer: object) => {
    const body = JSON.stringify(msg.id === undefined ? answer : { id: msg.id, ...answer });
    client.publish(`${root}/${msg.device}/readings/result`, body, { qos: 1 });
    const rt = packet.properties?.responseTopic;
    if (rt)
      client.publish(rt, body, {
        qos: 1,
        properties: packet.properties?.correlationData ? { correlationData: packet.properties.correlationData } : {},
      });
  };

  const handle = async (topic: string, payload: Buffer, packet: IPublishPacket) => {
    const msg = readMessage(topic, payload, root);
    if (!msg) return;
    if (msg.error) return reply(msg, packet, { error: msg.error });
    if (!msg.key) return reply(msg, packet, { error: 'Device key required (payload key or topic segment)' });
    if (msg.records!.length > MAX_BATCH)
      return reply(msg, packet, { error: `at most ${MAX_BATCH} readings per batch` });
    const scope = await resolveDeviceKey(database, msg.key);
    if (!scope) return reply(msg, packet, { error: 'Unknown or revoked device key' });
    const result = await ingestReadings(database, scope, msg.records!, msg.device);
    reply(msg, packet, result);
  };

  // handleMessage runs before the broker gets its PUBACK and holds the next message back until it
  // calls back: readings are acknowledged only after they are committed, one message at a time
  client.handleMessage = (packet, callback) => {
    const p = packet as IPublishPacket;
    const payload = typeof p.payload === 'string' ? Buffer.from(p.payload) : p.payload;
    pending = handle(p.topic, payload, p)
      .catch((err) => log.error({ err, topic: p.topic }, 'mqtt ingest failed'))
      .finally(() => callback());
  };

  return {
    client,
    ready,
    close: async () => {
      await pending;
      await client.endAsync();
    },
  };
}
