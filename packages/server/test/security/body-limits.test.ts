import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/app.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { T0, type World, worldApp } from '../crud/world.ts';
import type { TestApp } from '../helpers/app.ts';
import { createDevice } from '../helpers/fixtures.ts';

type Operation = { requestBody?: unknown };

/** Only these routes accept more than the default body limit (docs/operations.md "Input ranges and body limits"). */
const LARGER = new Set(['POST /api/ingest', 'POST /api/master/device/import', 'POST /api/master/tank_detail/import']);

/**
 * Body limits per route: a small default everywhere, larger limits only where a route needs them; a body over the
 * limit is a 413 in the envelope with the limit in its message, refused before it is parsed.
 */
describe('body limits per route', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp('sqlite'));
  }, 120_000);
  afterAll(() => t.close());

  const count = async () => {
    const r = await t.database.db
      .selectFrom('bunker_log')
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number((r as { n: unknown }).n);
  };

  it('a 2 MB JSON array posted to a create route is 413 with the envelope and the limit; nothing is stored', async () => {
    const before = await count();
    const big = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => i * 1000));
    expect(big.length).toBeGreaterThan(1.3 * 1024 * 1024);
    const r = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(r.statusCode).toBe(413);
    expect(r.json).toEqual({
      status: {
        error: 1,
        errorCode: 413,
        message: 'The request body is too large: this request accepts at most 256 KB',
      },
      data: null,
    });
    expect(await count()).toBe(before);
  });

  it('every route that takes a body refuses one just over the default, except those that need more', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const body = JSON.stringify({ padding: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.requestBody) continue;
        const route = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const r = await t.call({
          method: method.toUpperCase() as 'POST',
          url,
          token: w.adminA,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        checked.push(route);
        if (LARGER.has(route)) expect(r.statusCode, route).not.toBe(413);
        else expect([route, r.statusCode, r.json?.status?.errorCode]).toEqual([route, 413, 413]);
      }
    }
    expect(checked).toContain('POST /api/master/bunker/log');
    expect(checked).toContain('PUT /api/master/rob/rob/{id}');
    expect(checked).toContain('POST /api/share-links');
    expect(checked.length).toBeGreaterThan(60);
  });

  it('what routes need still fits: 2,000 positions with full precision, a 1 MB ingest batch', async () => {
    const points = Array.from({ length: 2000 }, (_, i) => ({
      lat: -(i % 89) - 0.123456789012345,
      lng: -(i % 179) - 0.123456789012345,
    }));
    const geo = await t.call({ method: 'POST', url: '/api/geo/locations', token: w.adminA, payload: { points } });
    expect(geo.statusCode).toBe(200);
    expect(geo.json.data).toHaveLength(2000);

    const gw = await createDevice(t.database.db, w.assetA1, 'gw-limits', 'gateway');
    await createDevice(t.database.db, w.assetA1, 'rpm-limits', 'rpm');
    const key = await issueDeviceKey(t.database.db, gw, 'test');
    const readings = Array.from({ length: 9000 }, (_, i) => ({
      device: 'rpm-limits',
      ts: T0 + i,
      data: { rpm: 700 + (i % 50) },
    }));
    const payload = JSON.stringify({ readings });
    expect(payload.length).toBeGreaterThan(DEFAULT_BODY_LIMIT * 2);
    const ingest = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      payload,
    });
    expect(ingest.statusCode, JSON.stringify(ingest.json).slice(0, 300)).toBe(200);
  });
});
