import { apiCall, apiToken, expect, signedInPage, test, USERS } from './admin/helpers.ts';
import { demoDevices } from './assets-data.ts';
import { shot } from './fixtures.ts';

// The operator reads assets and devices but changes nothing (spec 000 §6): no Add / Edit / Delete, no key issuing,
// and the server refuses the writes.
const page = signedInPage(USERS.operator);

test('operator: Asset List and Asset Detail without Add, Edit, Delete or Update', async ({ request }) => {
  const p = page();
  await p.goto('/master/asset');
  await expect(p.getByTestId('asset-card').first()).toBeVisible();
  await expect(p.locator('.page-head').getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(p.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'See Device' }).first()).toBeVisible();
  await shot(p, 'operator-asset-list');
  const devices = await demoDevices(request);
  await p.goto(`/master/asset/detail/${devices.get('gps-ot01')!.devcMassId}`);
  await expect(p.getByRole('heading', { name: 'MT Samudra Jaya' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(p.getByLabel('Asset Name')).toHaveCount(0);
  await p.goto(`/master/device/${devices.get('gps-ot01')!.devcMassId}`);
  await expect(p.getByTestId('device-card').first()).toBeVisible();
});

test('operator: Device List read only, keys listed without Issue or Revoke; the server refuses writes', async ({
  request,
}) => {
  const p = page();
  await p.goto('/master/device');
  await expect(p.locator('.ant-table-row').first()).toBeVisible();
  await expect(p.locator('.page-head').getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(p.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await p.locator('.filter-bar input').first().fill('OT01 Gateway');
  await p.locator('.filter-bar input').first().press('Enter');
  await p.getByRole('button', { name: 'Ingest keys of OT01 Gateway' }).click();
  await expect(p.getByRole('button', { name: 'Issue key' })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await shot(p, 'operator-device-keys');

  const token = await apiToken(request, USERS.operator);
  const devices = await demoDevices(request);
  const gw = devices.get('gateway-ot01')!;
  expect((await apiCall(request, token, 'POST', '/master/asset', { massName: 'Not allowed' })).status).toBe(403);
  expect(
    (await apiCall(request, token, 'PUT', `/master/asset/${gw.devcMassId}`, { massName: 'Not allowed' })).status,
  ).toBe(403);
  expect((await apiCall(request, token, 'DELETE', `/master/device/${gw.devcId}`)).status).toBe(403);
  expect((await apiCall(request, token, 'POST', `/master/device/${gw.devcId}/keys`, {})).status).toBe(403);
});
