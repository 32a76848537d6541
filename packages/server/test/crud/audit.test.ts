import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORED_ALREADY_MESSAGE } from '../../src/modules/crud/audit.routes.ts';
import { STALE_MESSAGE } from '../../src/modules/crud/write.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

/** The audit trail, the delete preview, restoring a delete and stale edits (issue 28). */
describe.each(dialects())('audit trail on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = w.adminA) =>
    t.call({ method, url: `/api${url}`, token, payload: payload as never });
  const trail = async (query: string, token = w.adminA) => (await api('GET', `/audit?${query}`, undefined, token)).json;

  it('records who created, changed and deleted a record, before and after, for who may see it', async () => {
    const created = await api('POST', '/master/tank_header', {
      tahdCompId: w.compA1,
      tahdName: 'Audit header',
      tahdUnit: 'cm',
      tahdMftyId: w.fuelType,
    });
    expect(created.statusCode).toBe(200);
    const id = String(created.json.data.tahdId);
    expect((await api('PUT', `/master/tank_header/${id}`, { tahdUnit: 'mm' })).statusCode).toBe(200);
    expect((await api('DELETE', `/master/tank_header/${id}`)).statusCode).toBe(200);

    const mine = await trail(`resource=tank_header&rowId=${id}`);
    expect(mine.pagination.totalData).toBe(3);
    const [deleted, updated, made] = mine.data;
    expect(made).toMatchObject({ action: 'create', userId: 'admin@a.test', userName: 'admina', before: null });
    expect(made.after).toMatchObject({ tahdName: 'Audit header', tahdUnit: 'cm' });
    expect(updated).toMatchObject({ action: 'update', changed: expect.arrayContaining(['tahdUnit']) });
    expect(updated.before.tahdUnit).toBe('cm');
    expect(updated.after.tahdUnit).toBe('mm');
    expect(deleted).toMatchObject({ action: 'delete', after: null, restorable: true, title: 'Tank Header' });
    // the other tenant sees none of it
    expect((await trail(`resource=tank_header&rowId=${id}`, w.adminB)).data).toEqual([]);
  });

  it('says what a delete takes with it, keeps it, and restores it all with its ids — once', async () => {
    const header = (
      await api('POST', '/master/tank_header', {
        tahdCompId: w.compA1,
        tahdName: 'Sounding 7',
        tahdUnit: 'cm',
        tahdMftyId: w.fuelType,
      })
    ).json.data.tahdId;
    const rows: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const r = await api('POST', '/master/tank_detail', {
        tadtTahdId: header,
        tadtHeight: i * 10,
        tadtVolume: i * 100,
        tadtWeight: i * 85,
      });
      expect(r.statusCode).toBe(200);
      rows.push(r.json.data.tadtId);
    }
    const preview = await api('GET', `/master/tank_header/${header}/dependents`);
    expect(preview.json.data).toEqual({
      goes: [{ resource: 'tank_detail', title: 'Tank Detail', count: 7 }],
      refused: null,
    });
    // the preview changed nothing
    expect((await api('GET', `/master/tank_detail?finds[tadtTahdId]=${header}`)).json.data).toHaveLength(7);

    expect((await api('DELETE', `/master/tank_header/${header}`)).statusCode).toBe(200);
    expect((await api('GET', `/master/tank_detail?finds[tadtTahdId]=${header}`)).json.data).toHaveLength(0);
    const entry = (await trail(`resource=tank_header&rowId=${header}&action=delete`)).data[0];
    expect(entry.dependents).toEqual([{ resource: 'tank_detail', title: 'Tank Detail', count: 7 }]);

    // the other tenant cannot restore it (nor see it)
    expect((await api('POST', `/audit/${entry.id}/restore`, undefined, w.adminB)).statusCode).toBe(404);
    const restored = await api('POST', `/audit/${entry.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await api('GET', `/master/tank_header/${header}`)).json.data.tahdName).toBe('Sounding 7');
    const back = (await api('GET', `/master/tank_detail?finds[tadtTahdId]=${header}&max=20`)).json.data;
    expect(back.map((r: { tadtId: number }) => r.tadtId).sort((a: number, b: number) => a - b)).toEqual(rows);
    expect(back.find((r: { tadtId: number }) => r.tadtId === rows[6]).tadtVolume).toBe(700);

    const again = await api('POST', `/audit/${entry.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe(RESTORED_ALREADY_MESSAGE);
    const after = (await trail(`resource=tank_header&rowId=${header}`)).data;
    expect(after[0]).toMatchObject({ action: 'restore', linkId: entry.id });
    expect(after[1]).toMatchObject({ action: 'delete', restorable: false, linkId: after[0].id });
  });

  it('refuses the save of a record changed after it was opened', async () => {
    const header = (
      await api('POST', '/master/tank_header', {
        tahdCompId: w.compA1,
        tahdName: 'Stale edits',
        tahdUnit: 'cm',
        tahdMftyId: w.fuelType,
      })
    ).json.data;
    // both opened it now; one saves a second later
    const opened = new Date(Date.parse(header.tahdCreatedTime)).toUTCString();
    const put = (body: unknown, since?: string) =>
      t.call({
        method: 'PUT',
        url: `/api/master/tank_header/${header.tahdId}`,
        token: w.adminA,
        payload: body as never,
        headers: since ? { 'if-unmodified-since': since } : {},
      });
    expect((await put({ tahdUnit: 'mm' }, opened)).statusCode).toBe(200);
    // the stored change is a second later than what the second editor opened
    await t.database.db
      .updateTable('tank_header')
      .set({ tahdUpdatedTime: Math.floor(Date.parse(opened) / 1000) + 1 })
      .where('tahdId', '=', header.tahdId)
      .execute();
    const stale = await put({ tahdUnit: 'in' }, opened);
    expect(stale.statusCode).toBe(409);
    expect(stale.json.status.message).toBe(STALE_MESSAGE);
    expect((await api('GET', `/master/tank_header/${header.tahdId}`)).json.data.tahdUnit).toBe('mm');
    // without the header (API clients) the save goes through; a malformed one is a clear 400
    expect((await put({ tahdUnit: 'in' })).statusCode).toBe(200);
    expect((await put({ tahdUnit: 'in' }, 'yesterday')).statusCode).toBe(400);
  });

  it('never answers a password hash', async () => {
    const r = await trail('resource=user_login');
    expect(JSON.stringify(r)).not.toMatch(/usloPassword|scrypt|argon|\$2[aby]\$/i);
  });
});
