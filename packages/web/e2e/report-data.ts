import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import type { SessionStatus } from '@fleet/shared/answers/session.ts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { fetchRetrying } from './admin/helpers.ts';
import { signIn, USERS } from './fixtures.ts';

/** Helpers of the report specs: sign in over the API, give demo vessels a few hours of readings, read the API. */

/** The demo companies: the single-engine and no-flow-meter vessels are in Borneo. */
export const SAMUDRA = 'PT Samudra Tirta Marine';
export const BORNEO = 'PT Borneo Tug & Barge';

/** An admin token whose active company is `company` (assets are scoped to the active company). */
export async function apiToken(request: APIRequestContext, company = SAMUDRA): Promise<string> {
  const r = await fetchRetrying(request, '/api/security/authentication/login', {
    method: 'POST',
    data: { username: USERS.admin.name, password: USERS.admin.password },
  });
  expect(r.ok()).toBe(true);
  const token = (await r.json()).data.token as string;
  const status = await apiGet<SessionStatus>(request, token, '/security/authentication/status');
  const comp = status.companies.find((c) => c.compName === company);
  if (!comp) throw new Error(`admin is not in ${company}`);
  await apiGet(request, token, `/security/authentication/setcompany/${comp.compId}`);
  return token;
}

/** Signs in as admin and enters the FMS app with `company` active. */
export async function enterAs(page: Page, company = SAMUDRA) {
  await signIn(page, USERS.admin.name, USERS.admin.password);
  await page.getByRole('radio', { name: company }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/preference\/active-app$/);
  await page.locator('[data-app=fms]').click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const r = await request.get(`/api${path}`, { headers: { Authentication: token } });
  const body = await r.json();
  expect(r.status(), JSON.stringify(body.status)).toBe(200);
  return body.data as T;
}

export async function demoAssets(request: APIRequestContext, token: string): Promise<AssetRow[]> {
  return apiGet<AssetRow[]>(request, token, '/master/asset?max=1000');
}

export const byName = (assets: AssetRow[], prefix: string) => {
  const a = assets.find((x) => x.massName.startsWith(prefix));
  if (!a) throw new Error(`no demo asset ${prefix}`);
  return a;
};

const MIN = 60;

/**
 * `minutes` of 1-minute readings ending now for every device of the asset, posted with its gateway's key:
 * GPS moving east at 10 kn, engines at 900 rpm, AE1 running, supply meters 2 L/min and return meters 0.5 L/min.
 */
export async function ingestHours(request: APIRequestContext, token: string, asset: AssetRow, minutes: number) {
  const gateway = asset.massDevice.find((d) => d.devcType === 'gateway');
  if (!gateway) throw new Error(`${asset.massName} has no gateway`);
  const k = await request.post(`/api/master/device/${gateway.devcId}/keys`, {
    headers: { Authentication: token },
    data: { label: `e2e-${Date.now()}` },
  });
  expect(k.ok()).toBe(true);
  const key = (await k.json()).data.key as string;
  const now = Math.floor(Date.now() / 1000 / MIN) * MIN - MIN;
  const readings: { device: string; ts: number; data: Record<string, number> }[] = [];
  for (let i = 0; i < minutes; i++) {
    const ts = now - (minutes - 1 - i) * MIN;
    for (const d of asset.massDevice) {
      let data: Record<string, number> | null = null;
      const label = d.devcLabel ?? '';
      if (d.devcType === 'gps') data = { latitude: -6.1, longitude: 106.8 + i * 0.003, speed: 18.52, track: 90 };
      else if (d.devcType === 'rpm') data = { rpm: 900 };
      else if (d.devcType === 'ae') data = { rpm: label === 'AE1' ? 1500 : 0 };
      else if (d.devcType === 'temperature') data = { temperature: label === 'EXHAUST_TEMPERATURE' ? 350 : 40 };
      else if (d.devcType === 'flowmeter' && /_(IN|OUT)$/.test(label) && !label.startsWith('BUNKER')) {
        const out = label.endsWith('_OUT');
        const perMin = out ? 0.5 : 2;
        data = {
          volumeInventory: 10_000 + i * perMin,
          volumeFlowrate: perMin * 60,
          density: 850,
          temperature: 40,
        };
      }
      if (data) readings.push({ device: d.devcUniqueId, ts, data });
    }
  }
  for (let i = 0; i < readings.length; i += 5000) {
    const r = await fetchRetrying(request, '/api/ingest', {
      method: 'POST',
      headers: { 'X-Device-Key': key },
      data: { readings: readings.slice(i, i + 5000) },
    });
    expect(r.ok()).toBe(true);
    expect((await r.json()).data.rejected).toBe(0);
  }
}

/** The filter of a view as URL parameters: the last `hours` hours (custom range), interval, asset. */
export function viewQuery(massId: number, hours: number, interval: 'minute' | 'hour' = 'hour') {
  const end = Math.floor(Date.now() / 1000) + 3600;
  const start = end - (hours + 1) * 3600;
  return { start, end, qs: `start=${start}&end=${end}&interval=${interval}&rangeType=custom&massId=${massId}` };
}

/** Spec 002 §5/§9: how the screens print a number (2 decimals, en-US grouping). */
export const num = (v: number | null | undefined, d = 2) =>
  v == null ? '-' : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

/** The browser's (and this process's) offset from UTC, as the web app sends it. */
export const tz = () => -new Date().getTimezoneOffset() / 60;
