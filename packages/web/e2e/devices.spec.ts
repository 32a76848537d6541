import type { Summary } from '@fleet/shared/answers/summary.ts';
import {
  apiCall,
  apiToken,
  choose,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  fetchRetrying,
  field,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';
import { adminApi, demoDevices, freshFlowMeter, ingest } from './assets-data.ts';
import { shot } from './fixtures.ts';

// Device List and Device Log Detail (spec 000 §2, §4, §9) as the administrator of the first demo company.
const page = signedInPage(USERS.admin);

test('Device List: title, filters, columns, add / edit / delete with the spec form', async ({ request }) => {
  // the company's GPS devices: one per demo vessel, and those of vessels other specs made for themselves
  const gpsCount = (await (await adminApi(request)).call('GET', '/master/device?finds[devcType]=gps&max=1000')).length;
  const p = page();
  await p.goto('/master/device');
  await expect(p.getByRole('heading', { name: 'All Asset Device List' })).toBeVisible();
  for (const h of ['Device Name', 'Device Type', 'Label', 'Unique ID', 'Link to Asset'])
    await expect(p.getByRole('columnheader', { name: h })).toBeVisible();
  await expect(p.locator('.ant-pagination-total-text')).toHaveText(/^\d+ items$/);
  await expect(p.locator('.ant-table-row')).toHaveCount(25);
  await choose(p, p.locator('.filter-bar .ant-select').nth(1), 'GPS');
  await expect(p.locator('.ant-table-row')).toHaveCount(Math.min(gpsCount, 25));
  await expect(p.locator('.ant-table-row').filter({ hasNotText: 'GPS' })).toHaveCount(0);
  await shot(p, 'device-list');
  await choose(p, p.locator('.filter-bar .ant-select').nth(1), 'All');

  const name = unique('E2E Tank');
  const uid = `tank-e2e-${Date.now().toString(36)}`;
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Device');
  await field(add, 'Device Name').fill(name);
  await choose(p, field(add, 'Device Type'), 'Tank');
  await choose(p, field(add, 'Asset'), 'MT Samudra Jaya', { search: true });
  await field(add, 'Unique ID').fill(uid);
  await add.getByRole('button', { name: /Save|OK|Submit/ }).click();
  await expect(add).toBeHidden();
  await search(p, name);
  await expect(row(p, name)).toBeVisible();
  await expect(row(p, name)).toContainText(uid);
  await rowButton(row(p, name), 'Edit').click();
  const edit = dialog(p, 'Edit Device');
  await field(edit, 'Label').fill('DAY_TANK');
  await edit.getByRole('button', { name: /Save|OK|Submit/ }).click();
  await expect(row(p, name)).toContainText('DAY_TANK');

  // a new device has no readings: the widget says so, the tiles show dashes
  await rowButton(row(p, name), 'Detail').click();
  await expect(p.getByRole('heading', { name: 'Device Log Detail' })).toBeVisible();
  await expect(p.getByText('No readings of this device in the chosen range.')).toBeVisible();
  await expect(p.getByTestId('summary-tile').first()).toContainText('—');
  await p.goBack();
  await search(p, name);
  await rowButton(row(p, name), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, name)).toHaveCount(0);
});

test('Device Log Detail: a device type without a widget says so', async ({ request }) => {
  const devices = await demoDevices(request);
  const { call } = await adminApi(request);
  const compass = await call('POST', '/master/device', {
    devcName: unique('E2E Compass'),
    devcType: 'compass',
    devcMassId: devices.get('gps-ot01')!.devcMassId,
    devcUniqueId: `compass-${Date.now().toString(36)}`,
  });
  const p = page();
  await p.goto(`/master/device/detail/${compass.devcId}`);
  await expect(p.getByText('No widget available')).toBeVisible();
  await call('DELETE', `/master/device/${compass.devcId}`);
});

test('Device List for one asset hides the asset filter; search by name', async ({ request }) => {
  const devices = await demoDevices(request);
  const p = page();
  await p.goto(`/master/device?asset=${devices.get('gps-ot01')!.devcMassId}`);
  await expect(p.getByRole('heading', { name: 'MT Samudra Jaya Device List' })).toBeVisible();
  await expect(p.locator('.filter-bar .ant-select')).toHaveCount(1);
  await search(p, 'RPM');
  // as many rows as the API has for that asset and name (other specs may have added devices to the demo vessel)
  const { call } = await adminApi(request);
  const massId = devices.get('gps-ot01')!.devcMassId;
  const expected = await call('GET', `/master/device?finds[devcMassId]=${massId}&findField=devcName&findValue=RPM`);
  expect(expected.length).toBeGreaterThanOrEqual(2);
  await expect(p.locator('.ant-table-row')).toHaveCount(expected.length);
});

