import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';

/** Issue 27: the interface language a user chose is kept with the user and answered in the session status. */
describe('a user’s interface language', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    w = await twoTenants(t.database.db, []);
  });
  afterAll(() => t?.close());

  const put = (language: unknown) =>
    t.call({ method: 'PUT', url: '/api/account/language', token: w.adminA, payload: { language } });
  const status = async () =>
    (await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.adminA })).json.data;

  it('is null (the browser’s) until chosen, takes en or id, refuses anything else, and can be cleared', async () => {
    expect((await status()).userLanguage).toBeNull();
    const bad = await put('fr');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('language must be en or id, or null');
    expect((await put('id')).json.data).toEqual({ language: 'id' });
    expect((await status()).userLanguage).toBe('id');
    // another user's choice is their own
    const b = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: w.adminB });
    expect(b.json.data.userLanguage).toBeNull();
    expect((await put(null)).statusCode).toBe(200);
    expect((await status()).userLanguage).toBeNull();
  });
});
