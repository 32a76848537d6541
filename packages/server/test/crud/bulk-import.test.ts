import { MAX_BULK, MAX_IMPORT_ROWS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

/** Bulk delete and assign, and CSV / XLSX imports of devices and sounding tables (issue 28). */
describe.each(dialects())('bulk actions and imports on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const api = (url: string, payload?: unknown, token = w.adminA, method: 'GET' | 'POST' = 'POST', language = 'en') =>
    t.call({ method, url: `/api${url}`, token, payload: payload as never, headers: { 'accept-language': language } });
  const newDevice = async (name: string, massId = w.assetA1, token = w.adminA) => {
    const r = await api(
      '/master/device',
      { devcName: name, devcType: 'gps', devcMassId: massId, devcUniqueId: `bulk-${name.replace(/ /g, '-')}` },
      token,
    );
    expect(r.statusCode).toBe(200);
    return r.json.data.devcId as number;
  };
  const exists = async (id: number, token = w.adminA) =>
    (await api(`/master/device/${id}`, undefined, token, 'GET')).statusCode === 200;
  const csv = (text: string) => ({ fileName: 'rows.csv', content: Buffer.from(text).toString('base64') });

  it('deletes selected rows in one go, each in the audit trail and restorable; previews what goes with them', async () => {
    const ids = [await newDevice('Bulk 1'), await newDevice('Bulk 2'), await newDevice('Bulk 3')];
    const preview = await api('/master/device/bulk-delete', { ids, preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json.data).toEqual({ count: 3, goes: [], refused: null });
    expect(await exists(ids[0])).toBe(true);

    const done = await api('/master/device/bulk-delete', { ids });
    expect(done.statusCode).toBe(200);
    expect(done.json.data.count).toBe(3);
    for (const id of ids) expect(await exists(id)).toBe(false);
    const entries = (await api(`/audit?resource=device&action=delete&rowId=${ids[1]}`, undefined, w.adminA, 'GET')).json
      .data;
    expect(entries).toHaveLength(1);
    expect(entries[0].restorable).toBe(true);
    expect((await api(`/audit/${entries[0].id}/restore`)).statusCode).toBe(200);
    expect(await exists(ids[1])).toBe(true);
  });

  it("refuses another tenant's ids as missing, deleting nothing; needs the delete permission; bounds the batch", async () => {
    const mine = await newDevice('Mine 1');
    const theirs = await newDevice('Theirs 1', w.assetB1, w.adminB);
    const r = await api('/master/device/bulk-delete', { ids: [mine, theirs] });
    expect(r.statusCode).toBe(404);
    expect(await exists(mine)).toBe(true);
    expect(await exists(theirs, w.adminB)).toBe(true);
    expect((await api('/master/device/bulk-delete', { ids: [mine] }, w.readerA)).statusCode).toBe(403);
    const many = Array.from({ length: MAX_BULK + 1 }, (_, i) => i + 1);
    const tooMany = await api('/master/device/bulk-delete', { ids: many });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json.status.message)).toContain(`At most ${MAX_BULK} rows at a time`);
  });

  it('a row a database constraint keeps is refused with a reason, not a 500 (PostgreSQL: explained after the rollback)', async () => {
    // a tenant master event of company B2 (mevt_comp_id references the company without a cascade)
    const held = await t.database.db
      .insertInto('master_event')
      .values({
        mevtType: 'Bulk FK',
        mevtTriggerDuration: 60,
        mevtIsPriority: 0,
        mevtThresholds: '{}',
        mevtCompId: w.compB2,
      } as never)
      .returning('mevtId')
      .executeTakeFirstOrThrow();
    const preview = await api('/master/company/bulk-delete', { ids: [w.compB2], preview: true }, w.adminB);
    expect(preview.statusCode).toBe(200);
    expect(preview.json.data.refused).toMatch(/^Nothing was deleted: Company B2: /);
    const r = await api('/master/company/bulk-delete', { ids: [w.compB2] }, w.adminB);
    expect(r.statusCode).toBe(409);
    expect((await api(`/master/company/${w.compB2}`, undefined, w.adminB, 'GET')).statusCode).toBe(200);
    await t.database.db.deleteFrom('master_event').where('mevtId', '=', held.mevtId).execute();
  });

  it('refuses the whole delete when one row may not go, naming it; the preview says why', async () => {
    // a gateway with an active event configuration cannot be deleted
    await t.database.db
      .updateTable('config_event')
      .set({ mcevIsActive: 1 })
      .where('mcevId', '=', w.a.configEvent)
      .execute();
    const plain = await newDevice('Plain 1');
    const preview = await api('/master/device/bulk-delete', { ids: [plain, w.a.gateway], preview: true });
    expect(preview.json.data.refused).toMatch(/^Nothing was deleted: gateway-gwa1: This gateway has an active event/);
    const r = await api('/master/device/bulk-delete', { ids: [plain, w.a.gateway] }, w.adminA, 'POST', 'id');
    expect(r.statusCode).toBe(409);
    expect(r.json.status.message).toMatch(/^Tidak ada yang dihapus: gateway-gwa1: /);
    expect(await exists(plain)).toBe(true);
    await t.database.db
      .updateTable('config_event')
      .set({ mcevIsActive: 0 })
      .where('mcevId', '=', w.a.configEvent)
      .execute();
  });

  it("assigns selected devices to an asset; refuses another tenant's asset or devices, changing nothing", async () => {
    const ids = [await newDevice('Move 1'), await newDevice('Move 2')];
    const r = await api('/master/device/bulk-assign', { ids, value: w.assetA1b });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toEqual({ count: 2, changed: 2 });
    for (const id of ids)
      expect((await api(`/master/device/${id}`, undefined, w.adminA, 'GET')).json.data.devcMassId).toBe(w.assetA1b);
    const entry = (await api(`/audit?resource=device&action=update&rowId=${ids[0]}`, undefined, w.adminA, 'GET')).json
      .data[0];
    expect(entry.before.devcMassId).toBe(w.assetA1);
    expect(entry.after.devcMassId).toBe(w.assetA1b);

    const toTheirs = await api('/master/device/bulk-assign', { ids, value: w.assetB1 });
    expect(toTheirs.statusCode).toBe(400);
    expect(toTheirs.json.status.message).toEqual({ devcMassId: ['Asset not found'] });
    const theirs = await newDevice('Theirs 2', w.assetB1, w.adminB);
    expect((await api('/master/device/bulk-assign', { ids: [ids[0], theirs], value: w.assetA1 })).statusCode).toBe(404);
    expect((await api(`/master/device/${ids[0]}`, undefined, w.adminA, 'GET')).json.data.devcMassId).toBe(w.assetA1b);
    expect((await api('/master/device/bulk-assign', { ids, value: w.assetA1 }, w.readerA)).statusCode).toBe(403);
    // a resource without a bulk field has no assign call
    expect((await api('/master/tank_detail/bulk-assign', { ids, value: 1 })).statusCode).toBe(404);
  });

  it('previews a sounding table file with a reason for each malformed row, then stores only the good rows', async () => {
    const file = csv(
      [
        'Height;Volume;Weight;Notes',
        '10;100,5;85,4;ok', // decimal commas in a semicolon file
        '20;abc;170;volume is not a number',
        '30;300;;weight missing',
        '10;999;999;same height as line 2',
        '',
        '40;1.234,5;1049,3;grouped',
      ].join('\r\n'),
    );
    const body = { ...file, fixed: { tadtTahdId: w.a.tankHeader } };
    const preview = await api('/master/tank_detail/import', body);
    expect(preview.statusCode).toBe(200);
    const p = preview.json.data;
    expect(p.columns).toEqual([
      { header: 'Height', field: 'tadtHeight' },
      { header: 'Volume', field: 'tadtVolume' },
      { header: 'Weight', field: 'tadtWeight' },
      { header: 'Notes', field: null },
    ]);
    expect(p.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['Volume must be a number']],
      [4, ['Weight is required']],
      [5, ['The same as line 2 of the file: This height is already in the tank table']],
      [7, []],
    ]);
    expect(p).toMatchObject({ valid: 2, rejected: 3, imported: 0 });
    const list = async () =>
      (await api(`/master/tank_detail?finds[tadtTahdId]=${w.a.tankHeader}`, undefined, w.adminA, 'GET')).json.data;
    expect(await list()).toEqual([]);

    const done = await api('/master/tank_detail/import', { ...body, commit: true });
    expect(done.json.data).toMatchObject({ valid: 2, rejected: 3, imported: 2 });
    expect((await list()).map((r: { tadtHeight: number; tadtVolume: number }) => [r.tadtHeight, r.tadtVolume])).toEqual(
      [
        [10, 100.5],
        [40, 1234.5],
      ],
    );
    // again: the stored heights are now refused, in the reader's language
    const again = await api('/master/tank_detail/import', body, w.adminA, 'POST', 'id');
    expect(again.json.data.rows[0].errors).toEqual(['Tinggi ini sudah ada dalam tabel tangki']);
  });

  it("refuses another tenant's tank header and reads nothing for a reader", async () => {
    const body = { ...csv('Height,Volume,Weight\n1,2,3\n'), fixed: { tadtTahdId: w.b.tankHeader } };
    const r = await api('/master/tank_detail/import', body);
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toEqual({ tadtTahdId: ['Tank Header not found'] });
    const reader = await api(
      '/master/tank_detail/import',
      { ...body, fixed: { tadtTahdId: w.a.tankHeader } },
      w.readerA,
    );
    expect(reader.statusCode).toBe(403);
  });

  it('imports devices from an XLSX: types and assets by name, other tenants’ assets not found', async () => {
    const rows = [
      ['Device Name', 'Device Type', 'Unique ID', 'Asset', 'Label'],
      ['XL GPS', 'GPS', 'xl-gps-1', 'Vessel A1', 'PORT_IN'],
      ['XL Compass', 'Kompas', 'xl-compass-1', String(w.assetA1b), null],
      ['XL Other', 'gps', 'xl-other-1', 'Vessel B1', null],
      ['XL Bad', 'Radar', 'xl bad', 'Vessel A1', null],
      ['XL Dup', 'gps', 'xl-gps-1', 'Vessel A1', null],
    ];
    const data = rows.map((r) => r.map((v) => (v === null ? null : { value: v })));
    const buf = await writeXlsxFile(data, {}).toBuffer();
    const body = { fileName: 'devices.xlsx', content: Buffer.from(buf).toString('base64') };
    const p = (await api('/master/device/import', body)).json.data;
    expect(p.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      [],
      ['Asset "Vessel B1" not found'],
      [
        'Device Type must be one of: GPS, Flowmeter, RPM, Auxiliary Engine, Gateway, Power Supply, Tank, Temperature, Switch, Battery, Compass, Tracker',
        'Unique ID must not contain spaces',
      ],
      ['The same as line 2 of the file: Unique ID is already used by another device'],
    ]);
    const done = (await api('/master/device/import', { ...body, commit: true })).json.data;
    expect(done.imported).toBe(2);
    const stored = (await api('/master/device?finds[devcUniqueId]=xl-compass-1', undefined, w.adminA, 'GET')).json.data;
    expect(stored[0]).toMatchObject({ devcType: 'compass', devcMassId: w.assetA1b, devcStatus: '1' });
    const audit = (
      await api(`/audit?resource=device&action=create&rowId=${stored[0].devcId}`, undefined, w.adminA, 'GET')
    ).json.data;
    expect(audit).toHaveLength(1);
  });

  it('bounds the file: rows, size, a file that is not a table', async () => {
    const big = csv(`Height,Volume,Weight\n${'1,2,3\n'.repeat(MAX_IMPORT_ROWS + 1)}`);
    const r = await api('/master/tank_detail/import', { ...big, fixed: { tadtTahdId: w.a.tankHeader } });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toBe(`The file has more than ${MAX_IMPORT_ROWS} rows: split it into smaller files`);
    const huge = { fileName: 'x.csv', content: Buffer.alloc(600 * 1024, 65).toString('base64') };
    expect((await api('/master/tank_detail/import', huge)).statusCode).toBe(413);
    const junk = { fileName: 'x.xlsx', content: Buffer.from('PK\u0003\u0004 not really').toString('base64') };
    const j = await api('/master/device/import', junk);
    expect(j.statusCode).toBe(400);
    expect(j.json.status.message).toMatch(/^The file could not be read/);
  });
});