test('Device List: a gateway’s ingest keys — issue (shown once, copy), list, revoke', async () => {
  const p = page();
  await p.goto('/master/device');
  await search(p, 'OT01 Gateway');
  await p.getByRole('button', { name: 'Ingest keys of OT01 Gateway' }).click();
  const modal = dialog(p, 'Ingest keys of OT01 Gateway');
  const label = `e2e-ui-${Date.now().toString(36)}`;
  await modal.getByLabel('Key label').fill(label);
  await modal.getByRole('button', { name: 'Issue key' }).click();
  await expectToast(p, 'Key issued');
  await expect(modal.getByTestId('issued-key')).toHaveValue(/^\S{20,}$/);
  await expect(modal.getByRole('button', { name: 'Copy' })).toBeVisible();
  const keyRow = modal.locator('.ant-table-row').filter({ hasText: label });
  await expect(keyRow).toContainText('Live');
  const lastUse = keyRow.locator('td').nth(2);
  await expect(lastUse).toHaveText('—'); // never used yet
  await shot(p, 'device-keys');
  // the issued key works for ingest
  const key = await modal.getByTestId('issued-key').inputValue();
  const res = await fetchRetrying(p.request, '/api/ingest', {
    method: 'POST',
    headers: { 'X-Device-Key': key },
    data: { readings: [{ device: 'gateway-ot01', ts: Math.floor(Date.now() / 1000) - 5, data: { cpuUsage: 5 } }] },
  });
  expect((await res.json()).data.accepted).toBe(1);
  await keyRow.getByRole('button', { name: 'Revoke' }).click();
  await p.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
  await expectToast(p, 'Key revoked');
  await expect(keyRow).toContainText('Revoked');
  await expect(lastUse).toHaveText(/^\d{2} \w{3} \d{4} \d{2}:\d{2}$/); // the ingest above, recorded by the server
  const refused = await p.request.post('/api/ingest', { headers: { 'X-Device-Key': key }, data: { readings: [] } });
  expect(refused.status()).toBe(401);
});

test('Device Log Detail: a flow meter’s real data of the range — tiles, charts, raw log; the link reproduces the view', async ({
  request,
}) => {
  // a meter of its own: 'Last 7 Days' below must hold only these readings (other specs write the demo meters)
  const { meter: fm } = await freshFlowMeter(request);
  const now = Math.floor(Date.now() / 1000);
  const start = Math.floor((now - 7200) / 60) * 60;
  // five readings a minute apart: flow 100…500 L/h, totaliser 1000 → 1030 L
  const inv = [1000, 1005, 1010, 1020, 1030];
  await ingest(
    request,
    fm.devcId,
    inv.map((v, k) => ({
      device: fm.devcUniqueId,
      ts: start + 60 + k * 60,
      data: {
        volumeFlowrate: 100 * (k + 1),
        density: 900 + k,
        temperature: 50,
        volumeInventory: v,
        massFlowrate: 90,
        pressure: 4,
      },
    })),
  );
  const p = page();
  const link = `/master/device/detail/${fm.devcId}?mode=custom&start=${start}&end=${start + 600}&aggregatedUnit=MINUTE`;
  await p.goto(link);
  await expect(p.getByRole('heading', { name: 'Device Log Detail' })).toBeVisible();
  await expect(p.getByText(fm.devcUniqueId, { exact: true })).toBeVisible();
  const tile = (label: string) => p.getByTestId('summary-tile').filter({ hasText: label });
  // hand-computed (docs/domain.md §22): mean of 100…500 = 300 L/h; the summary's litres (§11): 1030 − 1000 = 30 L
  // (the meter's first reading counts 0); flow time §5/§15: the first reading has no segment, the other four are
  // credited 60 s each → 4 flowing minutes
  await expect(tile('Average flow rate')).toContainText('300.00 L/h');
  await expect(tile('Volume')).toContainText('30.00 Liters');
  await expect(tile('Average density')).toContainText('902.00 kg/m³');
  await expect(tile('Flow time')).toContainText('0:04:00');
  await expect(p.getByRole('img', { name: 'Flow rate, density and temperature' })).toBeVisible();
  // MINUTE at one point per minute: the full-resolution fields are charted too
  await expect(p.getByRole('img', { name: 'Full resolution (MINUTE)' })).toBeVisible();
  await expect(p.getByText('5 readings')).toBeVisible();
  await shot(p, 'device-detail-flowmeter');

  // a preset sets its default interval; Apply writes the selection into the query string
  await choose(p, p.getByLabel('Range'), 'Last 7 Days');
  await p.getByRole('button', { name: 'Apply' }).click();
  await expect(p).toHaveURL(/mode=last7Days/);
  await expect(p).toHaveURL(/aggregatedUnit=DAY/);
  await expect(p).toHaveURL(/unit=day&value=7|value=7/);
  await expect(p.getByRole('img', { name: 'Full resolution (MINUTE)' })).toHaveCount(0);
  await p.reload();
  await expect(p.getByLabel('Range').locator('..')).toContainText('Last 7 Days');
  await expect(tile('Volume')).toContainText('30.00 Liters');

  // the first link again reproduces the first view
  await p.goto(link);
  await expect(tile('Average flow rate')).toContainText('300.00 L/h');
});

