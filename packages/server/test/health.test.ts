import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './helpers/app.ts';

describe.each(dialects())('health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers without auth with the engine and version', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json).toMatchObject({ status: { error: 0 }, data: { db: dialect } });
    expect(typeof r.json.data.version).toBe('string');
  });

  it('answers unknown API routes with the envelope and 404', async () => {
    const r = await t.call({ method: 'GET', url: '/api/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json.status.error).toBe(1);
  });
});
