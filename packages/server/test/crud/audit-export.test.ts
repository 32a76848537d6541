import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTF8_BOM } from '../../src/http/export-stream.ts';
import { readTable } from '../../src/modules/crud/import-file.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

/** Entries of the streamed Audit Trail's file (issue 31): written straight into audit_log, in the past. */
const ROWS = 1500;
const T0 = 1767225600; // 2026-01-01 00:00 UTC: 07:00 in Jakarta

describe.each(dialects())('Audit Trail export (streamed CSV and XLSX) on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  // the period of the test's entries: 1–2 January 2026 in Jakarta
  const period = `from=${T0 - 7 * 3600}&to=${T0 - 7 * 3600 + 2 * 86400}`;
  const get = (url: string, token = w.adminA) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { authentication: token } : {} });

  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
    const db = t.database.db;
    await db.updateTable('company').set({ compTimezone: 'Asia/Jakarta' }).execute();
    const entry = (n: number, compId: number, name: string) => ({
      audtTime: T0 + n * 60,
      audtUserId: 'admin@a.test',
      audtResource: 'tank_header',
      audtRowId: String(100000 + n),
      audtAction: 'update',
      audtBefore: JSON.stringify({ tahdId: 100000 + n, tahdName: name, tahdUnit: 'cm', tahdCompId: compId }),
      audtAfter: JSON.stringify({ tahdId: 100000 + n, tahdName: name, tahdUnit: 'mm', tahdCompId: compId }),
      audtDependents: null,
      audtCompId: compId,
      audtMassId: null,
      audtGrcpId: null,
      audtLinkId: null,
    });
    for (let i = 0; i < ROWS; i += 500)
      await db
        .insertInto('audit_log')
        .values(Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => entry(i + k, w.compA1, `Header ${i + k}`)))
        .execute();
    // another tenant's entry in the same minutes: never in tenant A's file
    await db
      .insertInto('audit_log')
      .values(entry(5, w.compB1, 'Secret B header'))
      .execute();
  });
  afterAll(() => t.close());

  it('streams every entry the filters select as CSV: the screen’s columns and cells, newest first', async () => {
    const r = await get(`/audit/export.csv?resource=tank_header&${period}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toContain(
      `filename*=UTF-8''audit-trail_2026-01-01_2026-01-02_tank_header.csv`,
    );
    expect(r.rawPayload.subarray(0, 3).toString('utf8')).toBe(UTF8_BOM);
    const table = readTable(r.rawPayload, 'x.csv');
    expect(table[0]).toEqual(['Time', 'User', 'Record Type', 'Record', 'Action', 'Changes']);
    // every entry over two keyset pages of 1 000, the other tenant's absent
    expect(table).toHaveLength(1 + ROWS);
    expect(table.some((row) => String(row[3]).includes('Secret B'))).toBe(false);
    // newest first: entry 1 499 at T0 + 1 499 min = 2026-01-02 00:59 UTC = 07:59 in Jakarta
    expect(table[1]).toEqual([
      '02 January 2026 07:59',
      'admina',
      'Tank Header',
      'Header 1499 ID 101499',
      'Updated',
      'Unit: cm → mm',
    ]);
    expect(table[ROWS][0]).toBe('01 January 2026 07:00');
    // the same count as the list route says
    const list = (await get(`/audit?resource=tank_header&${period}&max=1`)).json();
    expect(list.pagination.totalData).toBe(ROWS);
  });

  it('writes XLSX in Indonesian', async () => {
    const r = await get(`/audit/export.xlsx?resource=tank_header&action=update&${period}&lang=id`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('jejak-audit_2026-01-01_2026-01-02_tank_header_Diubah.xlsx');
    const table = readTable(r.rawPayload, 'x.xlsx');
    expect(table[0]).toEqual(['Waktu', 'Pengguna', 'Jenis Data', 'Data', 'Aksi', 'Perubahan']);
    expect(table).toHaveLength(1 + ROWS);
    expect(table[1]).toEqual([
      '02 Januari 2026 07:59',
      'admina',
      'Header Tangki',
      'Header 1499 ID 101499',
      'Diubah',
      'Satuan: cm → mm',
    ]);
  });

  it('shows the other tenant only its own entry', async () => {
    const table = readTable(
      (await get(`/audit/export.csv?resource=tank_header&${period}`, w.adminB)).rawPayload,
      'x.csv',
    );
    expect(table.slice(1).map((row) => row[3])).toEqual(['Secret B header ID 100005']);
  });

  it('needs read on some master data (403), a session (401), and good filters (400)', async () => {
    expect((await get('/audit/export.csv', w.noKeysA)).statusCode).toBe(403);
    expect((await get('/audit/export.csv', '')).statusCode).toBe(401);
    expect((await get('/audit/export.csv?action=erase')).statusCode).toBe(400);
    expect((await get('/audit/export.csv?from=-5')).statusCode).toBe(400);
    expect((await get('/audit/export.xlsx?lang=fr')).statusCode).toBe(400);
  });
});
