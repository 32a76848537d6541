import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type World, worldApp } from '../crud/world.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/fixtures.ts';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  enum?: unknown[];
  items?: Schema;
  nullable?: boolean;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** A small seeded generator: the same inputs every run, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Text values of path and query parameters: boundaries, wrong types, encodings, huge numbers. */
const TEXT_VALUES = [
  '1',
  '0',
  '-1',
  '1.5',
  '01',
  '+1',
  '1e3',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-99999999999999999999999',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  '%20',
  '%ZZ',
  "'%20OR%201=1--",
  'x'.repeat(3000),
  '2026-02-30T00:00:00Z',
  '[]',
  '{}',
  'null',
  'true',
];

/** JSON values for body fields: every type at its edges. */
const JSON_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'x'.repeat(5000),
  'ü🚢\u0000',
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  true,
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [1] } },
  '2026-02-30T25:61:00Z',
  '0x10',
  '99999999999999999999999',
];

/** A plausible value of a schema (the baseline a single field is varied from). */
function plausible(s: Schema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return plausible(s.anyOf[0]);
  switch (s.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items)];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return 'Fuzz';
  }
}

const BAD_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
  { type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/x-www-form-urlencoded', body: 'a=%ZZ&b[c][d]=1&&=' },
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: 'multipart/form-data; boundary=q', body: '--q\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<a/>' },
];

/** Routes with defects known and owned elsewhere: skipped here with the reason, listed in the report. */
const KNOWN: Record<string, string> = {};

/** Resources whose rows decide the fuzzing user's own access: varied only on rows that do not exist. */
const ACCESS_PATHS = /\/(user|user_login|user_role|user_company|user_asset|roles|role_permission|permission)(\/|$)/;

/**
 * Every route of the OpenAPI document, with random and boundary values for every path parameter, query
 * parameter and body field, and malformed bodies of every content type: no answer is a 500. A new route is
 * covered as soon as it is registered with its schemas.
 */
describe.each(dialects())('fuzz over every route of the OpenAPI document on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let ops: { method: string; path: string; op: Operation }[] = [];

  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) ops.push({ method: method.toUpperCase(), path, op });
    }
    // deletes last: they must not take away rows the other routes are fuzzed against
    ops = ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  }, 120_000);
  afterAll(() => t.close());

  it('the document lists every route class', () => {
    const paths = ops.map((o) => `${o.method} ${o.path}`);
    expect(paths).toContain('POST /api/security/authentication/login');
    expect(paths).toContain('PUT /api/master/asset/{id}');
    expect(paths).toContain('POST /api/master/asset/upload/{id}');
    expect(paths).toContain('POST /api/ingest');
    expect(ops.length).toBeGreaterThan(100);
  });

  it('no route answers 500 to any input', async () => {
    const failures: string[] = [];
    let served = 0;
    const knownHits = new Set<string>();
    const rnd = generator(20_261_001);
    /** n values: the first (the plainest) always, the rest drawn */
    const sample = <T>(values: T[], n: number) => [
      values[0],
      ...Array.from({ length: n - 1 }, () => values[1 + Math.floor(rnd() * (values.length - 1))]),
    ];
    for (const { method, path, op } of ops) {
      const route = `${method} ${path}`;
      const token = await signIn(t.database.db, 'admin@a.test', w.compA1);
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const safeId = method === 'GET' || (method === 'PUT' && !ACCESS_PATHS.test(path)) ? '1' : '999999';
      const url = (values: Record<string, string>, qs = '') =>
        path.replace(/\{([^}]+)\}/g, (_, name) => values[name] ?? safeId) + qs;
      const jsonBody = op.requestBody?.content?.['application/json']?.schema;
      const base = jsonBody ? (plausible(jsonBody) as Record<string, unknown>) : undefined;

      const send = async (what: string, u: string, payload?: unknown, headers: Record<string, string> = {}) => {
        const res = await t.app.inject({
          method: method as 'GET',
          url: u,
          headers: { authentication: token, ...headers },
          payload: payload as string,
          remoteAddress: `10.77.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}`,
        });
        if (res.statusCode < 300) served++;
        if (res.statusCode >= 500 && res.statusCode !== 503) {
          if (KNOWN[route]) knownHits.add(route);
          else failures.push(`${route} ${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      };

      // path parameters, one at a time, every text value
      for (const p of params) {
        for (const v of TEXT_VALUES) await send(`path ${p.name}=${v.slice(0, 40)}`, url({ [p.name]: v }), base);
      }
      // query parameters (list routes: also the list-query extras), a seeded sample of the text values each
      const extras = method === 'GET' && !params.length ? ['finds[massId]', 'orders[massId]', 'finds[nope]'] : [];
      for (const n of [...query.map((q) => q.name), ...extras]) {
        for (const v of sample(TEXT_VALUES, 8)) {
          await send(
            `query ${n}=${v.slice(0, 40)}`,
            url({}, `?${encodeURIComponent(n)}=${encodeURIComponent(v)}`),
            base,
          );
        }
      }
      if (method === 'GET' || method === 'DELETE') continue;
      // body fields, one at a time, every JSON value; then random whole bodies
      const fields = Object.keys(jsonBody?.properties ?? {});
      for (const f of fields) {
        for (const v of sample(JSON_VALUES, 7))
          await send(`body ${f}=${JSON.stringify(v)?.slice(0, 40)}`, url({}), { ...base, [f]: v });
      }
      for (let i = 0; i < 10; i++) {
        const body: Record<string, unknown> = {};
        for (const f of fields) if (rnd() < 0.6) body[f] = JSON_VALUES[Math.floor(rnd() * JSON_VALUES.length)];
        await send(`random body ${JSON.stringify(body).slice(0, 80)}`, url({}), body);
      }
      // malformed bodies of each content type
      for (const b of BAD_BODIES)
        await send(`body ${b.type} ${b.body.slice(0, 30)}`, url({}), b.body, { 'content-type': b.type });
    }
    // the fuzzing user really reaches the handlers (not refused at the door)
    expect(served).toBeGreaterThan(500);
    for (const route of knownHits) console.warn(`known 500 on ${route}: ${KNOWN[route]}`);
    // one line per route and input kind, so a report stays readable
    const distinct = [...new Map(failures.map((f) => [f.replace(/=.*$/, ''), f])).values()];
    expect(distinct.slice(0, 60)).toEqual([]);
  }, 600_000);
});
