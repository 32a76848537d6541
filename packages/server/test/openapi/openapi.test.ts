import SwaggerParser from '@apidevtools/swagger-parser';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from '../../src/http/envelope.ts';
import { ERROR_RESPONSES, errorStatusesOf, openApiOptions, operationIdOf } from '../../src/http/openapi.ts';
import { readingSchema } from '../../src/modules/telemetry/reading.ts';
import { VERSION } from '../../src/version.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from '../telemetry/world.ts';

/**
 * The served OpenAPI document (docs/api.md "API documentation") passes a real validator and keeps the rules every
 * route must meet — so a route added anywhere that breaks them fails here, naming it.
 */

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
  tags?: string[];
};
type Doc = {
  openapi: string;
  info: { version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown>; securitySchemes: object };
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op })),
  );

/** Every `$ref` in the document with where it is. */
function refs(node: unknown, at: string, out: { at: string; ref: string }[] = []) {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) refs(n, `${at}/${i}`, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ at, ref: v });
      else refs(v, `${at}/${k}`, out);
    }
  return out;
}

const pointer = (doc: unknown, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), doc);

/** Schemas that accept anything (`{}`) inside a schema, with where they are (`properties: {}` is not one). */
function openSchemas(node: unknown, at: string, out: string[] = []) {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) openSchemas(n, `${at}/${i}`, out);
  else if (node && typeof node === 'object') {
    if (Object.keys(node).length === 0 && !at.endsWith('/properties')) out.push(at);
    for (const [k, v] of Object.entries(node)) openSchemas(v, `${at}/${k}`, out);
  }
  return out;
}

