import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from './world.ts';

describe.each(dialects())('device ingest keys on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let ts = 1767225600;
  const ingest = (key: string) =>
    t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { readings: [{ device: 'rpm-a1-1', ts: ts++, data: { rpm: 500 } }] },
    });
  const issue = (label?: string, token = w.adminA, id = w.dev.rpmPort) =>
    t.call({ method: 'POST', url: `/api/master/device/${id}/keys`, token, payload: label ? { label } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  it('issues a key once in plaintext, and the device can post with it', async () => {
    const r = await issue('modem');
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({ label: 'modem', revokedTime: null, createdUserId: 'admin@a.test' });
    expect(r.json.data.key).toMatch(/^dk_/);
    const posted = await ingest(r.json.data.key);
    expect(posted.json.data.accepted).toBe(1);
  });

  it('rotates: a new key with the same label revokes the old one, other labels stay live', async () => {
    const old = (await issue('rotating')).json.data.key;
    const other = (await issue('spare')).json.data.key;
    const fresh = (await issue('rotating')).json.data.key;
    expect((await ingest(old)).statusCode).toBe(401);
    expect((await ingest(fresh)).json.data.accepted).toBe(1);
    expect((await ingest(other)).json.data.accepted).toBe(1);
    const list = await t.call({ method: 'GET', url: `/api/master/device/${w.dev.rpmPort}/keys`, token: w.adminA });
    const rotating = list.json.data.filter((k: any) => k.label === 'rotating');
    expect(rotating.map((k: any) => k.revokedTime === null)).toEqual([true, false]);
    expect(JSON.stringify(list.json.data)).not.toContain(fresh);
    expect(Object.keys(list.json.data[0]).sort()).toEqual([
      'createdTime',
      'createdUserId',
      'keyId',
      'label',
      'lastUsedTime',
      'revokedTime',
    ]);
  });

  it('records when a key last let readings in; a key never used has none', async () => {
    const used = (await issue('used-key')).json.data;
    const unused = (await issue('unused-key')).json.data;
    const before = Math.floor(Date.now() / 1000);
    expect((await ingest(used.key)).json.data.accepted).toBe(1);
    const list = await t.call({ method: 'GET', url: `/api/master/device/${w.dev.rpmPort}/keys`, token: w.adminA });
    const byId = new Map(list.json.data.map((k: any) => [k.keyId, k]));
    const last = (byId.get(used.keyId) as any).lastUsedTime;
    expect(last).toBeGreaterThanOrEqual(before);
    expect(last).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect((byId.get(unused.keyId) as any).lastUsedTime).toBeNull();
  });

  it('revokes a key; an unknown key id is 404', async () => {
    const r = await issue('to-revoke');
    const del = await t.call({
      method: 'DELETE',
      url: `/api/master/device/${w.dev.rpmPort}/keys/${r.json.data.keyId}`,
      token: w.adminA,
    });
    expect(del.statusCode).toBe(200);
    expect((await ingest(r.json.data.key)).statusCode).toBe(401);
    const missing = await t.call({
      method: 'DELETE',
      url: `/api/master/device/${w.dev.rpmPort}/keys/999999`,
      token: w.adminA,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs master_device update, and only for devices the user may see', async () => {
    expect((await issue('x', w.readerA)).statusCode).toBe(403);
    const foreign = await issue('x', w.adminB);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/master/device/${w.dev.rpmPort}/keys`, token: w.adminB })).statusCode,
    ).toBe(404);
    expect((await issue(undefined, w.adminA, 999999)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: `/api/master/device/abc/keys`, token: w.adminA, payload: {} })).statusCode,
    ).toBe(400);
  });
});
