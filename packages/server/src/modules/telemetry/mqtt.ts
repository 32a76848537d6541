import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { countIngest } from '../../http/metrics.ts';
import { resolveDeviceKey } from './device-keys.ts';
import { ingestReadings, MAX_BATCH } from './ingest.ts';
import type { IngestPipeline } from './pipeline.ts';

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
 *
 * No reading lost across a restart: a stable client id and a persistent session (clean start off, MQTT 5 session
 * expiry), so the broker keeps QoS 1 messages that arrive while the server is down and delivers them when it is
 * back. Several server processes: each with its own client id, all in one shared subscription group
 * (`$share/<group>/…`), so the broker hands each message to one of them.
 */
export const TOPIC_ROOT = 'fleet';

/** The topic filters the server subscribes to (before a shared group's `$share/<group>/`). */
export const readingTopicFilters = (root = TOPIC_ROOT) => [`${root}/+/readings`, `${root}/+/+/readings`];

/** Where the outcome of a message on a readings topic of `device` is published. */
export const resultTopic = (device: string, root = TOPIC_ROOT) => `${root}/${device}/readings/result`;

export interface MqttIngestOptions {
  /** the same on every start of this server (docs/operations.md "MQTT"), different for each process */
  clientId: string;
  /** how long the broker keeps the session (subscriptions, undelivered messages) while we are away */
  sessionExpirySeconds?: number;
  /** shared subscription group for several server processes; unset = a plain subscription */
  sharedGroup?: string;
  root?: string;
  /** reconnect delay (ms) after a lost connection or a message that could not be stored */
  reconnectPeriod?: number;
}

export interface MqttIngest {
  client: MqttClient;
  /** resolves once subscribed (tests wait for it; the server does not) */
  ready: Promise<void>;
  /** messages on a readings topic handled (answered) by this process */
  stats: { handled: number };
  close(): Promise<void>;
}

/** A week: a server that is down longer than that gets the messages published since only if the broker kept them. */
export const DEFAULT_SESSION_EXPIRY_SECONDS = 7 * 24 * 3600;

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
  pipeline: IngestPipeline,
  url: string,
  log: FastifyBaseLogger,
  options: MqttIngestOptions,
): MqttIngest {
  const root = options.root ?? TOPIC_ROOT;
  const share = options.sharedGroup ? `$share/${options.sharedGroup}/` : '';
  const plain = readingTopicFilters(root);
  const subscriptions = plain.map((t) => share + t);
  const stats = { handled: 0 };
  const client = mqtt.connect(url, {
    clientId: options.clientId,
    protocolVersion: 5, // response topic and correlation data, session expiry
    reconnectPeriod: options.reconnectPeriod ?? 5000,
    // a persistent session: the broker keeps our subscriptions and queues QoS 1 messages while we are away
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? DEFAULT_SESSION_EXPIRY_SECONDS },
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
        // a session from before the group was set still holds the plain subscription: every message twice
        if (!share) subscribed();
        else
          client.unsubscribe(plain, (e) => {
            if (e) log.warn({ err: e.message }, 'mqtt unsubscribe failed');
            subscribed();
          });
      }
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt error'));
  client.on('disconnect', (packet) => {
    // 0x8E: another client connected with our id; two processes with one id take the session from each other
    if (packet.reasonCode === 0x8e)
      log.warn({ clientId: options.clientId }, 'mqtt session taken over: another process uses this MQTT_CLIENT_ID');
    else log.info({ reasonCode: packet.reasonCode }, 'mqtt disconnected by the broker');
  });

  const reply = (msg: Message, packet: IPublishPacket, answer: object) => {
    const body = JSON.stringify(msg.id === undefined ? answer : { id: msg.id, ...answer });
    client.publish(resultTopic(msg.device, root), body, { qos: 1 });
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
    stats.handled++;
    if (msg.error) return reply(msg, packet, { error: msg.error });
    if (!msg.key) return reply(msg, packet, { error: 'Device key required (payload key or topic segment)' });
    if (msg.records!.length > MAX_BATCH)
      return reply(msg, packet, { error: `at most ${MAX_BATCH} readings per batch` });
    const scope = await resolveDeviceKey(pipeline.database, msg.key);
    if (!scope) return reply(msg, packet, { error: 'Unknown or revoked device key' });
    const result = await ingestReadings(pipeline, scope, msg.records!, msg.device);
    countIngest('mqtt', result);
    reply(msg, packet, result);
  };

  // handleMessage runs before the broker gets its PUBACK and holds the next message back until it
  // calls back: readings are acknowledged only after they are committed, one message at a time
  client.handleMessage = (packet, callback) => {
    const p = packet as IPublishPacket;
    const payload = typeof p.payload === 'string' ? Buffer.from(p.payload) : p.payload;
    pending = handle(p.topic, payload, p).then(
      () => callback(),
      (err) => {
        // not stored (e.g. the database is away): no PUBACK; the broker sends an unacknowledged message again only
        // when the session resumes, so reconnect
        log.error({ err, topic: p.topic }, 'mqtt ingest failed; not acknowledged, reconnecting for a redelivery');
        callback(err);
        client.stream?.destroy();
      },
    );
  };

  return {
    client,
    ready,
    stats,
    close: async () => {
      await pending;
      await client.endAsync();
    },
  };
}
