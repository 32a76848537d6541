import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fleet</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('answers a page navigation to a client-side route with index.html', async () => {
    const r = await t.app.inject({ url: '/master/user/5', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Fleet</title>');
  });

  it('serves existing assets and answers a missing chunk with 404, not HTML', async () => {
    expect((await t.app.inject({ url: '/assets/app-1.js', headers: { accept: '*/*' } })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/assets/app-0.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('keeps unknown API routes as JSON 404', async () => {
    const r = await t.call({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.json.status.error).toBe(1);
  });
});
