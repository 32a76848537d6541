import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate, migrationNames } from '../../src/db/migrate.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';

/**
 * Upgrading a database of the previous release (docs/operations.md "Install and upgrade"): its schema is the one up to
 * PREVIOUS (the release before issue 25's per-segment and state-span columns, migrations 021–023), with rows as that
 * release wrote them — tenants, users with passwords, sessions, devices, RPM readings with their hourly and daily
 * rollups (frozen geometry: UTC hours, local days at +7) and the latest state. Then `migrate` to this version, and the
 * server answers as it does for a database this version made itself from the same readings (sent through ingest):
 * sign-in with the old password, the old session still valid, the latest reading, and the same summary and series.
 */
const PREVIOUS = '020_mail_outbox';
const T0 = 1767225600 + 2 * 3600; // 2026-01-01 02:00 UTC
const STEP = 60;
const COUNT = 200; // 3 h 20 min of readings a minute

/** RPM readings: the port engine stopped for the first 40 minutes then running, the starboard one throughout. */
function readings(): { device: string; ts: number; rpm: number }[] {
  const out: { device: string; ts: number; rpm: number }[] = [];
  for (let i = 0; i < COUNT; i++) {
    const ts = T0 + i * STEP;
    out.push({ device: 'rpm-a1-1', ts, rpm: i < 40 ? 0 : 800 + (i % 10) * 12.5 });
    if (i % 7 !== 3) out.push({ device: 'rpm-a1-3', ts: ts + 5, rpm: 900 + (i % 13) * 3 });
  }
  return out;
}

/** The world both databases start with (same insert order, same ids). */
async function world(database: Database) {
  const t = await twoTenants(database.db, ['master_device', 'master_asset']);
  const port = await createDevice(database.db, t.assetA1, 'rpm-a1-1', 'rpm', { devcLabel: 'PORT' });
  const starboard = await createDevice(database.db, t.assetA1, 'rpm-a1-3', 'rpm', { devcLabel: 'STARBOARD' });
  const gateway = await createDevice(database.db, t.assetA1, 'gw-a1', 'gateway');
  return { ...t, ids: { 'rpm-a1-1': port, 'rpm-a1-3': starboard } as Record<string, number>, gateway };
}

/** The readings written as the previous release's ingest wrote them: raw rows, rollups, latest state. */
async function writeAsPreviousRelease(database: Database, ids: Record<string, number>) {
  const rows = readings();
  const run = (text: string) => sql.raw(text).execute(database.db);
  for (const r of rows)
    await run(`insert into telemetry_rpm (device_id, ts, rpm) values (${ids[r.device]}, ${r.ts}, ${r.rpm})`);
  for (const level of [
    { table: 'telemetry_rpm_hourly', size: 3600, shift: 0 },
    { table: 'telemetry_rpm_daily', size: 86400, shift: 7 * 3600 },
  ]) {
    const buckets = new Map<string, { device: number; bucket: number; values: { ts: number; v: number }[] }>();
    for (const r of rows) {
      const bucket = Math.floor((r.ts + level.shift) / level.size) * level.size - level.shift;
      const key = `${r.device}|${bucket}`;
      const b = buckets.get(key) ?? { device: ids[r.device], bucket, values: [] };
      b.values.push({ ts: r.ts, v: r.rpm });
      buckets.set(key, b);
    }
    for (const b of buckets.values()) {
      const v = b.values.map((x) => x.v);
      const first = b.values[0];
      const last = b.values[b.values.length - 1];
      await run(
        `insert into ${level.table} (device_id, bucket, rpm_n, rpm_sum, rpm_min, rpm_max, rpm_fv, rpm_ft, rpm_lv, rpm_lt)
         values (${b.device}, ${b.bucket}, ${v.length}, ${v.reduce((a, x) => a + x, 0)}, ${Math.min(...v)},
                 ${Math.max(...v)}, ${first.v}, ${first.ts}, ${last.v}, ${last.ts})`,
      );
    }
  }
  for (const device of Object.keys(ids)) {
    const last = rows.filter((r) => r.device === device).at(-1)!;
    await run(
      `insert into telemetry_last (device_id, ts, data, received_time)
       values (${ids[device]}, ${last.ts}, '${JSON.stringify({ rpm: last.rpm })}', ${last.ts + 2})`,
    );
  }
}

