import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSlots, UTF8_BOM } from '../../src/http/export-stream.ts';
import { nowSeconds } from '../../src/http/time.ts';
import { readTable } from '../../src/modules/crud/import-file.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

/** Events written straight into event_log (closed ones: any number per gateway and type). */
async function writeEvents(w: EventWorld, mevtId: number, count: number, from: number, priorityEvery = 3) {
  const now = nowSeconds();
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
      const n = i + k;
      return {
        evntTimestamp: from + n * 60,
        evntDeviceId: w.gatewayUid,
        evntMevtId: mevtId,
        evntMcevId: null,
        evntStatus: 0,
        evntIsPriority: n % priorityEvery === 0 ? 1 : 0,
        evntDuration: 3725 + n,
        evntOldData: '{}',
        evntNewData: '{}',
        evntThreshold: '{}',
        evntCreatedTime: now,
        evntUpdatedTime: now,
        evntDevcId: w.gatewayId,
        evntMassId: w.massId,
      };
    });
    await w.db.insertInto('event_log').values(rows).execute();
  }
}

const ROWS = 3000;

describe.each(dialects())('Event Log export (streamed CSV and XLSX) on %s', (dialect) => {
  let t: TestApp;
  let w: EventWorld;
  let other: EventWorld;
  let reader: string;
  let noPermission: string;
  let quoted: number;
  // 1–30 January 2026 in Jakarta (UTC+7), the company's zone
  const JAKARTA_T0 = T0 - 7 * 3600;
  const base = `/api/log/event/event/period/${JAKARTA_T0}/${JAKARTA_T0 + 30 * 86400}`;
  const get = (url: string, token = reader, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authentication: token } : {}) } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await eventWorld(t.database, 'xp1');
    other = await eventWorld(t.database, 'xp2');
    const db = t.database.db;
    const role = await createRole(db, 'Event reader', { log_event_event: ['read'] });
    const bare = await createRole(db, 'No events', { master_asset: ['read'] });
    await createUser(db, { userId: 'x@e.test', username: 'xventer', roleIds: [role], companies: [{ compId: w.comp }] });
    await createUser(db, { userId: 'y@e.test', username: 'yventer', roleIds: [bare], companies: [{ compId: w.comp }] });
    reader = await signIn(db, 'x@e.test', w.comp);
    noPermission = await signIn(db, 'y@e.test', w.comp);
    await db.updateTable('company').set({ compTimezone: 'Asia/Jakarta' }).where('compId', '=', w.comp).execute();
    // a type whose name needs quoting in CSV: a comma, a quote and a line break
    quoted = await w.defineEvent('Exhaust, "hot"\nalarm', 0, {});
    const secret = await other.defineEvent('Other company event', 0, {});
    await writeEvents(w, quoted, ROWS, T0);
    await writeEvents(other, secret, 50, T0);
  });
  afterAll(() => t.close());

  it('streams every event as CSV: BOM, the screen’s columns, quoting, times in the company’s zone, durations', async () => {
    const r = await get(`${base}/export.csv?orders[evntTimestamp]=asc`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="event-log_2026-01-01_2026-01-30.csv"; filename*=UTF-8''event-log_2026-01-01_2026-01-30.csv`,
    );
    expect(r.rawPayload.subarray(0, 3).toString('utf8')).toBe(UTF8_BOM);
    const text = r.rawPayload.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`${UTF8_BOM}Date Time,Event Type,Reason,Status,Priority,Duration`);
    expect(text).toContain('"Exhaust, ""hot""\nalarm"');
    const table = readTable(r.rawPayload, 'x.csv');
    expect(table).toHaveLength(1 + ROWS);
    // T0 is 2026-01-01 00:00 UTC: 07:00 in Jakarta; 3725 s is 01:02:05
    expect(table[1]).toEqual(['2026-01-01 07:00:00', 'Exhaust, "hot"\nalarm', '', 'Non Active', 'High', '01:02:05']);
    expect(table[ROWS]).toEqual([
      '2026-01-03 08:59:00',
      'Exhaust, "hot"\nalarm',
      '',
      'Non Active',
      (ROWS - 1) % 3 === 0 ? 'High' : 'Normal',
      '01:52:04',
    ]);
    // the other company's events are not there
    expect(text).not.toContain('Other company event');
  });

  it('orders as the list does (newest first by default) across keyset pages', async () => {
    const table = readTable((await get(`${base}/export.csv`)).rawPayload, 'x.csv');
    const times = table.slice(1).map((r) => String(r[0]));
    expect(times).toHaveLength(ROWS);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(times).size).toBe(ROWS);
    // priority first, then newest: a mixed-direction keyset over 3 pages keeps every row once
    const byPriority = readTable(
      (await get(`${base}/export.csv?orders[evntIsPriority]=desc&orders[evntTimestamp]=asc`)).rawPayload,
      'x.csv',
    ).slice(1);
    expect(byPriority).toHaveLength(ROWS);
    expect(byPriority.filter((r) => r[4] === 'High')).toHaveLength(ROWS / 3);
    expect(byPriority[ROWS / 3 - 1][4]).toBe('High');
    expect(byPriority[ROWS / 3][4]).toBe('Normal');
    expect(new Set(byPriority.map((r) => r[0])).size).toBe(ROWS);
  });

  it('streams the same rows as XLSX, in Indonesian with lang=id, filters in the name', async () => {
    const r = await get(`${base}/export.xlsx?lang=id&finds[evntIsPriority]=1&finds[evntDeviceId]=${w.gatewayUid}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(r.headers['content-disposition'])).toContain(
      `filename*=UTF-8''log-kejadian_2026-01-01_2026-01-30_${w.gatewayUid}_Tinggi.xlsx`,
    );
    const table = readTable(r.rawPayload, 'x.xlsx');
    expect(table[0]).toEqual(['Tanggal Waktu', 'Jenis Kejadian', 'Alasan', 'Status', 'Prioritas', 'Durasi']);
    expect(table).toHaveLength(1 + ROWS / 3);
    expect(table[1].slice(3)).toEqual(['Tidak Aktif', 'Tinggi', expect.stringMatching(/^\d\d:\d\d:\d\d$/)]);
  });

  it('needs log_event_event, a session or a ticket, and answers 400 on a bad filter or period', async () => {
    expect((await get(`${base}/export.csv`, noPermission)).statusCode).toBe(403);
    expect((await get(`${base}/export.csv`, '')).statusCode).toBe(401);
    expect((await get(`${base}/export.csv?finds[evntStatus]=2`)).statusCode).toBe(400);
    expect((await get(`${base}/export.xlsx?orders[evntDuration]=asc`)).statusCode).toBe(400);
    expect((await get(`${base}/export.csv?lang=fr`)).statusCode).toBe(400);
    expect((await get(`/api/log/event/event/period/${T0}/${T0}/export.csv`)).statusCode).toBe(400);
  });

  it('sends the first bytes before the last row is read, and frees its slot when the client goes away', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const statements: string[] = [];
    const db = t.database.db.getExecutor() as unknown as { executeQuery: (...a: unknown[]) => Promise<unknown> };
    const execute = db.executeQuery.bind(db);
    // count the event pages read (the executor every query builder of the connection goes through)
    db.executeQuery = (q: unknown, ...rest: unknown[]) => {
      const text = (q as { sql?: string }).sql ?? '';
      if (/from "event_log"/.test(text) && /limit/.test(text)) statements.push(text);
      return execute(q, ...rest);
    };
    try {
      const pagesAtFirstByte = await new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: `${base}/export.csv`, headers: { authentication: reader } },
          (res) => {
            res.once('data', () => {
              const n = statements.length;
              req.destroy();
              resolve(n);
            });
          },
        );
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
        req.end();
      });
      // 3 000 rows are 3 pages and a last empty one: the first bytes left after the first page or two
      expect(pagesAtFirstByte).toBeGreaterThanOrEqual(1);
      expect(pagesAtFirstByte).toBeLessThan(3);
      // the client gone, its export's slot is free (a file this small has been read whole into the socket's buffers by
      // then; that a paused reader stops the reads is shown in test/exports/export-stream.test.ts)
      await new Promise((r) => setTimeout(r, 300));
      expect(exportSlots.running).toBe(0);
    } finally {
      db.executeQuery = execute;
    }
  });

  it('refuses a third export of one company at once with 429 and Retry-After', async () => {
    const held = [exportSlots.take(String(w.comp)), exportSlots.take(String(w.comp))];
    try {
      const r = await get(`${base}/export.csv`);
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBe('10');
      // the page learns it when it asks for the ticket (a refused link download would show nothing)
      const ticket = await t.call({
        method: 'POST',
        url: '/api/exports/ticket',
        token: reader,
        payload: { url: `${base}/export.csv` },
      });
      expect(ticket.statusCode).toBe(429);
      expect(ticket.json.status.message).toMatch(/^Your company already has downloads running/);
    } finally {
      for (const h of held) if ('release' in h) h.release();
    }
    expect((await get(`${base}/export.csv`)).statusCode).toBe(200);
  });

  it('a download ticket signs in one GET of its own URL, once, for a person', async () => {
    const url = `${base}/export.csv?finds[evntIsPriority]=1&lang=en`;
    const ask = (u: string, token = reader) =>
      t.call({ method: 'POST', url: '/api/exports/ticket', token, payload: { url: u } });
    const issued = await ask(url);
    expect(issued.statusCode).toBe(200);
    expect(issued.json.data.expiresIn).toBe(60);
    const ticket = issued.json.data.ticket as string;
    // another URL with this ticket: refused (and the ticket is spent)
    const wrong = await ask(url);
    expect((await get(`${base}/export.csv?ticket=${wrong.json.data.ticket}`, '')).statusCode).toBe(401);
    const ok = await get(`${url}&ticket=${ticket}`, '');
    expect(ok.statusCode).toBe(200);
    expect(readTable(ok.rawPayload, 'x.csv')).toHaveLength(1 + ROWS / 3);
    expect((await get(`${url}&ticket=${ticket}`, '')).statusCode).toBe(401);
    // an expired ticket
    const late = (await ask(url)).json.data.ticket;
    await t.database.db.updateTable('download_ticket').set({ dltkExpiresTime: 1 }).execute();
    expect((await get(`${url}&ticket=${late}`, '')).statusCode).toBe(401);
    // a ticket carries the permission of its session: none here
    const bare = (await ask(url, noPermission)).json.data.ticket;
    expect((await get(`${url}&ticket=${bare}`, '')).statusCode).toBe(403);
    // only for exports; not without a session
    expect((await ask('/api/log/event/event/period/1/2')).statusCode).toBe(400);
    expect((await ask(url, '')).statusCode).toBe(401);
  });
});
