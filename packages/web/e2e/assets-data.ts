import type { DeviceRow } from '@fleet/shared/answers/resource-rows.ts';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, apiToken, expect, fetchRetrying, USERS } from './admin/helpers.ts';

/** Test data of the asset and device flows: demo rows looked up by name, readings sent through the real ingest. */
export async function adminApi(request: APIRequestContext) {
  const token = await apiToken(request, USERS.admin);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const res = await apiCall(request, token, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body.status)}`).toBe(200);
    return res.body.data;
  };
  return { token, call };
}

/** The demo devices of the first demo company by unique id. */
export async function demoDevices(request: APIRequestContext): Promise<Map<string, DeviceRow>> {
  const { call } = await adminApi(request);
  const rows: DeviceRow[] = await call('GET', '/master/device?max=1000');
  return new Map(rows.map((d) => [d.devcUniqueId, d]));
}

/**
 * Sends readings with a fresh key of the asset's gateway (POST /api/ingest, X-Device-Key) and checks that every
 * one was accepted.
 */
export async function ingest(
  request: APIRequestContext,
  /** the device whose key sends them: the vessel's gateway, or the device itself */
  gatewayDevcId: number,
  readings: { device: string; ts: number; data: Record<string, number> }[],
) {
  const { call } = await adminApi(request);
  const key = await call('POST', `/master/device/${gatewayDevcId}/keys`, { label: `e2e-${Date.now().toString(36)}` });
  const res = await fetchRetrying(request, '/api/ingest', {
    method: 'POST',
    headers: { 'X-Device-Key': key.key },
    data: { readings },
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body.status)).toBe(200);
  expect(body.data.rejected, JSON.stringify(body.data.results)).toBe(0);
  return body.data as { accepted: number; duplicate: number };
}

/**
 * A vessel of its own with one supply flow meter (label PORT_IN) and an ingest key of that meter: a test that reads
 * "the last 7 days" of a device must own the device, since other specs write the demo vessels' meters.
 */
export async function freshFlowMeter(request: APIRequestContext) {
  const { call } = await adminApi(request);
  const tag = Date.now().toString(36);
  const asset = await call('POST', '/master/asset', { massName: `ZZ E2E Flow ${tag}` });
  const meter: DeviceRow = await call('POST', '/master/device', {
    devcName: `E2E PORT_IN ${tag}`,
    devcType: 'flowmeter',
    devcLabel: 'PORT_IN',
    devcStatus: '1',
    devcUniqueId: `fm-e2e-${tag}`,
    devcMassId: asset.massId,
  });
  return { asset, meter };
}

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
