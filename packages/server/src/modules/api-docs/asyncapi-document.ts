/**
 * The AsyncAPI 3.0 document of what devices send without HTTP (docs/api.md "API documentation"): MQTT ingest
 * (modules/telemetry/mqtt.ts) and the Teltonika listener (modules/tracker). Hand-written, as JSON; asyncapi.ts adds
 * what the code decides — the version, the servers of this installation and the payload schemas made from the same zod
 * schemas as HTTP ingest (`Reading`, `IngestResult`, the `#/components/schemas/…` left out here) — and
 * test/api-docs/asyncapi.test.ts checks the topics, codecs and limits below against the code.
 *
 * `x-layout` (binary frames): the fields in wire order, `bytes` a count or a note; every number is big-endian.
 */
export interface AsyncApiDocument {
  asyncapi: string;
  info: { title: string; version: string; description: string };
  defaultContentType: string;
  servers: Record<string, { host: string; protocol: string; protocolVersion?: string; description: string }>;
  channels: Record<string, Record<string, unknown>>;
  operations: Record<string, Record<string, unknown>>;
  components: Record<'parameters' | 'schemas' | 'messages', Record<string, unknown>>;
}

export const ASYNCAPI_DOCUMENT: AsyncApiDocument = {
  asyncapi: '3.0.0',
  info: {
    title: 'Fleet monitoring — device messages',
    version: '(the product version)',
    description:
      'How devices send readings without HTTP: over MQTT (readings published to the broker the server subscribes to) and, for Teltonika trackers, over TCP or UDP in codec 8 / 8 Extended. Readings are the same as those of `POST /api/ingest` (the OpenAPI document at /api/docs): the same checks, per-reading outcomes and idempotency on (device, time).',
  },
  defaultContentType: 'application/json',
  servers: {
    mqtt: {
      host: '(MQTT_URL)',
      protocol: 'mqtt',
      protocolVersion: '5',
      description:
        'The MQTT broker of MQTT_URL. The server subscribes with QoS 1 and a persistent session; devices must publish with QoS 1. With MQTT_SHARED_GROUP the subscriptions are `$share/<group>/…`.',
    },
    teltonikaTcp: {
      host: '(this host):(TELTONIKA_PORT)',
      protocol: 'tcp',
      description:
        'The Teltonika listener over TCP on TELTONIKA_PORT (default 5027; 0 turns it off). A tracker identifies with its IMEI first; it must be a device of type Tracker (or teltonika) whose unique id is that IMEI, active on its vessel.',
    },
    teltonikaUdp: {
      host: '(this host):(TELTONIKA_PORT)',
      protocol: 'udp',
      description: 'The Teltonika listener over UDP on the same port: each datagram carries its IMEI.',
    },
  },
  channels: {
    readings: {
      address: 'fleet/{device}/readings',
      title: 'Readings of a device',
      description:
        'One reading with its device key in `key`, or a batch `{ key, id, readings: [...] }`. Readings without `device` are for the device in the topic; a gateway key may name the other devices of its vessel. At most 10000 readings per message. Acknowledged (PUBACK) only after the readings are committed.',
      parameters: { device: { $ref: '#/components/parameters/device' } },
      servers: [{ $ref: '#/servers/mqtt' }],
      messages: {
        keyedReading: { $ref: '#/components/messages/keyedReading' },
        keyedBatch: { $ref: '#/components/messages/keyedBatch' },
      },
    },
    keyedReadings: {
      address: 'fleet/{device}/{key}/readings',
      title: 'Readings of a device, key in the topic',
      description:
        'For firmware that cannot wrap its payload: the device key is a topic level and the payload is a bare reading or a bare array of readings.',
      parameters: {
        device: { $ref: '#/components/parameters/device' },
        key: { $ref: '#/components/parameters/key' },
      },
      servers: [{ $ref: '#/servers/mqtt' }],
      messages: {
        bareReading: { $ref: '#/components/messages/bareReading' },
        bareBatch: { $ref: '#/components/messages/bareBatch' },
      },
    },
    results: {
      address: 'fleet/{device}/readings/result',
      title: 'Outcome of each readings message',
      description:
        "Published with QoS 1 after each message on a readings topic: the HTTP answer's data, or `{ error }` for a message that could not be read (not JSON, no key, an unknown or revoked key, too many readings). The message's `id` is echoed. An MQTT 5 publisher that sets a response topic (and correlation data) gets the same answer there too.",
      parameters: { device: { $ref: '#/components/parameters/device' } },
      servers: [{ $ref: '#/servers/mqtt' }],
      messages: {
        result: { $ref: '#/components/messages/result' },
        refusal: { $ref: '#/components/messages/refusal' },
      },
    },
    trackerTcp: {
      address: null,
      title: 'Teltonika tracker connection (TCP)',
      description:
        'One connection per tracker: the IMEI handshake, then AVL data frames, each acknowledged with its record count only after the records are stored; keep-alive bytes; codec 12 commands from the server, answered by the tracker on the same connection. A bad frame (wrong preamble, length or CRC) closes that connection without an acknowledgement, so the tracker sends it again. Limits: 30 s from connect to the IMEI, 15 min idle, 30 s for a frame that has begun, 64 KiB per frame, TELTONIKA_MAX_CONNECTIONS, TELTONIKA_MAX_PER_ADDRESS, TELTONIKA_MAX_UNIDENTIFIED.',
      servers: [{ $ref: '#/servers/teltonikaTcp' }],
      messages: {
        imei: { $ref: '#/components/messages/imei' },
        imeiAnswer: { $ref: '#/components/messages/imeiAnswer' },
        avlFrame: { $ref: '#/components/messages/avlFrame' },
        tcpAck: { $ref: '#/components/messages/tcpAck' },
        keepAlive: { $ref: '#/components/messages/keepAlive' },
        command: { $ref: '#/components/messages/command' },
      },
    },
    trackerUdp: {
      address: null,
      title: 'Teltonika tracker datagrams (UDP)',
      description:
        'Each datagram carries the IMEI and an AVL data array; it is stored, then acknowledged. A datagram of an unknown IMEI or one that cannot be decoded is dropped without an answer.',
      servers: [{ $ref: '#/servers/teltonikaUdp' }],
      messages: {
        udpPacket: { $ref: '#/components/messages/udpPacket' },
        udpAck: { $ref: '#/components/messages/udpAck' },
      },
    },
  },
  operations: {
    receiveReadings: {
      action: 'receive',
      title: 'Store readings published with the key in the payload',
      channel: { $ref: '#/channels/readings' },
    },
    receiveKeyedReadings: {
      action: 'receive',
      title: 'Store readings published with the key in the topic',
      channel: { $ref: '#/channels/keyedReadings' },
    },
    sendResult: {
      action: 'send',
      title: 'Publish the outcome of a readings message',
      channel: { $ref: '#/channels/results' },
    },
    receiveTrackerFrames: {
      action: 'receive',
      title: "Read a tracker's handshake, AVL frames, keep-alives and command responses",
      channel: { $ref: '#/channels/trackerTcp' },
      messages: [
        { $ref: '#/channels/trackerTcp/messages/imei' },
        { $ref: '#/channels/trackerTcp/messages/avlFrame' },
        { $ref: '#/channels/trackerTcp/messages/keepAlive' },
        { $ref: '#/channels/trackerTcp/messages/command' },
      ],
    },
    answerTracker: {
      action: 'send',
      title: 'Answer the handshake, acknowledge frames, send commands',
      channel: { $ref: '#/channels/trackerTcp' },
      messages: [
        { $ref: '#/channels/trackerTcp/messages/imeiAnswer' },
        { $ref: '#/channels/trackerTcp/messages/tcpAck' },
        { $ref: '#/channels/trackerTcp/messages/command' },
      ],
    },
    receiveTrackerDatagrams: {
      action: 'receive',
      title: 'Store the records of a datagram',
      channel: { $ref: '#/channels/trackerUdp' },
      messages: [{ $ref: '#/channels/trackerUdp/messages/udpPacket' }],
    },
    acknowledgeTrackerDatagrams: {
      action: 'send',
      title: 'Acknowledge a stored datagram',
      channel: { $ref: '#/channels/trackerUdp' },
      messages: [{ $ref: '#/channels/trackerUdp/messages/udpAck' }],
    },
  },
  components: {
    parameters: {
      device: { description: "The device's unique id (devcUniqueId), e.g. gps-tb01." },
      key: { description: 'The device key of the device, or of the gateway of its vessel.' },
    },
    schemas: {
      KeyedReading: {
        description: 'One reading with the device key',
        allOf: [
          { $ref: '#/components/schemas/Reading' },
          {
            type: 'object',
            required: ['key'],
            properties: {
              key: { type: 'string', description: 'the device key' },
              id: { description: 'echoed in the result' },
            },
          },
        ],
      },
      KeyedBatch: {
        type: 'object',
        required: ['key', 'readings'],
        properties: {
          key: { type: 'string', description: 'the device key' },
          id: { description: 'echoed in the result, e.g. "m-17"' },
          readings: { type: 'array', maxItems: 10000, items: { $ref: '#/components/schemas/Reading' } },
        },
      },
      ReadingList: { type: 'array', maxItems: 10000, items: { $ref: '#/components/schemas/Reading' } },
      Result: {
        description: "The outcome of a message: `POST /api/ingest`'s data, with the message's `id` when it had one",
        allOf: [
          { $ref: '#/components/schemas/IngestResult' },
          { type: 'object', properties: { id: { description: "the message's id" } } },
        ],
      },
      Refusal: {
        type: 'object',
        required: ['error'],
        properties: {
          id: { description: "the message's id" },
          error: {
            type: 'string',
            examples: [
              'payload is not JSON',
              'Device key required (payload key or topic segment)',
              'Unknown or revoked device key',
              'at most 10000 readings per batch',
            ],
          },
        },
      },
      Binary: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
    messages: {
      keyedReading: {
        name: 'keyedReading',
        title: 'One reading',
        payload: { $ref: '#/components/schemas/KeyedReading' },
        examples: [
          {
            name: 'a position',
            payload: { key: '<device key>', ts: 1763786400, data: { latitude: -6.1, longitude: 106.8, speed: 18.5 } },
          },
        ],
      },
      keyedBatch: {
        name: 'keyedBatch',
        title: 'A batch of readings',
        payload: { $ref: '#/components/schemas/KeyedBatch' },
        examples: [
          {
            name: 'two engine speeds',
            payload: {
              key: '<gateway key>',
              id: 'm-17',
              readings: [
                { device: 'rpm-tb01-1', ts: 1763786400, data: { rpm: 820 } },
                { device: 'rpm-tb01-2', ts: 1763786400, data: { rpm: 815 } },
              ],
            },
          },
        ],
      },
      bareReading: { name: 'bareReading', title: 'A bare reading', payload: { $ref: '#/components/schemas/Reading' } },
      bareBatch: {
        name: 'bareBatch',
        title: 'A bare array of readings',
        payload: { $ref: '#/components/schemas/ReadingList' },
      },
      result: { name: 'result', title: 'Outcome', payload: { $ref: '#/components/schemas/Result' } },
      refusal: { name: 'refusal', title: 'Message refused', payload: { $ref: '#/components/schemas/Refusal' } },
      imei: {
        name: 'imei',
        title: 'IMEI handshake (tracker → server)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [
          { field: 'IMEI length', bytes: '2', description: '8 to 17' },
          { field: 'IMEI', bytes: 'length', description: 'ASCII digits, e.g. 356307042441101' },
        ],
      },
      imeiAnswer: {
        name: 'imeiAnswer',
        title: 'Handshake answer (server → tracker)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [
          {
            field: 'answer',
            bytes: '1',
            description:
              '01: an active tracker, frames may follow; 00: unknown or inactive IMEI, or a connection cap reached — the connection is closed',
          },
        ],
      },
      avlFrame: {
        name: 'avlFrame',
        title: 'AVL data frame, codec 8 / 8 Extended / 16 (tracker → server)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-codecs': { '8': 8, '8E': 142, '16': 16 },
        'x-max-data-length': 65536,
        'x-layout': [
          { field: 'preamble', bytes: '4', description: '00 00 00 00' },
          { field: 'data length', bytes: '4', description: 'of the data field: codec id to the second record count' },
          {
            field: 'codec id',
            bytes: '1',
            description: '08 (codec 8), 8E (codec 8 Extended), 10 (codec 16)',
          },
          { field: 'record count', bytes: '1', description: '' },
          { field: 'records', bytes: 'each as below', description: '' },
          { field: 'record count', bytes: '1', description: 'the same as the first' },
          { field: 'CRC', bytes: '4', description: 'CRC-16/IBM of the data field; a wrong CRC closes the connection' },
        ],
        'x-record-layout': [
          { field: 'timestamp', bytes: '8', description: 'epoch milliseconds' },
          { field: 'priority', bytes: '1', description: '0 low, 1 high, 2 panic' },
          { field: 'longitude', bytes: '4', description: 'signed, degrees × 10⁷' },
          { field: 'latitude', bytes: '4', description: 'signed, degrees × 10⁷' },
          { field: 'altitude', bytes: '2', description: 'signed, metres' },
          { field: 'angle', bytes: '2', description: 'degrees from north' },
          { field: 'satellites', bytes: '1', description: '' },
          { field: 'speed', bytes: '2', description: 'km/h' },
          { field: 'event IO id', bytes: '1 (8E, 16: 2)', description: 'the IO element that caused the record' },
          { field: 'generation type', bytes: '1 (16 only)', description: '' },
          { field: 'IO total', bytes: '1 (8E: 2)', description: 'the number of IO elements' },
          {
            field: 'IO elements',
            bytes: 'groups',
            description:
              'for 1-, 2-, 4- and 8-byte values in turn: a count (1; 8E: 2), then id (1; 8E and 16: 2) and value pairs; codec 8E adds a group of variable length: count (2), then id (2), length (2), value',
          },
        ],
        description:
          'Each record becomes a reading of the tracker (latitude, longitude, altitude, angle, speed, satellites) stored as `POST /api/ingest` stores one; its IO elements are kept as they came.',
      },
      tcpAck: {
        name: 'tcpAck',
        title: 'Frame acknowledgement (server → tracker)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [
          {
            field: 'records accepted',
            bytes: '4',
            description: 'sent only after the records are committed (records refused by validation count too)',
          },
        ],
      },
      keepAlive: {
        name: 'keepAlive',
        title: 'Keep-alive (tracker → server)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [{ field: 'keep-alive', bytes: '1', description: 'FF' }],
      },
      command: {
        name: 'command',
        title: 'Codec 12 command (server → tracker) and its response (tracker → server)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-codecs': { '12': 12 },
        'x-layout': [
          { field: 'preamble', bytes: '4', description: '00 00 00 00' },
          { field: 'data length', bytes: '4', description: '' },
          { field: 'codec id', bytes: '1', description: '0C' },
          { field: 'quantity', bytes: '1', description: '01' },
          { field: 'type', bytes: '1', description: '05 command (server → tracker), 06 response' },
          { field: 'text length', bytes: '4', description: '' },
          { field: 'text', bytes: 'length', description: 'ASCII, e.g. getinfo' },
          { field: 'quantity', bytes: '1', description: '01' },
          { field: 'CRC', bytes: '4', description: 'CRC-16/IBM of codec id to the second quantity' },
        ],
        description:
          'Sent with `POST /api/tracker/command` (OpenAPI) on the connection the tracker holds, one at a time; the tracker answers with type 06.',
      },
      udpPacket: {
        name: 'udpPacket',
        title: 'AVL datagram (tracker → server)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [
          { field: 'length', bytes: '2', description: 'of what follows' },
          { field: 'packet id', bytes: '2', description: 'echoed in the acknowledgement' },
          { field: 'packet type', bytes: '1', description: '01' },
          { field: 'AVL packet id', bytes: '1', description: 'echoed in the acknowledgement' },
          { field: 'IMEI length', bytes: '2', description: '8 to 17' },
          { field: 'IMEI', bytes: 'length', description: 'ASCII digits' },
          {
            field: 'AVL data',
            bytes: 'the rest',
            description: 'codec id, record count, records, record count — as in a TCP frame, without CRC',
          },
        ],
      },
      udpAck: {
        name: 'udpAck',
        title: 'Datagram acknowledgement (server → tracker)',
        contentType: 'application/octet-stream',
        payload: { $ref: '#/components/schemas/Binary' },
        'x-layout': [
          { field: 'length', bytes: '2', description: '00 05' },
          { field: 'packet id', bytes: '2', description: "the datagram's" },
          { field: 'packet type', bytes: '1', description: '01' },
          { field: 'AVL packet id', bytes: '1', description: "the datagram's" },
          { field: 'records accepted', bytes: '1', description: '' },
        ],
      },
    },
  },
};
