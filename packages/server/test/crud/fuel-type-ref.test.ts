import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { insert, type World, worldApp } from './world.ts';

const ID = { 'accept-language': 'id-ID,id;q=0.9' };

// Issue 28: a tank header's fuel type is a row of the Fuel Type list; phones and the AE Number are checked.
describe.each(dialects())('fuel type as a reference, phone and number checks on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers = {}) =>
    t.call({ method, url: `/api/master/${path}`, token: w.adminA, payload: payload as never, headers });

  it('a tank header is given a fuel type of the list and answers its name; none is refused', async () => {
    const base = { tahdCompId: w.compA1, tahdName: 'Fuel ref tank', tahdUnit: 'cm' };
    const none = await api('POST', 'tank_header', { ...base, tahdFuelType: 'HSD' });
    expect(none.statusCode).toBe(400);
    expect(none.json.status.message).toEqual({ tahdMftyId: ['Fuel Type is required'] });
    const inIndonesian = await api('POST', 'tank_header', base, ID);
    expect(inIndonesian.json.status.message).toEqual({ tahdMftyId: ['Jenis BBM wajib diisi'] });
    const missing = await api('POST', 'tank_header', { ...base, tahdMftyId: 999999 });
    expect(missing.statusCode).toBe(400);

    const made = await api('POST', 'tank_header', { ...base, tahdMftyId: w.fuelType });
    expect(made.statusCode, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({
      tahdMftyId: w.fuelType,
      tahdFuelType: 'HSD',
      tahdMfty: { mftyName: 'HSD' },
    });
    // a fuel type in use is not deleted; another one chosen is answered by its name
    const del = await t.call({ method: 'DELETE', url: `/api/master/fuel_type/${w.fuelType}`, token: w.platform });
    expect(del.statusCode).toBe(409);
    expect(del.json.status.message).toMatch(/Tank Header \(\d+\)/);
    const other = await insert(t.database.db, 'fuel_type', { mftyName: 'MFO 380' }, 'mftyId');
    const moved = await api('PUT', `tank_header/${made.json.data.tahdId}`, { tahdMftyId: other });
    expect(moved.json.data.tahdFuelType).toBe('MFO 380');
    const listed = await api('GET', `tank_header?finds[tahdMftyId]=${other}`);
    expect(listed.json.data.map((r: { tahdName: string }) => r.tahdName)).toEqual(['Fuel ref tank']);
  });

  it('a header whose typed fuel type named no fuel type still answers that text', async () => {
    const id = await insert(
      t.database.db,
      'tank_header',
      { tahdName: 'Legacy tank', tahdUnit: 'cm', tahdFuelType: 'Solar B35', tahdCompId: w.compA1 },
      'tahdId',
    );
    const r = await api('GET', `tank_header/${id}`);
    expect(r.json.data).toMatchObject({ tahdMftyId: null, tahdFuelType: 'Solar B35' });
  });

  it('refuses a phone that is not a phone number, in both languages; takes the ways people write one', async () => {
    const put = (body: Record<string, string>, headers = {}) => api('PUT', `company/${w.compA1}`, body, headers);
    const bad = await put({ compPhone: 'abc', compPICPhone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.status.message).toEqual({
      compPhone: ['Company Phone must be a phone number: 6 to 15 digits, with spaces and + - ( ) if you like'],
      compPICPhone: ['PIC Phone must be a phone number: 6 to 15 digits, with spaces and + - ( ) if you like'],
    });
    const id = await put({ compPhone: 'abc' }, ID);
    expect(id.json.status.message).toEqual({
      compPhone: ['Telepon Perusahaan harus berupa nomor telepon: 6 sampai 15 angka, boleh dengan spasi dan + - ( )'],
    });
    for (const phone of ['021-4301 2250', '+62 852 1180 4412', '(0542) 733 415', '']) {
      expect((await put({ compPhone: phone, compPICPhone: phone })).statusCode, phone).toBe(200);
    }
  });

  it('an empty AE Number says it is required, in both languages', async () => {
    for (const mcaeNo of ['', null, undefined]) {
      const r = await api('POST', 'config_ae', { mcaeDevcId: w.a.ae[3], mcaeNo });
      expect(r.statusCode).toBe(400);
      expect(r.json.status.message).toEqual({ mcaeNo: ['Number is required'] });
    }
    const id = await api('POST', 'config_ae', { mcaeDevcId: w.a.ae[3], mcaeNo: '' }, ID);
    expect(id.json.status.message).toEqual({ mcaeNo: ['Nomor wajib diisi'] });
    const word = await api('POST', 'config_ae', { mcaeDevcId: w.a.ae[3], mcaeNo: 'two' });
    expect(word.json.status.message).toEqual({ mcaeNo: ['Number must be a number'] });
  });
});

describe.each(dialects())('migration 030_fuel_type_ref on %s', (dialect) => {
  it('links each tank header to the fuel type its text names, ignoring case and spaces; keeps every text', async () => {
    const database = await freshDatabase(dialect, '029_tenant_master_events');
    try {
      const db = database.db;
      const hsd = await insert(db, 'fuel_type', { mftyName: 'HSD' }, 'mftyId');
      const mfo = await insert(db, 'fuel_type', { mftyName: 'MFO' }, 'mftyId');
      const comp = await insert(db, 'company', { compName: 'PT Migrasi' }, 'compId');
      const header = (name: string, text: string | null) =>
        insert(db, 'tank_header', { tahdName: name, tahdUnit: 'cm', tahdFuelType: text, tahdCompId: comp }, 'tahdId');
      const ids = {
        exact: await header('A', 'HSD'),
        cased: await header('B', ' hsd '),
        mfo: await header('C', 'Mfo'),
        unknown: await header('D', 'Solar B35'),
        empty: await header('E', null),
      };
      await migrate(database);
      const rows = await db.selectFrom('tank_header').select(['tahdId', 'tahdMftyId', 'tahdFuelType']).execute();
      const of = (id: number) => rows.find((r: { tahdId: unknown }) => Number(r.tahdId) === id)!;
      expect(Number(of(ids.exact).tahdMftyId)).toBe(hsd);
      expect(Number(of(ids.cased).tahdMftyId)).toBe(hsd);
      expect(Number(of(ids.mfo).tahdMftyId)).toBe(mfo);
      expect(of(ids.unknown)).toMatchObject({ tahdMftyId: null, tahdFuelType: 'Solar B35' });
      expect(of(ids.empty).tahdMftyId).toBeNull();
      expect(of(ids.cased).tahdFuelType).toBe(' hsd ');
    } finally {
      await database.drop();
    }
  });
});
