import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { inputJsonSchema } from '../../src/http/openapi.ts';
import { asyncApiDocument } from '../../src/modules/api-docs/asyncapi.ts';
import { ASYNCAPI_DOCUMENT, type AsyncApiDocument } from '../../src/modules/api-docs/asyncapi-document.ts';
import { asyncApiPage } from '../../src/modules/api-docs/asyncapi-page.ts';
import { MAX_BATCH } from '../../src/modules/telemetry/ingest.ts';
import { readingTopicFilters, readMessage, resultTopic, TOPIC_ROOT } from '../../src/modules/telemetry/mqtt.ts';
import { readingSchema } from '../../src/modules/telemetry/reading.ts';
import { CODEC_8, CODEC_8E, CODEC_12, CODEC_16, encodeCommand, tcpAck } from '../../src/modules/tracker/codec.ts';
import { MAX_DATA_LENGTH } from '../../src/modules/tracker/framing.ts';
import { udpAck } from '../../src/modules/tracker/udp.ts';
import { VERSION } from '../../src/version.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The AsyncAPI document (MQTT, Teltonika) against the code it describes, and its page. */

type Json = Record<string, any>;

const at = (doc: unknown, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => node?.[key], doc);

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refs(n, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  return out;
}

/** The bytes of a frame layout when every field has a fixed size (`text` for the field sized by a length). */
const layoutBytes = (layout: { bytes: string }[], lengthField = 0) =>
  layout.reduce((sum, l) => sum + (/^\d+$/.test(l.bytes) ? Number(l.bytes) : lengthField), 0);

const CONFIG = { mqttUrl: undefined, publicUrl: 'https://fleet.example.co.id', teltonikaPort: 5027 };

