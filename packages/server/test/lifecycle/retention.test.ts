import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { monthStart, runRetention } from '../../src/modules/lifecycle/retention.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { rawHorizon } from '../../src/modules/telemetry/raw-horizon.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, H, type World } from '../summary/summary-world.ts';

/**
 * docs/operations.md "Retention": after the raw readings before the boundary are deleted (PostgreSQL: their monthly
 * partitions dropped), every summary, combined-data and aggregated-series answer over a period before it (whole local
 * days at +7, HOUR and DAY buckets) is the same as before; what needs raw rows there is refused with a 422.
 */
describe.each(dialects())('raw retention on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let token: string;
  const DAY = 86400;
  const get = (url: string) => t.call({ method: 'GET', url, token });
  /** The asked answers over the two local days around T0 (the world's readings lie at T0 − 1 h … T0 + 3 h). */
  const answers = async () => {
    const from = w.T0 - DAY;
    const to = w.T0 + DAY;
    const out: Record<string, unknown> = {};
    const vessels = {
      twinAe: w.twinAe,
      twinNoAe: w.twinNoAe,
      single: w.single,
      noMeter: w.noMeter,
      gpsOnly: w.gpsOnly,
    };
    for (const [name, id] of Object.entries(vessels))
      for (const q of ['', '&showDetails=true', '&showDetails=true&aggregatedUnit=DAY']) {
        const r = await get(`/api/summary/aggregated/period/${from}/${to}?devcMassId=${id}${q}`);
        expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
        out[`summary ${name} ${q}`] = r.json.data;
      }
    // one local day (T0 is a +7 midnight), and the hours T0 … T0 + 3 h
    for (const [a, b] of [
      [w.T0, w.T0 + DAY],
      [w.T0 + H, w.T0 + 3 * H],
    ]) {
      const r = await get(`/api/summary/aggregated/period/${a}/${b}?devcMassId=${w.twinAe}&showDetails=true`);
      expect(r.statusCode).toBe(200);
      out[`summary twinAe ${a}-${b}`] = r.json.data;
    }
    for (const unit of ['HOUR', 'DAY']) {
      const r = await get(`/api/summary/combined/period/${from}/${to}?devcMassId=${w.twinAe}&aggregatedUnit=${unit}`);
      expect(r.statusCode).toBe(200);
      out[`combined ${unit}`] = r.json.data;
    }
    const fns = ['AVG', 'MIN', 'MAX', 'FIRST', 'LAST', 'COUNT', 'SUM']
      .map((f) => `functionNames[]=${f}&functionParams[]=dlrpRpm`)
      .join('&');
    for (const unit of ['HOUR', 'DAY', 'WEEK', 'MONTH']) {
      const r = await get(
        `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a-1&device[]=rpm-c&aggregatedUnit=${unit}&timezone=7&${fns}`,
      );
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      out[`series ${unit}`] = r.json.data;
    }
    return out;
  };
  let before: Record<string, unknown>;
  let boundary: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
    token = w.tenants.adminA;
    before = await answers();
    // SQLite: one day of raw readings kept (the boundary is yesterday's UTC midnight, after T0 + 1 day); PostgreSQL
    // drops whole months: the pass is run as if it were the second day of next month
    const now = dialect === 'sqlite' ? nowSeconds() : monthStart(monthStart(nowSeconds()) + 40 * DAY) + DAY + 3600;
    const r = await runRetention(t.database, { days: 1, now, settleMs: 0 });
    boundary = r.rawFrom;
    if (dialect === 'sqlite') expect(r.deleted).toBeGreaterThan(0);
    else expect(r.dropped.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(() => t?.close());

  it('deletes every raw reading before the boundary (a whole UTC day), and keeps the rollups', async () => {
    expect(boundary % DAY).toBe(0);
    expect(boundary).toBeGreaterThan(w.T0 + DAY);
    expect(await rawHorizon(t.database)).toBe(boundary);
    for (const table of ['telemetry_rpm', 'telemetry_gps', 'telemetry_flowmeter', 'telemetry_ae'])
      expect((await query(t.database, `select count(*) as n from ${table} where ts < ?`, [boundary]))[0].n).toEqual(0);
    const hours = await query(t.database, 'select count(*) as n from telemetry_rpm_hourly where bucket < ?', [
      boundary,
    ]);
    expect(Number(hours[0].n)).toBeGreaterThan(0);
    // the port engine's threshold (400) is crossed inside hours: their running time was kept before the delete
    const kept = await query(t.database, 'select count(*) as n from telemetry_rpm_threshold_hours');
    expect(Number(kept[0].n)).toBeGreaterThan(0);
  });

  it('answers every summary, combined-data and series request before the boundary with the same numbers', async () => {
    const after = await answers();
    for (const key of Object.keys(before)) expect(after[key], key).toEqual(before[key]);
  });

  it('refuses what only raw readings answered: MINUTE buckets, partial hours, raw series, counts above a value', async () => {
    const from = w.T0;
    const to = w.T0 + 3 * H;
    const refused = async (url: string) => {
      const r = await get(url);
      expect(r.statusCode, url).toBe(422);
      expect(r.json.status.message).toMatch(/deleted by the retention \(RAW_RETENTION_DAYS\)/);
      return r.json.status.message as string;
    };
    expect(
      await refused(
        `/api/summary/aggregated/period/${from}/${to}?devcMassId=${w.twinAe}&showDetails=true&aggregatedUnit=MINUTE`,
      ),
    ).toMatch(/MINUTE buckets/);
    await refused(`/api/summary/aggregated/period/${from + 600}/${to}?devcMassId=${w.twinAe}`);
    await refused(`/api/summary/aggregated/period/${from}/${to}?devcMassId=${w.twinAe}&showDetails=true&timezone=5.5`);
    await refused(
      `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a-1&aggregatedUnit=MINUTE&functionNames[]=AVG&functionParams[]=dlrpRpm`,
    );
    await refused(
      `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a-1&aggregatedUnit=HOUR&functionNames[]=COUNTGT&functionParams[]=dlrpRpm,400`,
    );
    await refused(`/api/series/base/period/${from}/${to}?device=rpm-a-1`);
  });

  it('refuses readings before the boundary at ingest; a last-N raw series starts at the boundary', async () => {
    const [device] = await query(t.database, "select devc_id from device where devc_unique_id = 'rpm-a-1'");
    const key = await issueDeviceKey(t.database.db, Number(device.devc_id), 'test');
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { readings: [{ device: 'rpm-a-1', ts: w.T0 + 600, data: { rpm: 900 } }] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data.rejected).toBe(1);
    expect(r.json.data.results[0].reason).toMatch(/before \d{4}-\d\d-\d\d, the raw retention boundary/);
    const last = await get('/api/series/base/last/30/day?device=rpm-a-1');
    expect(last.statusCode).toBe(200);
  });
});
