import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationText } from '../../src/modules/geo/gazetteer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';

// docs/domain.md "Location text". Tanjung Priok port in the sea-ports list: (-6.1320555, 106.8714848).
describe('offline gazetteer (docs/domain.md "Location text")', () => {
  it('names a port within 30 NM with distance and the compass point from the port', () => {
    // haversine (-6.1320555, 106.8714848) → (-6.0, 106.88) = 7.945 NM, bearing 3.7° → N (hand-computed)
    expect(locationText(-6.0, 106.88)).toBe('7.9 NM N of Tanjung Priok port');
  });
  it('says "At <port> port" within 1 NM', () => {
    expect(locationText(-1.27, 116.83)).toBe('At Balikpapan port');
  });
  it('names the nearest town with region and country when no port is within 30 NM', () => {
    expect(locationText(-5.5, 107.5)).toMatch(/^\d+\.\d NM [NESW]{1,2} of [^,]+, West Java, ID$/);
  });
  it('says open sea far from any place', () => {
    expect(locationText(-3, 90)).toMatch(/^Open sea, \d+\.\d NM from /);
  });
  it('says the same in Bahasa Indonesia: decimal comma, Indonesian compass points', () => {
    expect(locationText(-6.0, 106.88, 'id')).toBe('7,9 NM arah U dari pelabuhan Tanjung Priok');
    expect(locationText(-1.27, 116.83, 'id')).toBe('Di pelabuhan Balikpapan');
    expect(locationText(-5.5, 107.5, 'id')).toMatch(/^\d+,\d NM arah (U|TL|T|TG|S|BD|B|BL) dari [^,]+, West Java, ID$/);
    expect(locationText(-3, 90, 'id')).toMatch(/^Laut lepas, \d+,\d NM dari /);
  });
  it('gives no text for an impossible position', () => {
    expect(locationText(Number.NaN, 1)).toBe('');
    expect(locationText(91, 1)).toBe('');
  });
});

describe.each(dialects())('geo routes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // the MAP_* variables, read by config.ts
    t = await createTestApp(dialect, {
      env: { MAP_ROAD_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_ROAD_ATTRIBUTION: '© Example' },
    });
    token = (await twoTenants(t.database.db, ['master_asset'])).adminA;
  });
  afterAll(() => t.close());

  it('needs a signed-in user', async () => {
    for (const url of ['/api/geo/base-layers', '/api/geo/ports']) {
      const r = await t.call({ method: 'GET', url });
      expect(r.statusCode).toBe(401);
    }
  });
  it('lists only the configured base layers', async () => {
    const r = await t.call({ method: 'GET', url: '/api/geo/base-layers', token });
    expect(r.json.data).toEqual([
      {
        id: 'road',
        name: 'Road map',
        kind: 'tile',
        url: 'https://tiles.example/{z}/{x}/{y}.png',
        attribution: '© Example',
      },
    ]);
  });
  it('lists ports with positions', async () => {
    const r = await t.call({ method: 'GET', url: '/api/geo/ports', token });
    expect(r.json.data.find((p: any) => p.name === 'Tanjung Priok')).toEqual({
      name: 'Tanjung Priok',
      lat: -6.1320555,
      lng: 106.8714848,
    });
  });
  it('answers location texts in order, and 400 for bad positions', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/geo/locations',
      token,
      payload: {
        points: [
          { lat: -6.0, lng: 106.88 },
          { lat: -1.27, lng: 116.83 },
        ],
      },
    });
    expect(r.json.data).toEqual(['7.9 NM N of Tanjung Priok port', 'At Balikpapan port']);
    // in the language the client asks for
    const id = await t.call({
      method: 'POST',
      url: '/api/geo/locations',
      token,
      headers: { 'accept-language': 'id' },
      payload: { points: [{ lat: -6.0, lng: 106.88 }] },
    });
    expect(id.json.data).toEqual(['7,9 NM arah U dari pelabuhan Tanjung Priok']);
    const bad = await t.call({
      method: 'POST',
      url: '/api/geo/locations',
      token,
      payload: { points: [{ lat: 95, lng: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.call({ method: 'POST', url: '/api/geo/locations', token, payload: {} });
    expect(none.statusCode).toBe(400);
  });
});

describe.each(dialects())('weather routes on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEATHER_API_KEY: 'windy-test-key' } });
    w = await twoTenants(t.database.db, ['weather']);
  });
  afterAll(() => t.close());

  it('gives the key only to users with the weather permission', async () => {
    expect((await t.call({ method: 'GET', url: '/api/weather/config' })).statusCode).toBe(401);
    const r = await t.call({ method: 'GET', url: '/api/weather/config', token: w.readerA });
    expect(r.json.data).toMatchObject({ configured: true, key: 'windy-test-key' });
    expect(r.json.data.scriptUrl).toMatch(/libBoot\.js$/);
  });
  it('serves the isolated frame page without a session and without the key in it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/weather/frame' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('windyInit');
    expect(r.body).not.toContain('windy-test-key');
  });
});
