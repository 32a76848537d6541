import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerOf } from '../../src/modules/mail/mailer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createCompany, createGroup, createRole, createUser, signIn } from '../helpers/fixtures.ts';

const ALL = ['create', 'read', 'update', 'delete'] as const;

/** The text of an .eml file with quoted-printable soft breaks and escapes undone. */
function readMail(file: string): string {
  return Buffer.from(
    readFileSync(file, 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** Issue 27: error envelopes and mails in the request's or the recipient's language. */
describe.each(dialects())('Bahasa Indonesia on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let dataDir: string;
  const ID = { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-i18n-'));
    t = await createTestApp(dialect, {
      env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://fleet.example.com' },
      seed: async ({ db }) => {
        const group = await createGroup(db, 'Nusantara');
        const compId = await createCompany(db, group, 'PT Nusantara');
        const role = await createRole(db, 'Admin', { master_fuel_type: [...ALL], master_asset: ['read'] });
        await createUser(db, { userId: 'ops@id.test', username: 'ops', roleIds: [role], companies: [{ compId }] });
        await db.updateTable('user').set({ userPlatformAdmin: 1 }).where('userId', '=', 'ops@id.test').execute();
        await createUser(db, { userId: 'sari@id.test', username: 'sari' });
        await db.updateTable('user').set({ userLanguage: 'id' }).where('userId', '=', 'sari@id.test').execute();
        await createUser(db, { userId: 'budi@id.test', username: 'budi' });
      },
    });
    const row = await t.database.db.selectFrom('company').select('compId').executeTakeFirstOrThrow();
    token = await signIn(t.database.db, 'ops@id.test', Number(row.compId));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a resource field's validation message, in Indonesian with Accept-Language: id, English without", async () => {
    const create = (headers = {}) =>
      t.call({ method: 'POST', url: '/api/master/fuel_type', token, headers, payload: { mftyName: ' ' } });
    const en = await create();
    expect(en.statusCode).toBe(400);
    expect(en.json.status.message).toEqual({ mftyName: ['Fuel Type Name is required'] });
    const id = await create(ID);
    expect(id.statusCode).toBe(400);
    expect(id.json.status.message).toEqual({ mftyName: ['Nama Jenis BBM wajib diisi'] });
    // a language the server does not write: English
    expect((await create({ 'accept-language': 'de-DE,fr;q=0.9' })).json.status.message).toEqual(en.json.status.message);
  });

  it('a unique message and a not-found title of the resource definitions', async () => {
    const add = (headers = {}) =>
      t.call({ method: 'POST', url: '/api/master/fuel_type', token, headers, payload: { mftyName: 'HFO' } });
    expect((await add()).statusCode).toBe(200);
    const again = await add(ID);
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe('Jenis BBM dengan nama ini sudah ada');
    const missing = await t.call({ method: 'GET', url: '/api/master/fuel_type/999999', token, headers: ID });
    expect(missing.statusCode).toBe(404);
    expect(missing.json.status.message).toBe('Jenis BBM tidak ditemukan');
  });

  it("the server's own messages: the list query, an unknown route, a bad body, numbers written the Indonesian way", async () => {
    const page = await t.call({ method: 'GET', url: '/api/master/fuel_type?page=0', token, headers: ID });
    expect(page.statusCode).toBe(400);
    expect(page.json.status.message).toBe('page harus berupa bilangan bulat dari 1 sampai 1.000.000');
    const english = await t.call({ method: 'GET', url: '/api/master/fuel_type?page=0', token });
    expect(english.json.status.message).toBe('page must be a whole number from 1 to 1000000');
    const route = await t.call({ method: 'GET', url: '/api/no/such/route', token, headers: ID });
    expect(route.json.status.message).toBe('Rute GET /api/no/such/route tidak ditemukan');
    const filter = await t.call({ method: 'GET', url: '/api/master/fuel_type?finds[nope]=1', token, headers: ID });
    expect(filter.json.status.message).toBe('Penyaringan berdasarkan nope tidak didukung');
    const json = await t.call({
      method: 'POST',
      url: '/api/master/fuel_type',
      token,
      headers: { ...ID, 'content-type': 'application/json' },
      payload: '',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json.status.message).toBe("Body tidak boleh kosong jika content-type adalah 'application/json'");
  });

  it('the answers a client recognises stay English (the web app signs out on Authentication Error)', async () => {
    const r = await t.call({ method: 'GET', url: '/api/account/profile', headers: ID });
    expect(r.statusCode).toBe(401);
    expect(r.json.status.message).toBe('Authentication Error');
  });

  it("the password reset mail: the user's chosen language, else the language it was asked in", async () => {
    const outbox = () => readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    const ask = async (email: string, headers = {}, n = 1) => {
      const before = (() => {
        try {
          return outbox().length;
        } catch {
          return 0;
        }
      })();
      const r = await t.call({
        method: 'POST',
        url: '/api/account/reset_password/request',
        payload: { email },
        headers,
        remoteAddress: `10.9.0.${n}`,
      });
      expect(r.statusCode).toBe(200);
      await mailerOf(t.app).flush();
      const files = outbox().sort();
      expect(files.length).toBe(before + 1);
      return readMail(join(dataDir, 'outbox', files.at(-1)!));
    };
    // sari chose Indonesian: her mail is Indonesian whatever the browser asking sends
    const sari = await ask('sari@id.test', {}, 1);
    expect(sari).toMatch(/^Subject: Atur ulang kata sandi Fleet Monitoring Anda$/m);
    expect(sari).toContain('Halo sari,');
    expect(sari).toContain('Kami menerima permintaan untuk mengatur ulang kata sandi akun Fleet Monitoring Anda');
    expect(sari).toContain('Pilih kata sandi baru');
    // budi chose nothing: the language of the request
    const budiId = await ask('budi@id.test', ID, 2);
    expect(budiId).toContain('Halo budi,');
    const budiEn = await ask('budi@id.test', {}, 3);
    expect(budiEn).toMatch(/^Subject: Reset your Fleet Monitoring password$/m);
    expect(budiEn).toContain('Hello budi,');
    expect(budiEn).toContain('If you did not ask for this, ignore this e-mail: your password stays as it is.');
  });
});
