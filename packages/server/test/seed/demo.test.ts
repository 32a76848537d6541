import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { OPERATIONS, PERMISSION_KEYS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, seedDemo } from '../../src/db/seed/demo.ts';
import { OPERATOR_READ } from '../../src/modules/access/built-in-roles.ts';
import { visibleAssetIds } from '../../src/modules/access/visibility.ts';
import { loadAccess, type Session } from '../../src/modules/auth/session.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';

/** Demo data (issue 2 §6): what a visitor of `DEMO=1` / `npm run seed` sees and may do. */
describe.each(dialects())('demo data on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const db = () => t.database.db;

  const companyId = async (name: string) =>
    Number(
      (await db().selectFrom('company').select('compId').where('compName', '=', name).executeTakeFirstOrThrow()).compId,
    );

  /** The names of the vessels a user sees with the given active company (the tenant scope helper). */
  const visibleVessels = async (userId: string, activeCompId: number) => {
    const s: Session = {
      tokenHash: 'x',
      userId,
      username: userId,
      activeCompId,
      activeApp: 'fms',
      access: await loadAccess(db(), userId),
    };
    const ids = await visibleAssetIds(db(), s);
    if (!ids.length) return [];
    const rows = await db().selectFrom('asset').select('massName').where('massId', 'in', ids).execute();
    return rows.map((r: { massName: string }) => r.massName).sort();
  };
  const vesselsOf = (company: string) =>
    DEMO_FLEET.filter((v) => v.company === company)
      .map((v) => v.name)
      .sort();

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: (d) => seedDemo(d).then(() => undefined) });
  });
  afterAll(() => t.close());

  it('lets every demo user sign in with the README password, by name and by e-mail', async () => {
    for (const u of DEMO_USERS) {
      for (const username of [u.username, u.userId.toUpperCase()]) {
        const r = await t.call({
          method: 'POST',
          url: '/api/security/authentication/login',
          payload: { username, password: u.password },
          remoteAddress: `10.4.0.${++ip}`,
        });
        expect(r.statusCode).toBe(200);
        expect(r.json.data.userId).toBe(u.userId);
      }
    }
  });

  it('holds every permission key with all four operations, an Administrator and a read-only Operator', async () => {
    const perms = await db().selectFrom('permission').select(['prmsName', 'prmsOperations']).execute();
    expect(perms.map((p: { prmsName: string }) => p.prmsName).sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const p of perms) expect(JSON.parse(p.prmsOperations)).toEqual([...OPERATIONS]);

    const admin = await loadAccess(db(), 'admin@fleet.demo');
    for (const key of PERMISSION_KEYS) expect([...(admin[key] ?? [])].sort()).toEqual([...OPERATIONS].sort());
    const operator = await loadAccess(db(), 'operator@fleet.demo');
    expect(Object.keys(operator).sort()).toEqual([...OPERATOR_READ].sort());
    for (const key of OPERATOR_READ) expect(operator[key]).toEqual(['read']);
    expect(operator.master_company).toBeUndefined();
  });

  it('shows the operator only its company’s vessels', async () => {
    const samudra = await companyId('PT Samudra Tirta Marine');
    const borneo = await companyId('PT Borneo Tug & Barge');
    const celebes = await companyId('PT Celebes Bahari Lines');
    expect(await visibleVessels('operator@fleet.demo', samudra)).toEqual(vesselsOf('samudra'));
    expect(vesselsOf('samudra').length).toBeGreaterThanOrEqual(3);
    expect(await visibleVessels('operator@fleet.demo', borneo)).toEqual([]);
    expect(await visibleVessels('operator@fleet.demo', celebes)).toEqual([]);
    // the administrator of the demo group sees each of its two companies' vessels
    expect(await visibleVessels('admin@fleet.demo', borneo)).toEqual(vesselsOf('borneo'));
    expect(await visibleVessels('admin@fleet.demo', celebes)).toEqual([]);
  });

  it('shows other only the second group', async () => {
    const celebes = await companyId('PT Celebes Bahari Lines');
    expect(await visibleVessels('other@fleet.demo', celebes)).toEqual(vesselsOf('celebes'));
    expect(vesselsOf('celebes').length).toBeGreaterThanOrEqual(1);
    for (const name of ['PT Samudra Tirta Marine', 'PT Borneo Tug & Barge']) {
      expect(await visibleVessels('other@fleet.demo', await companyId(name))).toEqual([]);
    }
    const login = await t.call({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: 'other', password: 'Other#2026' },
      remoteAddress: '10.4.1.1',
    });
    const token = login.json.data.token;
    const status = await t.call({ method: 'GET', url: '/api/security/authentication/status', token });
    expect(status.json.data.groups.map((g: { grcpName: string }) => g.grcpName)).toEqual(['Celebes Shipping Group']);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/security/authentication/setcompany/${await companyId('PT Samudra Tirta Marine')}`,
      token,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('gives admin the demo group with two companies', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: 'admin', password: 'Admin#2026' },
      remoteAddress: '10.4.1.2',
    });
    const status = await t.call({
      method: 'GET',
      url: '/api/security/authentication/status',
      token: login.json.data.token,
    });
    expect(status.json.data.groups).toHaveLength(1);
    expect(status.json.data.groups[0].grcpName).toBe('Demo Maritime Group');
    expect(status.json.data.groups[0].companies).toHaveLength(2);
    expect(status.json.data.activeCompany.compName).toBe('PT Samudra Tirta Marine');
  });

  it('covers every vessel variant with devices named by the conventions', async () => {
    const devices: { devcUniqueId: string; devcType: string; devcLabel: string | null; massName: string }[] = await db()
      .selectFrom('device')
      .innerJoin('asset', 'asset.massId', 'device.devcMassId')
      .select(['device.devcUniqueId', 'device.devcType', 'device.devcLabel', 'asset.massName'])
      .execute();
    const assets = await db().selectFrom('asset').select(['massName', 'massMaintenance']).execute();
    expect(assets.length).toBeGreaterThanOrEqual(5);
    const labels = (name: string, type: string) =>
      devices
        .filter((d) => d.massName === name && d.devcType === type)
        .map((d) => d.devcLabel)
        .sort();

    for (const { massName } of assets) {
      const gateways = devices.filter((d) => d.massName === massName && d.devcType === 'gateway');
      expect(gateways).toHaveLength(1);
      expect(gateways[0].devcUniqueId).toMatch(/^gateway-/);
      for (const type of ['gps', 'rpm', 'ae', 'temperature', 'power', 'tank']) {
        expect(labels(massName, type).length, `${massName} ${type}`).toBeGreaterThan(0);
      }
      expect(labels(massName, 'ae').length).toBeLessThanOrEqual(3);
    }
    const flow = (name: string) => labels(name, 'flowmeter').join(',');
    const byFlow = assets.map((a: { massName: string }) => flow(a.massName));
    expect(byFlow).toContain('AE_IN,AE_OUT,PORT_IN,PORT_OUT,STARBOARD_IN,STARBOARD_OUT');
    expect(byFlow).toContain('PORT_IN,PORT_OUT,STARBOARD_IN,STARBOARD_OUT');
    expect(byFlow).toContain('');
    expect(devices.filter((d) => d.devcLabel === 'BUNKER_IN')).toHaveLength(1);
    expect(assets.filter((a: { massMaintenance: number }) => Number(a.massMaintenance) === 1)).toHaveLength(1);

    for (const d of devices.filter((d) => d.devcType === 'flowmeter')) {
      if (d.devcLabel?.startsWith('PORT_')) expect(d.devcUniqueId).toMatch(/-1$/);
      if (d.devcLabel?.startsWith('STARBOARD_')) expect(d.devcUniqueId).toMatch(/-3$/);
    }
    // the catalogue the simulator reads is what was written
    expect(devices.map((d) => d.devcUniqueId).sort()).toEqual(
      DEMO_FLEET.flatMap((v) => v.devices.map((d) => d.uniqueId)).sort(),
    );
  });

  it('configures the engines: single engine flag, RPM thresholds and AE rates', async () => {
    const rpm = await db()
      .selectFrom('config_rpm')
      .innerJoin('device', 'device.devcId', 'config_rpm.mcrpDevcId')
      .select([
        'device.devcUniqueId',
        'config_rpm.mcrpType',
        'config_rpm.mcrpMinValue',
        'config_rpm.mcrpIsSingleEngine',
      ])
      .execute();
    expect(rpm.length).toBe(DEMO_FLEET.reduce((n, v) => n + v.variant.engines, 0));
    expect(rpm.filter((r: { mcrpIsSingleEngine: number }) => Number(r.mcrpIsSingleEngine) === 1)).toHaveLength(1);
    expect(new Set(rpm.map((r: { mcrpMinValue: number }) => Number(r.mcrpMinValue)))).toEqual(new Set([400, 300]));
    const ae = await db().selectFrom('config_ae').select('mcaeConsumptRateByTime').execute();
    expect(new Set(ae.map((r: { mcaeConsumptRateByTime: number }) => Number(r.mcaeConsumptRateByTime)))).toEqual(
      new Set([5, 3.6, 6]),
    );
    const tanks = await db().selectFrom('config_tank').select(['mcotTahdId', 'mcotMscaId']).execute();
    expect(tanks.length).toBe(DEMO_FLEET.reduce((n, v) => n + v.tanks.length, 0));
  });

  it('fills the master lists, with sounding tables that rise with the height', async () => {
    const names = async (table: string, col: string) =>
      (await db().selectFrom(table).select(col).execute()).map((r: Record<string, string>) => r[col]);
    expect((await names('fuel_type', 'mftyName')).some((n) => n.includes('HSD'))).toBe(true);
    expect(await names('asset_type', 'matyName')).toEqual(
      expect.arrayContaining(['Tug Boat', 'Oil Tanker', 'Supply Boat', 'Barge']),
    );
    expect(await names('bunker_location', 'mbloName')).toEqual(
      expect.arrayContaining(['Tanjung Priok, Jakarta', 'Tanjung Perak, Surabaya', 'Merak, Banten']),
    );
    expect((await names('sensor_category', 'mscaName')).length).toBeGreaterThan(0);

    const headers = await db().selectFrom('tank_header').select(['tahdId', 'tahdCompId']).execute();
    expect(headers.length).toBeGreaterThan(0);
    for (const h of headers) {
      expect(h.tahdCompId).not.toBeNull();
      const rows = await db()
        .selectFrom('tank_detail')
        .select(['tadtHeight', 'tadtVolume', 'tadtWeight'])
        .where('tadtTahdId', '=', h.tahdId)
        .orderBy('tadtHeight')
        .execute();
      expect(rows.length).toBeGreaterThan(10);
      for (let i = 1; i < rows.length; i++) {
        expect(Number(rows[i].tadtVolume)).toBeGreaterThan(Number(rows[i - 1].tadtVolume));
        expect(Number(rows[i].tadtWeight)).toBeLessThan(Number(rows[i].tadtVolume));
      }
    }
  });

  it('refuses to seed a database that already holds data', async () => {
    await expect(seedDemo(t.database)).rejects.toThrow(/already holds data/);
    const users = await db().selectFrom('user').select('userId').execute();
    expect(users).toHaveLength(DEMO_USERS.length);
  });
});

/** Demo events (issue 17): the seeded master events and configurations open events from crossing readings. */
describe.each(dialects())('demo events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: (d) => seedDemo(d).then(() => undefined) });
  });
  afterAll(() => t.close());

  it("lists each demo event configuration under its gateway's unique id (the Event Configuration screen's filter)", async () => {
    const rows = await t.database.db
      .selectFrom('config_event')
      .innerJoin('device', 'device.devcId', 'config_event.mcevDevcId')
      .select(['config_event.mcevAssetId', 'device.devcUniqueId'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.mcevAssetId).toBe(r.devcUniqueId);
  });

  it('opens Exhaust Temperature High (held 120 s above 400 °C) and AC Power Lost on ot01, and not below them', async () => {
    const db = t.database.db;
    const gateway = await db
      .selectFrom('device')
      .select('devcId')
      .where('devcUniqueId', '=', 'gateway-ot01')
      .executeTakeFirstOrThrow();
    const key = await issueDeviceKey(db, Number(gateway.devcId), 'test');
    const t0 = Math.floor(Date.now() / 1000) - 400;
    const exh = 'temp-ot01-exh-1';
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: {
        readings: [
          { device: exh, ts: t0, data: { temperature: 395 } },
          { device: exh, ts: t0 + 60, data: { temperature: 405 } },
          { device: exh, ts: t0 + 120, data: { temperature: 410 } },
          // 119 s above: not yet
          { device: exh, ts: t0 + 179, data: { temperature: 402 } },
          { device: 'power-ot01', ts: t0 + 179, data: { onAc: 0 } },
        ],
      },
    });
    expect(r.statusCode).toBe(200);
    const rows = () =>
      db
        .selectFrom('event_log')
        .innerJoin('master_event', 'mevtId', 'evntMevtId')
        .select(['mevtType', 'evntIsPriority', 'evntDeviceId'])
        .where('evntDeviceId', '=', 'gateway-ot01')
        .execute();
    expect(await rows()).toEqual([]);
    await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: {
        readings: [
          { device: exh, ts: t0 + 181, data: { temperature: 404 } },
          { device: 'power-ot01', ts: t0 + 210, data: { onAc: 0 } },
        ],
      },
    });
    const got = (await rows()).map((x: any) => [x.mevtType, Number(x.evntIsPriority)]).sort();
    expect(got).toEqual([
      ['AC Power Lost', 0],
      ['Exhaust Temperature High', 1],
    ]);
  });
});