async function problemsOf(doc: Doc): Promise<string | null> {
  try {
    await SwaggerParser.validate(structuredClone(doc) as never);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('operation ids and error statuses (the rules, by hand)', () => {
  it('derives a readable id from the method and the path', () => {
    expect(operationIdOf('GET', '/api/master/device/:id')).toBe('getMasterDeviceById');
    expect(operationIdOf('GET', '/api/log/event/event/period/:start/:end')).toBe('getLogEventEventPeriodByStartAndEnd');
    expect(operationIdOf('POST', '/api/master/device_log/bulk-assign')).toBe('postMasterDeviceLogBulkAssign');
    expect(operationIdOf('GET', '/api/summary/aggregated/:id/period/:start/:end')).toBe(
      'getSummaryAggregatedByIdPeriodByStartAndEnd',
    );
    expect(operationIdOf('GET', '/api/uploads/*')).toBe('getUploadsByPath');
    expect(operationIdOf('PUT', '/api/account/activeCompId')).toBe('putAccountActiveCompId');
    expect(operationIdOf('DELETE', '/api/x/:id(\\d+)')).toBe('deleteXById');
  });

  it('documents the statuses each kind of route may answer', () => {
    expect(errorStatusesOf('GET', false)).toEqual([400, 404, 500, 503]);
    expect(errorStatusesOf('GET', true)).toEqual([400, 401, 403, 404, 429, 500, 503]);
    expect(errorStatusesOf('POST', false, [401, 429])).toEqual([400, 401, 403, 404, 409, 413, 429, 500, 503]);
    expect(errorStatusesOf('DELETE', true)).toEqual([400, 401, 403, 404, 409, 413, 429, 500, 503]);
  });
});

describe('the served OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // public, as the explorer is (docs/api.md "API documentation")
    const r = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    doc = r.json;
  });
  afterAll(() => t.close());

  it('passes the OpenAPI 3.1 validator (schema and spec)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await problemsOf(doc)).toBeNull();
  });

  it('has the product version, servers, security schemes and the AsyncAPI link', () => {
    expect(doc.info.version).toBe(VERSION);
    expect(doc.servers).toEqual([{ url: '/', description: 'this server' }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiToken', 'deviceKey', 'session']);
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'header', name: 'authentication' },
      apiToken: { type: 'apiKey', in: 'header', name: 'authentication' },
      deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key' },
    });
    expect(doc.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.info.description).toContain('(/api/docs/async)');
  });

  it('gives every operation a unique operationId and a tag listed in the document', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(200);
    const missing = ops.filter((o) => !o.op.operationId).map((o) => o.name);
    expect(missing).toEqual([]);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const o of ops) {
      const other = seen.get(o.op.operationId!);
      if (other) twice.push(`${o.op.operationId}: ${other} and ${o.name}`);
      seen.set(o.op.operationId!, o.name);
    }
    expect(twice).toEqual([]);
    const tags = new Set(doc.tags.map((x) => x.name));
    expect(ops.filter((o) => !o.op.tags?.length || o.op.tags.some((x) => !tags.has(x))).map((o) => o.name)).toEqual([]);
  });

  it('documents the error envelope on every operation, for the statuses its kind of route answers', () => {
    expect(doc.paths['/api/health/ready'].get.responses['503'].content).toBeDefined();
    const wrong: string[] = [];
    for (const { name, method, op } of operations(doc)) {
      const secured = (op.security ?? doc.security).length > 0;
      for (const status of errorStatusesOf(method, secured)) {
        const answer = op.responses[status];
        // the shared envelope, unless the route documents an answer of its own for that status (readiness: 503)
        const shared = answer?.$ref === `#/components/responses/${ERROR_RESPONSES[status].name}`;
        if (!shared && !answer?.content) wrong.push(`${name} ${status}: ${JSON.stringify(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const r of Object.values(ERROR_RESPONSES))
      expect(doc.components.responses[r.name]).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      });
  });

  it('documents a successful answer with its content on every operation', () => {
    const without = operations(doc)
      .filter(({ op }) => !Object.entries(op.responses).some(([s, r]) => s.startsWith('2') && r.content))
      .map((o) => o.name);
    expect(without).toEqual([]);
  });

  it('has no request body that accepts anything ({}), and no $ref that points nowhere', () => {
    const open = operations(doc).flatMap(({ name, op }) =>
      op.requestBody ? openSchemas(op.requestBody.content, name) : [],
    );
    expect(open).toEqual([]);
    const dangling = refs(doc, '#').filter((r) => pointer(doc, r.ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('documents the real query parameters of the event log, and the readings of ingest', () => {
    const log = doc.paths['/api/log/event/event/period/{start}/{end}'].get as Operation & {
      parameters: { name: string; in: string }[];
    };
    const query = log.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toContain('finds[evntDeviceId]');
    expect(query).toContain('orders[evntTimestamp]');
    expect(query).not.toContain('type');
    expect(query).not.toContain('additionalProperties');
    const ingest = doc.paths['/api/ingest'].post;
    expect(ingest.security).toEqual([{ deviceKey: [] }]);
    const body = ingest.requestBody!.content['application/json'].schema as {
      properties: { readings: { items: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(body.properties.readings.items.properties).sort()).toEqual([
      'data',
      'device',
      'timestamp',
      'ts',
      'type',
    ]);
  });

  it('describes the error answers the server really sends', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/api/no/such/route' }), // 404
      await t.call({ method: 'GET', url: '/api/master/device' }), // 401, no token
      await t.call({ method: 'POST', url: '/api/ingest', payload: { readings: [] } }), // 401, no device key
      await t.call({ method: 'GET', url: '/api/log/event/event/period/x/y', token: 'nope' }), // 401
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 401, 401, 401]);
    for (const a of answers) expect(errorEnvelopeSchema.safeParse(a.json).error).toBeUndefined();
  });
});

describe('ingest readings as documented', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('stores a documented reading, and answers a bad one in its result, not with a 400 for the batch', async () => {
    const w = await telemetryWorld(t.database);
    const readings = [
      { device: 'rpm-a1-1', ts: Math.floor(Date.now() / 1000) - 60, data: { rpm: 820 } },
      { device: 'rpm-a1-1', ts: 'not a time', data: { rpm: 1 } },
      'not a reading',
    ];
    expect(readingSchema.safeParse(readings[0]).success).toBe(true);
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({ accepted: 1, rejected: 2 });
  });
});

describe('the checks can fail', () => {
  /** A bare app with the product's OpenAPI options and one route. */
  async function documentOf(route: (app: ReturnType<typeof bare>) => void) {
    const app = bare();
    await app.register(swagger, openApiOptions({ version: '0', description: '', securitySchemes: {}, security: [] }));
    route(app);
    await app.ready();
    const doc = app.swagger() as unknown as Doc;
    await app.close();
    return doc;
  }
  const bare = () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  };

  it('fails the validator on a recursive schema without a component name', async () => {
    const node: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const doc = await documentOf((app) =>
      app.get('/api/tree', { schema: { response: { 200: envelope(node) } } }, async () => null as never),
    );
    expect(await problemsOf(doc)).toMatch(/\$ref|pointer|schema0/i);
  });

  it('documents a route it has never seen: operationId, tag and error responses, without a list to keep', async () => {
    const doc = await documentOf((app) =>
      app.post(
        '/api/voyages/:id/close',
        { schema: { params: z.object({ id: z.string() }), response: { 200: envelope(z.null()) } } },
        async () => null as never,
      ),
    );
    expect(await problemsOf(doc)).toBeNull();
    const op = doc.paths['/api/voyages/{id}/close'].post;
    expect(op.operationId).toBe('postVoyagesByIdClose');
    expect(op.tags).toEqual(['voyages']);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '403', '404', '409', '413', '500', '503']);
  });
});