test('Device Log Detail: GPS track on the map with km and knots; temperature gauge; bad links', async ({ request }) => {
  const devices = await demoDevices(request);
  const gps = devices.get('gps-ot01')!;
  const now = Math.floor(Date.now() / 1000);
  // a retry writes its fixes half an hour earlier: the first attempt's fixes stay out of its 10-minute window
  const start = Math.floor((now - 7200 - test.info().retry * 1800) / 60) * 60;
  await ingest(request, devices.get('gateway-ot01')!.devcId, [
    { device: 'gps-ot01', ts: start + 60, data: { latitude: -6.1, longitude: 106.8, speed: 18.52, distance: 0 } },
    { device: 'gps-ot01', ts: start + 120, data: { latitude: -6.11, longitude: 106.81, speed: 37.04, distance: 1000 } },
    { device: 'gps-ot01', ts: start + 180, data: { latitude: -6.12, longitude: 106.82, speed: 27.78, distance: 852 } },
    // a still fix closes the window: the span of any later fix (§5, §6) starts at or after it, outside the window
    { device: 'gps-ot01', ts: start + 240, data: { latitude: -6.12, longitude: 106.82, speed: 0, distance: 0 } },
    { device: 'temp-ot01-res-3', ts: start + 60, data: { temperature: 130 } },
  ]);
  const p = page();
  await p.goto(
    `/master/device/detail/${gps.devcId}?mode=custom&start=${start}&end=${start + 240}&aggregatedUnit=MINUTE`,
  );
  const tile = (label: string) => p.getByTestId('summary-tile').filter({ hasText: label });
  // a loaded machine may take a while for the first aggregated answer
  await expect(tile('Distance').first()).toContainText('1.85 km', { timeout: 45_000 }); // 1852 m
  await expect(tile('Distance (NM)')).toContainText('1.00 NM');
  // distance and average speed are the summary API's for the vessel and range (docs/domain.md §22), as on the
  // Report Summary: distance ÷ moving time (§7), not the mean of the fixes' speeds
  const s: Summary = await (await adminApi(request)).call(
    'GET',
    `/summary/aggregated/period/${start}/${start + 240}?devcMassId=${gps.devcMassId}&devcType=gps`,
  );
  expect(s.gps?.summary.totalDistance).toBeCloseTo(1852, 6);
  await expect(tile('Average Speed (knot)')).toContainText(`${s.gps?.summary.averageSpeedKnot?.toFixed(2)} knots`);
  await expect(p.getByTestId('track-map')).toBeVisible();
  await expect(p.locator('.leaflet-interactive').first()).toBeVisible();
  await shot(p, 'device-detail-gps');

  await p.goto(
    `/master/device/detail/${devices.get('temp-ot01-res-3')!.devcId}?mode=custom&start=${start}&end=${start + 600}&aggregatedUnit=MINUTE`,
  );
  await expect(p.getByRole('img', { name: 'Temperature: 130.0 °C' })).toBeVisible();
  await expect(p.locator('.linear-gauge-bar.is-hot')).toBeVisible(); // red above 100
  await shot(p, 'device-detail-temperature');

  await p.goto(`/master/device/detail/${gps.devcId}?start=abc&end=1&aggregatedUnit=YEAR`);
  await expect(p.getByText(/not readable; showing Today/)).toBeVisible();
  await p.goto('/master/device/detail/999999');
  await expect(p.locator('.ant-result-title')).toHaveText('Device not found');
});

test('Device Log Detail: another company’s device is not found and its data is refused', async ({ request }) => {
  const other = await apiToken(request, USERS.other);
  const foreign = (await apiCall(request, other, 'GET', '/master/device?max=1')).body.data[0];
  expect(foreign?.devcId).toBeTruthy();
  const p = page();
  await p.goto(`/master/device/detail/${foreign.devcId}`);
  await expect(p.locator('.ant-result-title')).toHaveText('Device not found');
  await expect(p.getByText(foreign.devcUniqueId)).toHaveCount(0);
  const { token } = await adminApi(request);
  const res = await apiCall(request, token, 'GET', `/series/device/${foreign.devcId}/pulse`);
  expect(res.status).toBe(404);
});
