import type { APIRequestContext, Page } from '@playwright/test';
import { fetchRetrying } from './admin/helpers.ts';
import { expect } from './fixtures.ts';

/** Helpers of the fleet map, voyage report and weather specs (issue 13). */

export const now = () => Math.floor(Date.now() / 1000);

export async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const res = await fetchRetrying(request, `/api${path}`, { method, headers: { authentication: token }, data });
  const json = await res.json();
  expect(json.status.error, `${method} ${path}: ${JSON.stringify(json.status)}`).toBe(0);
  return json.data;
}

export async function ingest(page: Page, key: string, device: string, ts: number, data: Record<string, number>) {
  const res = await fetchRetrying(page.request, '/api/ingest', {
    method: 'POST',
    headers: { 'x-device-key': key },
    data: { readings: [{ device, ts, data }] },
  });
  const json = await res.json();
  expect(json.data.accepted).toBe(1);
}

/** The vessel's pixel on the map (Leaflet's own projection). */
export async function pixelOf(page: Page, lat: number, lng: number) {
  const map = page.locator('.leaflet-container').first();
  const box = (await map.boundingBox())!;
  const pt = await map.evaluate(
    (el, ll) => {
      const p = (el as any).leafletMap.latLngToContainerPoint(ll);
      return { x: p.x, y: p.y };
    },
    [lat, lng],
  );
  return { x: box.x + pt.x, y: box.y + pt.y };
}

/**
 * Sets the map's view and waits until it stays there: on a fresh server the first fit to the fleet can still come
 * after the page looks ready, and clicks meant for a point would then land elsewhere.
 */
export async function setView(page: Page, center: [number, number], zoom: number) {
  const map = page.locator('.leaflet-container').first();
  await expect
    .poll(
      () =>
        map.evaluate(
          (el, [c, z]) => {
            const m = (el as any).leafletMap;
            const at = m.getCenter();
            const there = m.getZoom() === z && Math.abs(at.lat - c[0]) < 1e-6 && Math.abs(at.lng - c[1]) < 1e-6;
            if (!there) m.setView(c, z, { animate: false });
            return there;
          },
          [center, zoom] as const,
        ),
      { intervals: [300, 300, 500, 1000] },
    )
    .toBe(true);
}

/**
 * A vessel of its own for one spec: a new asset of the active company with a GPS device and an ingest key. The
 * specs share one server, and other specs post readings to the demo vessels, so numbers checked here (24 h
 * cruise, first and last position) come only from this spec's readings. Named to sort after the demo vessels.
 */
export async function freshVessel(page: Page, name: string) {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const tag = Date.now().toString(36);
  const asset = await api(page.request, token, 'POST', '/master/asset', { massName: `${name} ${tag}` });
  const gps = await api(page.request, token, 'POST', '/master/device', {
    devcName: `${name} GPS`,
    devcType: 'gps',
    devcLabel: 'GPS',
    devcStatus: '1',
    devcUniqueId: `gps-e2e-${tag}`,
    devcMassId: asset.massId,
  });
  const key = (await api(page.request, token, 'POST', `/master/device/${gps.devcId}/keys`, { label: 'e2e' })).key;
  return { token, asset, gps, key: key as string };
}