describe.each(dialects())('upgrading a database of the previous release on %s', (dialect) => {
  let upgraded: { app: Awaited<ReturnType<typeof buildApp>>; database: Database & { drop(): Promise<void> } };
  let oldWorld: Awaited<ReturnType<typeof world>>;
  let applied: string[];
  let fresh: TestApp;
  let freshWorld: Awaited<ReturnType<typeof world>>;

  beforeAll(async () => {
    const database = await freshDatabase(dialect, PREVIOUS);
    oldWorld = await world(database);
    await writeAsPreviousRelease(database, oldWorld.ids);
    applied = await migrate(database);
    const config = loadConfig({
      DATA_DIR: `/tmp/fleet-test-${process.pid}`,
      DEMO: '0',
      SIMULATOR: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
    });
    upgraded = { app: await buildApp({ database, config, logger: false }), database };
    await upgraded.app.ready();

    // the same world made by this version, the readings sent through ingest
    fresh = await createTestApp(dialect);
    freshWorld = await world(fresh.database);
    const key = await issueDeviceKey(fresh.database.db, freshWorld.gateway, 'test');
    const r = await fresh.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { readings: readings().map((x) => ({ device: x.device, ts: x.ts, data: { rpm: x.rpm } })) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data.accepted).toBe(readings().length);
  }, 120_000);
  afterAll(async () => {
    await upgraded?.app.close();
    await upgraded?.database.drop();
    await fresh?.close();
  });

  const get = async (app: typeof upgraded.app, url: string, token: string) => {
    const r = await app.inject({ url, headers: { authentication: token } });
    expect(r.statusCode, `${url}: ${r.body.slice(0, 300)}`).toBe(200);
    return r.json();
  };

  it('applies the migrations after the previous release, in order', () => {
    const all = migrationNames();
    expect(applied).toEqual(all.slice(all.indexOf(PREVIOUS) + 1));
    expect(applied.length).toBeGreaterThan(0);
  });

  it('signs in with the password set before the upgrade; the sessions of before still work', async () => {
    const login = await upgraded.app.inject({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: 'admina', password: 'Secret#123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.token).toMatch(/\S{20,}/);
    const wrong = await upgraded.app.inject({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: 'admina', password: 'not-it' },
    });
    expect(wrong.statusCode).not.toBe(200);
    const old = await get(upgraded.app, '/api/series/device/rpm-a1-1/pulse', oldWorld.adminA);
    expect(old.data.series).toHaveLength(1);
  });

  it('answers the latest reading written before the upgrade', async () => {
    const last = readings()
      .filter((r) => r.device === 'rpm-a1-3')
      .at(-1)!;
    const a = await get(upgraded.app, '/api/series/device/rpm-a1-3/pulse', oldWorld.adminA);
    expect(a.data.series[0]).toMatchObject({ deviceId: 'rpm-a1-3', timestamp: last.ts, rpm: last.rpm });
  });

  it('answers the same summary and series as a database this version filled itself', async () => {
    const start = T0 - 3600;
    const end = T0 + 5 * 3600;
    const urls = [
      `/api/summary/aggregated/period/${start}/${end}?devcMassId=${oldWorld.assetA1}&devcType=rpm&showDetails=true`,
      `/api/summary/aggregated/period/${start}/${end}?devcMassId=${oldWorld.assetA1}&aggregatedUnit=DAY&showDetails=true`,
    ];
    for (const url of urls) {
      const a = await get(upgraded.app, url, oldWorld.adminA);
      const b = await get(fresh.app, url, freshWorld.adminA);
      expect(a.data, url).toEqual(b.data);
    }
    for (const url of [
      `/api/series/aggregated/rpm/period/${start}/${end}?aggregatedUnit=HOUR`,
      `/api/series/aggregated/rpm/period/${start}/${end}?aggregatedUnit=DAY&device[]=rpm-a1-1`,
    ]) {
      const a = await get(upgraded.app, url, oldWorld.adminA);
      const b = await get(fresh.app, url, freshWorld.adminA);
      expect(a.data, url).toEqual(b.data);
      expect(JSON.stringify(a.data).length, url).toBeGreaterThan(100);
    }
    // and what the readings hold: an hour of the port engine is the mean of its minutes
    const hourly = await get(
      upgraded.app,
      `/api/series/aggregated/rpm/period/${T0 + 3600}/${T0 + 7200}?aggregatedUnit=HOUR&device[]=rpm-a1-1`,
      oldWorld.adminA,
    );
    const minutes = readings().filter((r) => r.device === 'rpm-a1-1' && r.ts >= T0 + 3600 && r.ts < T0 + 7200);
    const mean = minutes.reduce((a, r) => a + r.rpm, 0) / minutes.length;
    expect(JSON.stringify(hourly.data)).toContain(String(Math.round(mean * 1e7) / 1e7));
  });
});
