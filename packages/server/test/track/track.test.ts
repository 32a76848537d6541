import { bucketStart } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { loadVesselPlan } from '../../src/modules/summary/summary-vessel.ts';
import { readTrack } from '../../src/modules/track/track.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn, twoTenants } from '../helpers/fixtures.ts';
import { send, vessel } from '../summary/summary-world.ts';

/**
 * docs/domain.md §40: the track of a vessel for the replay and its GPX/KML files — fixes only, oldest first, thinned
 * to the first fix of each slot, speed in knots, ME rpm and fuel rate at each fix; scope, permission and bad input.
 */
describe.each(dialects())('track replay and files on %s', (dialect) => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof twoTenants>>;
  let massId: number;
  let plain: number;
  let noVoyages: string;
  /** 10:00 UTC two days ago (a whole hour, so the example's clock times read as written) */
  let T: number;
  const url = (id: number, a: number, b: number, tail = '') => `/api/track/${id}/period/${a}/${b}${tail}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tenants = await twoTenants(t.database.db, ['voyages']);
    T = bucketStart(nowSeconds() - 2 * 86400, 86400, 0) + 10 * 3600;
    // the §40 example's vessel; its name needs escaping in XML and in the file name
    const v = await vessel(t, tenants.compA1, 'Tug "A&B" <1>');
    massId = v.massId;
    await v.add('t-gps', 'gps', null);
    await v.add('t-rpm-p', 'rpm', 'PORT');
    await v.add('t-rpm-s', 'rpm', 'STARBOARD');
    await v.add('t-pin', 'flowmeter', 'PORT_IN');
    await v.add('t-pout', 'flowmeter', 'PORT_OUT');
    await v.add('t-sin', 'flowmeter', 'STARBOARD_IN');
    const fix = (ts: number, lat: number, lng: number, extra: Record<string, number> = {}) => ({
      device: 't-gps',
      ts,
      data: { latitude: lat, longitude: lng, ...extra },
    });
    await send(t, v.key, [
      // fixes every 60 s from T − 60: the fix at T is the example's 10:00:00
      fix(T - 60, -6.1, 106.8, { speed: 0 }),
      fix(T, -6.2, 106.9, { speed: 18.52, track: 45 }),
      // a reading without a position is not a fix (§5)
      { device: 't-gps', ts: T + 30, data: { speed: 20 } },
      ...Array.from({ length: 8 }, (_, i) => fix(T + 60 * (i + 1), -6.2 - 0.01 * (i + 1), 106.9)),
      { device: 't-rpm-p', ts: T - 30, data: { rpm: 1200 } },
      { device: 't-rpm-p', ts: T + 20, data: { rpm: 1250 } },
      { device: 't-rpm-s', ts: T - 120, data: { rpm: 900 } },
      { device: 't-pin', ts: T - 20, data: { volumeFlowrate: 180 } },
      { device: 't-pout', ts: T - 20, data: { volumeFlowrate: 60 } },
      { device: 't-sin', ts: T - 10, data: { volumeFlowrate: 170 } },
    ]);
    // a vessel with a GPS and nothing else: no engine values
    const p = await vessel(t, tenants.compA1, 'Plain');
    plain = p.massId;
    await p.add('p-gps', 'gps', null);
    await send(t, p.key, [{ device: 'p-gps', ts: T, data: { latitude: 1, longitude: 2, speed: 3.704 } }]);
    const role = await createRole(t.database.db, 'Assets only', { master_asset: ['read'] });
    await createUser(t.database.db, {
      userId: 'assets@a.test',
      username: 'assetsa',
      roleIds: [role],
      companies: [{ compId: tenants.compA1 }],
    });
    noVoyages = await signIn(t.database.db, 'assets@a.test', tenants.compA1);
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the fixes oldest first with knots and the §40 engine values at each', async () => {
    const r = await t.call({ method: 'GET', url: url(massId, T - 60, T + 60), token: tenants.readerA });
    expect(r.statusCode).toBe(200);
    const d = r.json.data;
    expect(d.thinned).toBe(false);
    expect(d.points.map((p: { ts: number }) => p.ts)).toEqual([T - 60, T]);
    const at10 = d.points[1];
    // 18.52 km/h × 0.539957 = 9.99999 kn
    expect(at10.speedKn).toBeCloseTo(10, 4);
    expect(at10.headingDeg).toBe(45);
    // PORT: 09:59:30 (1 200), not 10:00:20; STARBOARD's 09:58:00 is 120 s old: unknown
    expect(at10.rpmPort).toBe(1200);
    expect(at10.rpmStarboard).toBeNull();
    // (180 − 60) + 170, STARBOARD without a return meter
    expect(at10.meFuelLh).toBe(290);
    // at 09:59:00 no meter has a sample yet: no rate; nothing of the rpm devices within 60 s
    expect(d.points[0]).toMatchObject({ speedKn: 0, headingDeg: null, rpmPort: null, meFuelLh: null });
    // 10:01:00: PORT's 10:00:20 (40 s), the meters' samples are 80 and 70 s old
    const r2 = await t.call({ method: 'GET', url: url(massId, T + 60, T + 61), token: tenants.readerA });
    expect(r2.json.data.points).toEqual([
      {
        ts: T + 60,
        lat: -6.21,
        lng: 106.9,
        speedKn: null,
        headingDeg: null,
        rpmPort: 1250,
        rpmStarboard: null,
        meFuelLh: null,
      },
    ]);
  });

  it('thins to the first fix of each slot of ⌈period / limit⌉ seconds', async () => {
    const plan = (await loadVesselPlan(t.database.db, massId))!;
    // 9 fixes T, T+60 … T+480 in [T, T+600); limit 4: w = 150, slots 0 (0,60,120), 1 (180,240), 2 (300..420), 3 (480)
    const thin = await readTrack(t.database, plan, T, T + 600, 4);
    expect(thin.thinned).toBe(true);
    expect(thin.points.map((p) => p.ts - T)).toEqual([0, 180, 300, 480]);
    // limit 8: w = 75, slots 0 (0,60), 1 (120), 2 (180), 3 (240), 4 (300,360), 5 (420), 6 (480): 7 points ≤ 8
    const eight = await readTrack(t.database, plan, T, T + 600, 8);
    expect(eight.points.map((p) => p.ts - T)).toEqual([0, 120, 180, 240, 300, 420, 480]);
    const whole = await readTrack(t.database, plan, T, T + 600, 9);
    expect(whole.thinned).toBe(false);
    expect(whole.points).toHaveLength(9);
  });

  it('a vessel without engine devices has positions and speed only', async () => {
    const r = await t.call({ method: 'GET', url: url(plain, T - 60, T + 60), token: tenants.adminA });
    expect(r.json.data.points).toEqual([
      {
        ts: T,
        lat: 1,
        lng: 2,
        speedKn: 3.704 * 0.539957,
        headingDeg: null,
        rpmPort: null,
        rpmStarboard: null,
        meFuelLh: null,
      },
    ]);
  });

  it('writes GPX 1.1 with escaped names, UTC ISO times and the file named by vessel and days', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: url(massId, T - 60, T + 60, '/gpx'),
      headers: { authentication: tenants.readerA },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    const iso = (ts: number) => new Date(ts * 1000).toISOString().replace('.000Z', 'Z');
    const day = iso(T).slice(0, 10);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Tug _A&B_ <1> ${day}_${day}.gpx"; filename*=UTF-8''${encodeURIComponent(`Tug "A&B" <1> ${day}_${day}.gpx`)}`,
    );
    expect(r.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Fleet Monitoring" xmlns="http://www.topografix.com/GPX/1/1">',
        `  <metadata><name>Tug &quot;A&amp;B&quot; &lt;1&gt; ${iso(T - 60)} – ${iso(T + 60)}</name></metadata>`,
        '  <trk>',
        '    <name>Tug &quot;A&amp;B&quot; &lt;1&gt;</name>',
        '    <trkseg>',
        `      <trkpt lat="-6.1" lon="106.8"><time>${iso(T - 60)}</time></trkpt>`,
        `      <trkpt lat="-6.2" lon="106.9"><time>${iso(T)}</time></trkpt>`,
        '    </trkseg>',
        '  </trk>',
        '</gpx>',
        '',
      ].join('\n'),
    );
  });

  it('writes KML 2.2: the line as lng,lat, its time span and the start and end points', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: url(massId, T - 60, T + 60, '/kml'),
      headers: { authentication: tenants.readerA },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    const iso = (ts: number) => new Date(ts * 1000).toISOString().replace('.000Z', 'Z');
    const name = 'Tug &quot;A&amp;B&quot; &lt;1&gt;';
    expect(r.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<kml xmlns="http://www.opengis.net/kml/2.2">',
        '  <Document>',
        `    <name>${name} ${iso(T - 60)} – ${iso(T + 60)}</name>`,
        '    <Placemark>',
        `      <name>${name}</name>`,
        `      <TimeSpan><begin>${iso(T - 60)}</begin><end>${iso(T)}</end></TimeSpan>`,
        '      <LineString>',
        '        <tessellate>1</tessellate>',
        '        <coordinates>106.8,-6.1 106.9,-6.2</coordinates>',
        '      </LineString>',
        '    </Placemark>',
        `    <Placemark><name>${name} start</name><TimeStamp><when>${iso(T - 60)}</when></TimeStamp><Point><coordinates>106.8,-6.1</coordinates></Point></Placemark>`,
        `    <Placemark><name>${name} end</name><TimeStamp><when>${iso(T)}</when></TimeStamp><Point><coordinates>106.9,-6.2</coordinates></Point></Placemark>`,
        '  </Document>',
        '</kml>',
        '',
      ].join('\n'),
    );
    // one fix: no line (a LineString needs two positions), the start point alone
    const one = await t.app.inject({
      method: 'GET',
      url: url(plain, T - 60, T + 60, '/kml'),
      headers: { authentication: tenants.readerA },
    });
    expect(one.body).not.toContain('LineString');
    expect(one.body.match(/<Placemark>/g)).toHaveLength(1);
  });

  it("another tenant's vessel is not found, without voyages read 403, in the list and the files alike", async () => {
    for (const tail of ['', '/gpx', '/kml']) {
      const other = await t.call({ method: 'GET', url: url(massId, T - 60, T + 60, tail), token: tenants.adminB });
      expect(other.statusCode).toBe(404);
      const denied = await t.call({ method: 'GET', url: url(massId, T - 60, T + 60, tail), token: noVoyages });
      expect(denied.statusCode).toBe(403);
      const anonymous = await t.call({ method: 'GET', url: url(massId, T - 60, T + 60, tail) });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('refuses bad input with 4xx and a message', async () => {
    const bad = [
      ['abc', T, T + 60],
      ['-1', T, T + 60],
      [String(massId), 'yesterday', T + 60],
      [String(massId), T + 60, T],
    ] as const;
    for (const [id, a, b] of bad) {
      const r = await t.call({ method: 'GET', url: `/api/track/${id}/period/${a}/${b}`, token: tenants.readerA });
      expect(r.statusCode, `${id} ${a} ${b}`).toBe(400);
      expect(r.json.status.message).toMatch(/assetId|start|end|period|date|time/i);
    }
    const missing = await t.call({ method: 'GET', url: url(999999, T, T + 60), token: tenants.readerA });
    expect(missing.statusCode).toBe(404);
  });
});