describe('the AsyncAPI document', () => {
  const doc = asyncApiDocument(CONFIG, VERSION) as AsyncApiDocument & Json;

  it('is AsyncAPI 3.0 with the product version, and every $ref points at something', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.info.version).toBe(VERSION);
    const dangling = refs(doc).filter((r) => at(doc, r) === undefined);
    expect(dangling).toEqual([]);
  });

  it("has operations on existing channels whose messages are their channel's, and every address parameter declared", () => {
    for (const [name, op] of Object.entries(doc.operations as Record<string, Json>)) {
      expect(['send', 'receive'], name).toContain(op.action);
      const channel = op.channel.$ref as string;
      expect(at(doc, channel), name).toBeDefined();
      for (const m of op.messages ?? []) expect(m.$ref.startsWith(`${channel}/messages/`), name).toBe(true);
    }
    for (const [name, c] of Object.entries(doc.channels as Record<string, Json>)) {
      const inAddress = [...String(c.address ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(c.parameters ?? {}).sort(), name).toEqual(inAddress);
    }
  });

  it('names the MQTT topics the server subscribes to and publishes on', () => {
    const address = (id: string) => doc.channels[id].address as string;
    const filters = [address('readings'), address('keyedReadings')].map((a) => a.replace(/\{\w+\}/g, '+'));
    expect(filters).toEqual(readingTopicFilters());
    expect(address('results').replace('{device}', 'gps-tb01')).toBe(resultTopic('gps-tb01'));
    expect(address('readings').split('/')[0]).toBe(TOPIC_ROOT);
    // a topic made from each address is read as the document says: the device, and the key from the topic
    const one = readMessage(address('readings').replace('{device}', 'gps-tb01'), Buffer.from('{"key":"k","data":{}}'));
    expect(one).toMatchObject({ device: 'gps-tb01', key: 'k' });
    const keyed = readMessage(
      address('keyedReadings').replace('{device}', 'gps-tb01').replace('{key}', 'k2'),
      Buffer.from('[{"ts":1,"data":{}}]'),
    );
    expect(keyed).toMatchObject({ device: 'gps-tb01', key: 'k2', records: [{ ts: 1 }] });
    expect(readMessage(address('results').replace('{device}', 'gps-tb01'), Buffer.from('{}'))).toBeUndefined();
  });

  it('gives the readings of HTTP ingest, made from the same zod schema, and its batch limit', () => {
    expect(doc.components.schemas.Reading).toEqual(inputJsonSchema(readingSchema));
    expect((doc.components.schemas.KeyedBatch as Json).properties.readings.maxItems).toBe(MAX_BATCH);
    expect((doc.components.schemas.ReadingList as Json).maxItems).toBe(MAX_BATCH);
    expect((doc.components.schemas.Refusal as Json).properties.error.examples).toContain(
      `at most ${MAX_BATCH} readings per batch`,
    );
  });

  it("names the tracker codecs, the frame limit and byte layouts the listener's code uses", () => {
    const m = doc.components.messages as Record<string, Json>;
    expect(m.avlFrame['x-codecs']).toEqual({ '8': CODEC_8, '8E': CODEC_8E, '16': CODEC_16 });
    expect(m.command['x-codecs']).toEqual({ '12': CODEC_12 });
    expect(m.avlFrame['x-max-data-length']).toBe(MAX_DATA_LENGTH);
    expect(layoutBytes(m.tcpAck['x-layout'])).toBe(tcpAck(3).length);
    expect(layoutBytes(m.udpAck['x-layout'])).toBe(udpAck(1, 2, 3).length);
    expect(layoutBytes(m.command['x-layout'], 'getinfo'.length)).toBe(encodeCommand('getinfo').length);
    expect(layoutBytes(m.imeiAnswer['x-layout'])).toBe(1);
  });

  it("gives this installation's servers: the tracker port and the broker's host without its credentials", () => {
    expect(loadConfig({}).teltonikaPort).toBe(5027);
    const custom = asyncApiDocument(
      {
        mqttUrl: 'mqtt://fleet:s3cret@broker.local:1883',
        publicUrl: 'https://fleet.example.co.id',
        teltonikaPort: 6001,
      },
      VERSION,
    );
    expect(custom.servers.mqtt.host).toBe('broker.local:1883');
    expect(custom.servers.teltonikaTcp.host).toBe('fleet.example.co.id:6001');
    expect(custom.servers.teltonikaUdp.host).toBe('fleet.example.co.id:6001');
    expect(JSON.stringify(custom)).not.toContain('s3cret');
    expect(asyncApiPage(custom)).not.toContain('s3cret');
    const off = asyncApiDocument({ ...CONFIG, teltonikaPort: 0 }, VERSION);
    expect(off.servers.teltonikaTcp.description).toMatch(/^Off on this server/);
    expect(doc.servers.mqtt.description).toMatch(/MQTT_URL is unset/);
    // the hand-written document is not changed by composing one
    expect(ASYNCAPI_DOCUMENT.components.schemas.Reading).toBeUndefined();
  });
});

describe('the AsyncAPI page', () => {
  it('shows every channel, message and schema, and escapes every text', () => {
    const doc = asyncApiDocument(CONFIG, VERSION);
    const html = asyncApiPage(doc);
    for (const c of Object.values(doc.channels)) expect(html).toContain(`>${c.title}<`);
    expect(html).toContain('<code>fleet/{device}/{key}/readings</code>');
    expect(html).toContain('CRC-16/IBM');
    expect(html).toContain('id="schema-Reading"');
    expect(html).not.toMatch(/<script/i);
    const hostile = structuredClone(doc);
    hostile.channels.readings.title = '<img src=x onerror=alert(1)>';
    hostile.info.description = '"><script>alert(1)</script>';
    const page = asyncApiPage(hostile);
    expect(page).not.toContain('<img src=x');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('served beside /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { TELTONIKA_PORT: '6002' } });
  });
  afterAll(() => t.close());

  it('answers the document, the page and the explorer without a sign-in, from this server only', async () => {
    const json = await t.call({ method: 'GET', url: '/api/docs/asyncapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json.servers.teltonikaTcp.host).toBe('localhost:6002');
    const openapi = await t.call({ method: 'GET', url: '/api/docs/json' });
    // the same reading in both documents
    expect(
      openapi.json.paths['/api/ingest'].post.requestBody.content['application/json'].schema.properties.readings.items,
    ).toEqual(json.json.components.schemas.Reading);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/async' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Teltonika tracker connection (TCP)');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    // Swagger UI's files are this server's (no CDN), and it asks no outside validator
    const scripts = [...ui.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /^(https?:)?\/\//.test(s))).toEqual([]);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('validatorUrl: null');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
