import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { VesselSimulator } from '@fleet/simulator';
import { TrackerClient } from '@fleet/simulator/teltonika.ts';
import { trackerRecordAt } from '@fleet/simulator/teltonika-demo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/modules/telemetry/sql.ts';
import { trackerHub } from '../../src/modules/tracker/tracker.routes.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';

/**
 * The simulator's tracker (its own codec 8E encoder) against the server: a day of a demo vessel's voyage in frames
 * of 50 records, each acknowledged after it is stored; the pulse and the aggregated trail of spec 002 §7.4 read it
 * back; a codec 12 command from the API is answered by the tracker.
 */
describe.each(dialects())('a simulated tracker on a demo sea lane (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  let world: Awaited<ReturnType<typeof twoTenants>>;
  let devcId: number;
  const imei = '356307042441101';
  const vessel = DEMO_FLEET.find((v) => v.code === 'tb01')!;
  const end = Math.floor(Date.now() / 1000 / 900) * 900;
  const start = end - 6 * 3600;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: async (d) => {
        world = await twoTenants(d.db, ['teltonika_map', 'master_device', 'master_asset']);
        devcId = await createDevice(d.db, world.assetA1, imei, 'tracker');
      },
    });
    port = (await trackerHub(t.app).listen(0, '127.0.0.1')).tcp;
  });
  afterAll(async () => t?.close());

  it('stores every acknowledged record and serves them as pulse and trail', async () => {
    const sim = new VesselSimulator('demo', vessel, start - 3600);
    const records = [];
    for (let ts = start; ts < end; ts += 60) records.push(trackerRecordAt(sim, ts));
    const client = new TrackerClient({ host: '127.0.0.1', port, imei });
    await client.open();
    for (let i = 0; i < records.length; i += 50) {
      const batch = records.slice(i, i + 50);
      expect(await client.send(batch)).toBe(batch.length);
    }
    client.close();

    const [n] = await query(t.database, 'select count(*) as n from telemetry_tracker where device_id = ?', [devcId]);
    expect(Number(n.n)).toBe(records.length);
    const last = records[records.length - 1];
    const pulse = await t.call({
      method: 'GET',
      url: `/api/series/teltonika/gps/pulse?device[]=${devcId}&timezone=7`,
      token: world.readerA,
    });
    expect(pulse.statusCode).toBe(200);
    expect(pulse.json.data.series).toHaveLength(1);
    expect(pulse.json.data.series[0]).toMatchObject({
      timestamp: last.timestamp / 1000,
      latitude: last.latitude,
      longitude: last.longitude,
      angle: last.angle,
      speed: last.speed,
      satellites: last.satellites,
    });
    const trail = await t.call({
      method: 'GET',
      url: `/api/series/aggregated/teltonika/gps/period/${start}/${end}?device[]=${devcId}&aggregatedUnit=MINUTE&aggregatedLength=15&timezone=7`,
      token: world.readerA,
    });
    expect(trail.statusCode).toBe(200);
    // 6 hours in 15-minute buckets
    expect(trail.json.data.series.length).toBe(24);
    // the same pulse asked by IMEI (15 digits: a unique id, never read as a devc_id — PostgreSQL refused it as an
    // integer out of range, a 500)
    const byImei = await t.call({
      method: 'GET',
      url: `/api/series/teltonika/gps/pulse?device[]=${imei}&timezone=7`,
      token: world.readerA,
    });
    expect(byImei.statusCode).toBe(200);
    expect(byImei.json.data.series).toHaveLength(1);
    const other = await t.call({
      method: 'GET',
      url: `/api/series/teltonika/gps/pulse?device[]=${devcId}&timezone=7`,
      token: world.adminB,
    });
    expect(other.json.data.series).toHaveLength(0);
  });

  it('answers a getver command sent from the API', async () => {
    const client = new TrackerClient({ host: '127.0.0.1', port, imei });
    await client.open();
    const res = await t.call({
      method: 'POST',
      url: '/api/tracker/command',
      token: world.adminA,
      payload: { device: devcId, command: 'getver' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.response).toBe(`Ver:03.28.07_00 GPS:AXN_5.1.9 Hw:FMB920 Mod:12 IMEI:${imei}`);
    client.close();
  });
});
