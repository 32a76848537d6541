import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { jpegImage, pngImage } from '../security/images.ts';
import { type World, worldApp } from './world.ts';

// real images: the server decodes every upload before storing it
const PNG = pngImage(1, 1);
const JPEG = jpegImage(2, 2);

/** A multipart body with one file part. */
function multipart(field: string, filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----fleetboundary7MA4YWxk';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dialects())('asset behaviours on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const upload = (id: number, token: string, field: string, filename: string, bytes: Buffer) =>
    t.call({ method: 'POST', url: `/api/master/asset/upload/${id}`, token, ...multipart(field, filename, bytes) });

  it('answers the form fields schema beside data (spec 000 §3)', async () => {
    const r = await t.call({ method: 'GET', url: '/api/master/asset', token: w.adminA });
    expect(r.statusCode).toBe(200);
    const fields = r.json.fields as { Field: string; Label: string; Type: string; Required: boolean }[];
    expect(fields.map((f) => f.Field)).toEqual([
      'massName',
      'massLabel',
      'massDescription',
      'massMatyId',
      'massMftyId',
      'massSystemType',
      'massGt',
      'massDwt',
      'massCiiType',
      'massType',
      'massMaintenance',
    ]);
    expect(fields.find((f) => f.Field === 'massType')).toMatchObject({ Label: 'Status', Type: "enum('0','1')" });
    expect(fields.find((f) => f.Field === 'massSystemType')).toMatchObject({ Label: 'Installation Type' });
    expect(fields.find((f) => f.Field === 'massName')).toMatchObject({ Required: true });
    expect(r.json.pagination.totalData).toBe(2);
  });

  it("answers only the fields of select[] (the fleet map's lean list), each row with its own devices", async () => {
    const full = await t.call({ method: 'GET', url: '/api/master/asset?orders[massId]=asc', token: w.adminA });
    const lean = await t.call({
      method: 'GET',
      url: '/api/master/asset?orders[massId]=asc&select[]=massId&select[]=massName&select[]=massMaty',
      token: w.adminA,
    });
    expect(lean.statusCode).toBe(200);
    const rows = full.json.data as Record<string, unknown>[];
    expect(lean.json.data).toEqual(rows.map((r) => ({ massId: r.massId, massName: r.massName, massMaty: r.massMaty })));
    expect(lean.json.pagination.totalData).toBe(full.json.pagination.totalData);
    // the devices come with a row only when asked, and each row carries its own
    const withDevices = await t.call({
      method: 'GET',
      url: '/api/master/asset?orders[massId]=asc&select=massId&select=massDevice',
      token: w.adminA,
    });
    expect(withDevices.json.data).toEqual(rows.map((r) => ({ massId: r.massId, massDevice: r.massDevice })));
    expect(rows.some((r) => (r.massDevice as unknown[]).length > 0)).toBe(true);
    for (const r of rows) {
      for (const d of r.massDevice as { devcId: number }[]) {
        const device = await t.call({ method: 'GET', url: `/api/master/device/${d.devcId}`, token: w.adminA });
        expect(device.json.data.devcMassId).toBe(r.massId);
      }
    }
  });

  it('refuses a select[] field the rows do not have, by name', async () => {
    const r = await t.call({ method: 'GET', url: '/api/master/asset?select[]=massPassword', token: w.adminA });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toContain('Selecting massPassword is not supported');
  });

  it('creates in the active company, whatever massCompId and massDataId the client sends', async () => {
    const a2 = await signIn(t.database.db, 'admin@a.test', w.compA2);
    const r = await t.call({
      method: 'POST',
      url: '/api/master/asset',
      token: a2,
      payload: { massName: 'TB Kapuas', massCompId: w.compB1, massDataId: w.compB1 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({
      massCompId: w.compA2,
      massDataId: w.compA2,
      massComp: { compName: 'Company A2' },
    });
  });

  it('assigns the asset to a creator who sees only assigned assets', async () => {
    const role = await createRole(t.database.db, 'Asset keeper', { master_asset: ['create', 'read'] });
    await createUser(t.database.db, {
      userId: 'keeper@a.test',
      username: 'keeper',
      roleIds: [role],
      companies: [{ compId: w.compA1, allAssets: 0 }],
    });
    const token = await signIn(t.database.db, 'keeper@a.test', w.compA1);
    const r = await t.call({ method: 'POST', url: '/api/master/asset', token, payload: { massName: 'TB Mahakam' } });
    const list = await t.call({ method: 'GET', url: '/api/master/asset', token });
    expect(list.json.data.map((a: { massId: number }) => a.massId)).toEqual([r.json.data.massId]);
  });

  it('lists the devices of each asset in massDevice', async () => {
    const r = await t.call({ method: 'GET', url: `/api/master/asset/${w.assetA1}`, token: w.adminA });
    const ids = r.json.data.massDevice.map((d: { devcUniqueId: string }) => d.devcUniqueId);
    expect(ids).toContain('gateway-gwa1');
    expect(ids).toContain('rpm-a1');
    expect(ids).not.toContain('rpm-b1');
  });

  it('stores a .png upload under DATA_DIR/uploads and serves it at /api/{massImage} without a token', async () => {
    const r = await upload(w.assetA1, w.adminA, 'image', 'deck.png', PNG);
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    const massImage: string = r.json.data.massImage;
    expect(massImage).toMatch(new RegExp(`^uploads/asset/${w.assetA1}-[0-9a-f]+\\.png$`));
    expect(existsSync(join(t.config.dataDir, massImage))).toBe(true);
    const img = await t.app.inject({ method: 'GET', url: `/api/${massImage}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // a new image replaces the old file
    const again = await upload(w.assetA1, w.adminA, 'image', 'bridge.JPG', JPEG);
    expect(again.statusCode).toBe(200);
    expect(again.json.data.massImage).toMatch(/\.jpg$/);
    expect(existsSync(join(t.config.dataDir, massImage))).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/${again.json.data.massImage}` })).headers['content-type'],
    ).toBe('image/jpeg');
  });

  it('refuses other types, a disguised file and a file over 5 MB with a clear message', async () => {
    for (const [name, bytes] of [
      ['plan.gif', Buffer.from('GIF89a....')],
      ['fake.png', Buffer.from('not really an image')],
      ['report.pdf', Buffer.from('%PDF-1.4')],
    ] as const) {
      const r = await upload(w.assetA1, w.adminA, 'image', name, bytes);
      expect(r.statusCode, name).toBe(400);
      expect(r.json.status.message).toEqual({ image: ['Only .jpeg, .jpg and .png images are accepted'] });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const r = await upload(w.assetA1, w.adminA, 'image', 'huge.png', big);
    expect(r.statusCode).toBe(413);
    expect(r.json.status.message).toEqual({ image: ['The image must be at most 5 MB'] });
    const wrongField = await upload(w.assetA1, w.adminA, 'photo', 'deck.png', PNG);
    expect(wrongField.statusCode).toBe(400);
  });

  it('checks an image before the asset is saved, storing nothing (issue 28: all or nothing)', async () => {
    const check = (token: string, name: string, bytes: Buffer) =>
      t.call({ method: 'POST', url: '/api/master/asset/image/check', token, ...multipart('image', name, bytes) });
    const dir = join(t.config.dataDir, 'uploads', 'asset');
    const files = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const before = files();
    const good = await check(w.adminA, 'deck.png', PNG);
    expect(good.statusCode, JSON.stringify(good.json)).toBe(200);
    const cut = await check(w.adminA, 'cut.png', PNG.subarray(0, PNG.length - 12));
    expect(cut.statusCode).toBe(400);
    expect(cut.json.status.message).toEqual({
      image: ['The file is not a readable image: choose a complete .jpeg, .jpg or .png'],
    });
    const fake = await check(w.adminA, 'fake.jpg', Buffer.from('not really an image'));
    expect(fake.json.status.message).toEqual({ image: ['Only .jpeg, .jpg and .png images are accepted'] });
    expect(files()).toBe(before);
    // a reader may not save an asset, so has nothing to check
    expect((await check(w.readerA, 'deck.png', PNG)).statusCode).toBe(403);
  });

  it("refuses an upload for another tenant's asset (404) and without update permission (403)", async () => {
    expect((await upload(w.assetB1, w.adminA, 'image', 'deck.png', PNG)).statusCode).toBe(404);
    expect((await upload(w.assetA1, w.readerA, 'image', 'deck.png', PNG)).statusCode).toBe(403);
  });

  it('serves only stored images: missing files and traversal answer 404', async () => {
    for (const path of [
      '/api/uploads/asset/1-0000.png',
      '/api/uploads/../fleet.db',
      '/api/uploads/asset/..%2F..%2Ffleet.db',
      '/api/uploads/asset/%2e%2e/x.png',
    ]) {
      const r = await t.app.inject({ method: 'GET', url: path });
      expect(r.statusCode, path).toBe(404);
    }
  });

  it('removes the image file with the asset', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/master/asset',
      token: w.adminA,
      payload: { massName: 'TB Barito' },
    });
    const id = created.json.data.massId;
    const r = await upload(id, w.adminA, 'image', 'deck.png', PNG);
    const file = join(t.config.dataDir, r.json.data.massImage);
    expect(existsSync(file)).toBe(true);
    expect((await t.call({ method: 'DELETE', url: `/api/master/asset/${id}`, token: w.adminA })).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});
