import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, pgPool, type TestApp } from './helpers/app.ts';

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

  it.runIf(dialect === 'postgres')('keeps answering when the database ends its idle connections', async () => {
    await t.call({ method: 'GET', url: '/api/health' }); // the pool holds an idle connection now
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const db = (await pgPool(t.database).query('select current_database() as d')).rows[0].d;
    const ended = await admin.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [db],
    );
    await admin.end();
    expect(ended.rows.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the pool hears of it (an unheard 'error' would stop the process)
    const r = await t.call({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200); // answered, from a new connection
  });
});
