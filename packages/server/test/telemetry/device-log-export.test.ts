import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTF8_BOM } from '../../src/http/export-stream.ts';
import { readTable } from '../../src/modules/crud/import-file.ts';
import { type EventWorld, eventWorld, T0 } from '../event-engine/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';

const ROWS = 2500;

describe.each(dialects())('Device Log Detail readings export (streamed CSV and XLSX) on %s', (dialect) => {
  let t: TestApp;
  let w: EventWorld;
  let other: EventWorld;
  let reader: string;
  let noPermission: string;
  // 1–2 January 2026 in Jakarta (UTC+7), the company's zone
  const JAKARTA_T0 = T0 - 7 * 3600;
  const base = `/api/series/base/period/${JAKARTA_T0}/${JAKARTA_T0 + 2 * 86400}`;
  const get = (url: string, token = reader) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authentication: token } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await eventWorld(t.database, 'dl1');
    other = await eventWorld(t.database, 'dl2');
    const db = t.database.db;
    const role = await createRole(db, 'Device reader', { master_device: ['read'] });
    const bare = await createRole(db, 'Assets only', { master_asset: ['read'] });
    await createUser(db, { userId: 'd@e.test', username: 'dventer', roleIds: [role], companies: [{ compId: w.comp }] });
    await createUser(db, { userId: 'a@e.test', username: 'aventer', roleIds: [bare], companies: [{ compId: w.comp }] });
    reader = await signIn(db, 'd@e.test', w.comp);
    noPermission = await signIn(db, 'a@e.test', w.comp);
    await db.updateTable('company').set({ compTimezone: 'Asia/Jakarta' }).where('compId', '=', w.comp).execute();
    // a reading every 30 s from T0 (07:00 in Jakarta): onAc alternating 1, 0
    for (let i = 0; i < ROWS; i += 500)
      await w.ingest(
        Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => ({
          device: w.uid.power,
          ts: T0 + (i + k) * 30,
          data: { onAc: (i + k) % 2 === 0 ? 1 : 0 },
        })),
      );
    await other.ingest([{ device: other.uid.power, ts: T0, data: { onAc: 1 } }]);
  });
  afterAll(() => t.close());

  it('streams every reading of the period as CSV: BOM, Time and the data keys, the company’s clock, oldest first', async () => {
    const r = await get(`${base}/export.csv?device=${w.uid.power}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="device-log_2026-01-01_2026-01-02_power-dl1.csv"; filename*=UTF-8''device-log_2026-01-01_2026-01-02_power-dl1.csv`,
    );
    expect(r.rawPayload.subarray(0, 3).toString('utf8')).toBe(UTF8_BOM);
    const lines = r.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Time,onAc');
    // every reading over 3 keyset pages of 1 000
    expect(lines).toHaveLength(1 + ROWS);
    expect(lines[1]).toBe('01 Jan 2026 07:00:00,1');
    expect(lines[2]).toBe('01 Jan 2026 07:00:30,0');
    // the 2 500th reading: T0 + 2 499 × 30 s = 20:49:30 UTC, 03:49:30 the next day in Jakarta; 2 499 is odd: 0
    expect(lines[ROWS]).toBe('02 Jan 2026 03:49:30,0');
  });

  it('writes XLSX with the Indonesian header and numbers as numbers', async () => {
    const r = await get(`${base}/export.xlsx?device=${w.ids.power}&lang=id`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('log-perangkat_2026-01-01_2026-01-02_power-dl1.xlsx');
    const rows = readTable(r.rawPayload, 'x.xlsx');
    expect(rows[0]).toEqual(['Waktu', 'onAc']);
    expect(rows).toHaveLength(1 + ROWS);
    expect(rows[1]).toEqual(['01 Jan 2026 07:00:00', 1]);
  });

  it('leaves out another company’s device (404) and needs master_device read (403)', async () => {
    expect((await get(`${base}/export.csv?device=${other.uid.power}`)).statusCode).toBe(404);
    expect((await get(`${base}/export.csv?device=${w.uid.power}`, noPermission)).statusCode).toBe(403);
    expect((await get(`${base}/export.csv?device=${w.uid.power}`, '')).statusCode).toBe(401);
  });

  it('refuses a bad period, a missing device, two devices and an unknown language with 400', async () => {
    expect((await get(`/api/series/base/period/${T0}/${T0}/export.csv?device=${w.uid.power}`)).statusCode).toBe(400);
    expect((await get(`/api/series/base/period/yesterday/${T0}/export.csv?device=${w.uid.power}`)).statusCode).toBe(
      400,
    );
    expect((await get(`${base}/export.csv`)).statusCode).toBe(400);
    expect((await get(`${base}/export.csv?device[]=${w.uid.power}&device[]=${w.uid.rpm1}`)).statusCode).toBe(400);
    expect((await get(`${base}/export.xlsx?device=${w.uid.power}&lang=fr`)).statusCode).toBe(400);
  });
});
