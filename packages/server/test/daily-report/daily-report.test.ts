import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, num3, periodText, timezoneLabel } from '../../src/modules/daily-report/format.ts';
import { heavyPool } from '../../src/modules/summary/heavy.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, type World } from '../summary/summary-world.ts';
import { pageCount, pdfInfo, pdfText, renderPages } from './pdf-tools.ts';

const ALL = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'];
const reportsQuery = (keys = ALL) => keys.map((k) => `reports[]=${k}`).join('&');
/** DAILY_REPORT_PNG=dir keeps the rendered pages for a look */
const KEEP = process.env.DAILY_REPORT_PNG;

describe.each(dialects())('daily report PDF on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let token: string;
  const day = () => ({ start: w.T0, end: w.T0 + 86400 });
  const print = async (massId: number, query = `${reportsQuery()}&dataTables=true`, p = day(), tk = token) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${p.start}/${p.end}?devcMassId=${massId}&aggregatedUnit=HOUR&aggregatedLength=1&${query}`,
      headers: { authentication: tk },
    });
    return { status: r.statusCode, headers: r.headers, body: r.rawPayload, json: () => r.json() };
  };

  beforeAll(async () => {
    // in a file: the heavy worker that draws the reports opens its own connection
    t = await createTestApp(dialect, { sqliteFile: true });
    w = await buildWorld(t);
    token = w.tenants.adminA;
    await t.database.db
      .updateTable('asset')
      .set({ massName: 'KM Sinar Jaya' })
      .where('massId', '=', w.twinAe)
      .execute();
  });
  afterAll(() => t?.close());

  it('spec 002 §2.3 page counts read from the PDF: 7 twin, 6 single engine, 4 without flow meter, notice under maintenance', async () => {
    const cases: [number, number][] = [
      [w.twinAe, 7],
      [w.twinNoAe, 7],
      [w.single, 6],
      [w.noMeter, 4],
      [w.flagged, 1],
      [w.gpsOnly, 1],
    ];
    for (const [massId, pages] of cases) {
      const r = await print(massId);
      expect(r.status, String(massId)).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(pageCount(r.body), String(massId)).toBe(pages);
      expect(pdfInfo(r.body).pages).toBe(pages);
    }
    // drawn off the event loop, in the heavy worker thread
    expect(heavyPool(t.app).status()).toMatchObject({ workers: true, answered: true, inline: 0 });
    const flagged = pdfText((await print(w.flagged)).body);
    expect(flagged).toContain('Under Maintenance');
    expect(flagged).toContain('flagged as under maintenance');
    expect(pdfText((await print(w.gpsOnly)).body)).toContain('no RPM, auxiliary engine or flow meter data');
  });

  it('the page titles, header (vessel, range, GMT +007) and footer (generation time, page x/y) on every page', async () => {
    const r = await print(w.twinAe);
    const titles = [
      'Summary',
      'Vessel Tracking',
      'RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance',
      'ME Fuel Consumption',
      'Port ME Total Fuel Used vs Running Hours',
      'Starboard ME Total Fuel Used vs Running Hours',
      'AE Fuel Consumption',
    ];
    titles.forEach((title, i) => {
      const text = pdfText(r.body, i + 1);
      expect(text).toContain(title);
      expect(text).toContain('KM Sinar Jaya');
      expect(text).toContain('GMT +007');
      expect(text).toContain('Analysed data range:');
      expect(text).toMatch(/Generated \d{2} \w+ \d{4} \d{2}:\d{2}/);
      expect(text).toContain(`Page ${i + 1}/7`);
    });
    const single = await print(w.single);
    expect(pdfText(single.body, 5)).toContain('ME Total Fuel Used vs Running Hours');
    // the single-engine vessel has no auxiliary engine: its AE page says 'No Data'
    expect(pdfText(single.body, 6)).toMatch(/AE Fuel Consumption[\s\S]*No Data/);
    // fonts embedded (subset), text selectable: pdftotext read it above
    const fonts = pdfInfo(r.body).fonts;
    expect(fonts).toMatch(/DejaVuSans\s/);
    expect(fonts).not.toMatch(/\bno\s+no\b/); // every font is embedded
  });

  it('the Summary page holds the summary API numbers of the same period (docs/domain.md §31)', async () => {
    for (const massId of [w.twinAe, w.twinNoAe, w.single, w.noMeter]) {
      const { start, end } = day();
      const api = await t.call({
        method: 'GET',
        url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${massId}`,
        token,
      });
      expect(api.statusCode).toBe(200);
      const s = api.json.data;
      const text = pdfText((await print(massId)).body, 1);
      const expectRow = (label: string, ...values: string[]) =>
        expect(text, `${massId} ${label}`).toMatch(
          new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+${values.map((v) => v.replace(/\./g, '\\.')).join('\\s+')}`),
        );
      if (s.gps?.summary.firstPosition) {
        expectRow('Total Cruise (NM)', num(s.gps.summary.totalCruise));
        expectRow('Average Speed (knot)', num(s.gps.summary.averageSpeedKnot));
      }
      const fm = s.flowmeter.summary;
      const aeFuel = fm.aeEngineCons ?? s.ae.totalFuelConsumption;
      if (s.singleEngine) {
        expectRow('Main Engine', num(s.rpm.summary.PORT.average), num(s.rpm.summary.PORT.runningHours));
        expectRow('Main Engine', num(fm.meEngineCons));
      } else {
        expectRow('Port', num(s.rpm.summary.PORT.average), num(s.rpm.summary.PORT.runningHours));
        expectRow('Starboard', num(s.rpm.summary.STARBOARD.average), num(s.rpm.summary.STARBOARD.runningHours));
        if (s.hasFlowmeter) {
          expectRow('Port ME', num(fm.portEngineCons));
          expectRow('Starboard ME', num(fm.starboardEngineCons));
          expectRow('ME Total', num(fm.meEngineCons));
        }
      }
      if (s.hasFlowmeter || aeFuel != null) expectRow('Total Fuel', num(fm.totalFuelCons ?? aeFuel));
      for (const n of ['AE1', 'AE2', 'AE3'])
        if (s.ae[n]) expectRow(n, num(s.ae[n].runningTime), num(s.ae[n].fuelConsumption));
    }
  });

  it('§23 CO₂ on the Summary page: the fuel type factor times the fuel mass', async () => {
    const fuel = await t.database.db
      .insertInto('fuel_type')
      .values({ mftyName: 'HSD report', mftyCo2Factor: 3.206, mftyDensity: 845 })
      .returning('mftyId')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('asset')
      .set({ massMftyId: fuel.mftyId })
      .where('massId', '=', w.twinNoAe)
      .execute();
    const { start, end } = day();
    const api = await t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${w.twinNoAe}`,
      token,
    });
    const fm = api.json.data.flowmeter.summary;
    // twin without AE meter and without densities: every flow at the standard 845 kg/m³
    const litres = (fm.portEngineCons ?? 0) + (fm.starboardEngineCons ?? 0) + (fm.aeEngineCons ?? 0);
    expect(litres).toBeGreaterThan(0);
    const text = pdfText((await print(w.twinNoAe)).body, 1);
    expect(text).toMatch(
      new RegExp(`CO₂ Emitted \\(t\\)\\s+${num3(((litres * 845) / 1e6) * 3.206).replace('.', '\\.')}`),
    );
    // without a fuel type: '-'
    expect(pdfText((await print(w.twinAe)).body, 1)).toMatch(/CO₂ Emitted \(t\)\s+-/);
  });

  it('hourly data tables under the charts for one day; none without dataTables', async () => {
    const withTables = pdfText((await print(w.twinAe)).body, 3);
    expect(withTables).toContain('Time');
    const row = /^\s*\d{2}:00(\s+(-|[\d,]+\.\d{2})){6}\s*$/gm; // a table row: the hour and its six figures
    expect(withTables.match(row)?.length).toBe(24);
    const without = pdfText((await print(w.twinAe, reportsQuery())).body, 3);
    expect(without.match(row)).toBeNull();
  });

  it('only the chosen reports; content-disposition names the vessel and the period', async () => {
    const r = await print(w.twinAe, reportsQuery(['summary', 'ae_usage']));
    expect(pageCount(r.body)).toBe(2);
    const disposition = String(r.headers['content-disposition']);
    const local = new Date((w.T0 + 7 * 3600) * 1000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(disposition).toContain(`filename="Daily-Report_KM-Sinar-Jaya_${local}-0000_`);
    expect(disposition).toMatch(/filename\*=UTF-8''Daily-Report_KM-Sinar-Jaya_\d{8}-0000_\d{8}-0000\.pdf/);
  });

  it('§7.3 validation: no report, an unknown report, dataTables past one day, a period past 31 days → 400', async () => {
    const none = await print(w.twinAe, '');
    expect(none.status).toBe(400);
    expect(none.json().status.message).toMatch(/^No options selected/);
    const unknown = await print(w.twinAe, 'reports[]=summary&reports[]=weather');
    expect(unknown.status).toBe(400);
    expect(unknown.json().status.message).toContain('Unknown report weather');
    const long = await print(w.twinAe, `${reportsQuery()}&dataTables=true`, { start: w.T0, end: w.T0 + 2 * 86400 });
    expect(long.status).toBe(400);
    expect(long.json().status.message).toContain('dataTables is only for a period of one day');
    const month = await print(w.twinAe, reportsQuery(), { start: w.T0 - 40 * 86400, end: w.T0 });
    expect(month.status).toBe(400);
    expect(month.json().status.message).toContain('at most 31 days');
    const noVessel = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${w.T0}/${w.T0 + 3600}?${reportsQuery()}`,
      headers: { authentication: token },
    });
    expect(noVessel.statusCode).toBe(400);
    expect(noVessel.json().status.message).toBe('devcMassId is required');
    const flag = await print(w.twinAe, `${reportsQuery()}&dataTables=maybe`);
    expect(flag.status).toBe(400);
    expect(flag.json().status.message).toBe('dataTables must be true or false');
    const badStart = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/pages/period/yesterday/${w.T0}?devcMassId=${w.twinAe}&${reportsQuery()}`,
      headers: { authentication: token },
    });
    expect(badStart.statusCode).toBe(400);
    expect(badStart.json().status.message).toMatch(/^start must be/);
  });

  it('§7.3 reports as a list in any of its forms: reports[]=, reports[0]=, reports=a,b', async () => {
    const pages = async (query: string) => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/reports/report/pages/period/${w.T0}/${w.T0 + 86400}?devcMassId=${w.twinAe}&${query}`,
        headers: { authentication: token },
      });
      expect(r.statusCode, query).toBe(200);
      return r.json().data.pages.map((p: { key: string }) => p.key);
    };
    const both = await pages('reports[]=summary&reports[]=rpm_speed');
    expect(await pages('reports[0]=summary&reports[1]=rpm_speed')).toEqual(both);
    expect(await pages('reports=rpm_speed,summary')).toEqual(both);
  });

  it('scope and permission as the summary API: another tenant → 404, no session → 401', async () => {
    expect((await print(w.twinAe, reportsQuery(), day(), w.tenants.adminB)).status).toBe(404);
    const anon = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${w.T0}/${w.T0 + 3600}?devcMassId=${w.twinAe}&${reportsQuery()}`,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('the pages as data for the screen: the same model as the PDF', async () => {
    const { start, end } = day();
    const r = await t.call({
      method: 'GET',
      url: `/api/reports/report/pages/period/${start}/${end}?devcMassId=${w.twinAe}&${reportsQuery()}`,
      token,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data.pages.map((p: { title: string }) => p.title)).toHaveLength(7);
    expect(r.json.data.timezoneLabel).toBe('GMT +007');
    // [start, start + 1 day): the day's own date, 00:00 – 23:59 (docs/domain.md §1)
    expect(r.json.data.rangeText).toBe(periodText(start, end, 7));
    expect(r.json.data.rangeText).toMatch(/^(\d{2} \w+ \d{4}) 00:00 – \1 23:59$/);
    expect(r.json.data.pages[1].blocks[0].maps[0].svg).toMatch(/^<svg/);
  });

  it('in Bahasa Indonesia with Accept-Language: id (issue 27): texts, dates and numbers of the PDF and the screen', async () => {
    const { start, end } = day();
    const query = `devcMassId=${w.twinAe}&aggregatedUnit=HOUR&aggregatedLength=1&${reportsQuery()}&dataTables=true`;
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${start}/${end}?${query}`,
      headers: { authentication: token, 'accept-language': 'id' },
    });
    expect(r.statusCode).toBe(200);
    expect(pageCount(r.rawPayload)).toBe(7);
    const titles = [
      'Ringkasan',
      'Pelacakan Kapal',
      'RPM vs Konsumsi BBM vs Waktu Operasi AE vs Kecepatan vs Jarak',
      'Konsumsi BBM ME',
      'Total BBM Terpakai vs Jam Operasi ME Kiri',
      'Total BBM Terpakai vs Jam Operasi ME Kanan',
      'Konsumsi BBM AE',
    ];
    const months = 'Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember';
    titles.forEach((title, i) => {
      const text = pdfText(r.rawPayload, i + 1);
      expect(text).toContain(title);
      expect(text).toContain('Laporan Harian');
      expect(text).toContain('Rentang data yang dianalisis:');
      expect(text).toMatch(new RegExp(`Periode: \\d{2} (${months}) \\d{4} 00:00`));
      expect(text).toMatch(new RegExp(`Dibuat \\d{2} (${months}) \\d{4} \\d{2}:\\d{2} \\(GMT \\+007\\)`));
      expect(text).toContain(`Halaman ${i + 1}/7`);
      expect(text).not.toContain('Analysed data range');
    });
    const summary = pdfText(r.rawPayload, 1);
    for (const label of [
      'Total Jarak Tempuh (NM)',
      'Kecepatan Rerata (knot)',
      'Mesin Utama',
      'Mesin Bantu',
      'Emisi CO₂ (t)',
    ])
      expect(summary).toContain(label);
    // numbers with the decimal comma (and the thousands dot): the hourly table rows of the RPM page
    const table = pdfText(r.rawPayload, 3);
    expect(table).toContain('Waktu');
    const row = /^\s*\d{2}:00(\s+(-|[\d.]+,\d{2})){6}\s*$/gm;
    expect(table.match(row)?.length).toBe(24);
    expect(String(r.headers['content-disposition'])).toContain('filename="Laporan-Harian_KM-Sinar-Jaya_');
    // the screen's pages: the same model in Indonesian
    const pages = await t.call({
      method: 'GET',
      url: `/api/reports/report/pages/period/${start}/${end}?${query}`,
      token,
      headers: { 'accept-language': 'id' },
    });
    expect(pages.json.data.pages.map((p: { title: string }) => p.title)).toEqual(titles);
    expect(pages.json.data.rangeText).toMatch(new RegExp(`^(\\d{2} (${months}) \\d{4}) 00:00 – \\1 23:59$`));
    // a report error in Indonesian too
    const month = await t.app.inject({
      method: 'GET',
      url: `/api/reports/report/print/period/${w.T0 - 40 * 86400}/${w.T0}?devcMassId=${w.twinAe}&${reportsQuery()}`,
      headers: { authentication: token, 'accept-language': 'id' },
    });
    expect(month.statusCode).toBe(400);
    expect(month.json().status.message).toBe(
      'Satu laporan mencakup paling lama 31 hari: pilih periode yang lebih pendek',
    );
  });

  it('a 31-day report (daily buckets) and every page rendered to PNG', async () => {
    const r = await print(w.twinAe, reportsQuery(), { start: w.T0 - 27 * 86400, end: w.T0 + 4 * 86400 });
    expect(r.status).toBe(200);
    expect(pageCount(r.body)).toBe(7);
    for (const [massId, name] of [
      [w.twinAe, 'twin'],
      [w.single, 'single'],
      [w.noMeter, 'nometer'],
      [w.flagged, 'maintenance'],
    ] as const) {
      const pdf = (await print(massId)).body;
      const dir = KEEP ? join(KEEP, `${dialect}-${name}`) : undefined;
      if (dir) mkdirSync(dir, { recursive: true });
      const sizes = renderPages(pdf, dir);
      expect(sizes).toHaveLength(pageCount(pdf));
      for (const s of sizes) expect(s).toBeGreaterThan(3000); // not blank
    }
  });
});

describe('timezone label (spec 002 §2.3)', () => {
  it('GMT +007 for +7; signs and half hours', () => {
    expect(timezoneLabel(7)).toBe('GMT +007');
    expect(timezoneLabel(0)).toBe('GMT +000');
    expect(timezoneLabel(-5)).toBe('GMT -005');
    expect(timezoneLabel(5.5)).toBe('GMT +005:30');
  });
});

describe('report period text (docs/domain.md §1 "One period convention")', () => {
  // 1 March 2026 00:00 at +7 is 28 Feb 17:00 UTC = 1 772 298 000
  const day = 1_772_298_000;
  it('a day ending at the next local 00:00 reads 00:00 – 23:59 of that day', () => {
    expect(periodText(day, day + 86_400, 7)).toBe('01 March 2026 00:00 – 01 March 2026 23:59');
    expect(periodText(day, day + 2 * 86_400, 7)).toBe('01 March 2026 00:00 – 02 March 2026 23:59');
  });
  it('an end inside a day as it is; midnight of the zone asked (+5.5)', () => {
    expect(periodText(day, day + 3600, 7)).toBe('01 March 2026 00:00 – 01 March 2026 01:00');
    const ist = day + 7 * 3600 - 5.5 * 3600; // 1 March 00:00 at +5.5
    expect(periodText(ist, ist + 86_400, 5.5)).toBe('01 March 2026 00:00 – 01 March 2026 23:59');
    expect(periodText(ist, ist + 86_400, 7)).toBe('01 March 2026 01:30 – 02 March 2026 01:30');
  });
});
