import {
  apiCall,
  apiToken,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';
import { adminApi, demoDevices, ingest, PNG_1PX } from './assets-data.ts';
import { shot } from './fixtures.ts';

// Asset List, Asset Device and Asset Detail (spec 000 §2, §4, §5, §8) as the administrator of the first demo company.
const page = signedInPage(USERS.admin);
const NAME = unique('E2E Vessel');

test('Asset List: cards three per row with image, name, Installation Type and Asset Type; search by name and type', async () => {
  const p = page();
  await p.goto('/master/asset');
  await expect(p.getByRole('heading', { name: 'Asset List' })).toBeVisible();
  const cards = p.getByTestId('asset-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Installation Type');
  await expect(cards.first()).toContainText('Asset Type');
  await expect(cards.first().getByRole('button', { name: 'See Device' })).toBeVisible();
  // three in a row: the first three cards share one top edge
  const tops = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!.y));
  expect(new Set(tops).size).toBe(1);
  await shot(p, 'asset-list');

  await p.getByLabel('Search assets').fill('perkasa');
  await p.getByLabel('Search assets').press('Enter');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('TB Samudra Perkasa 01');
  await p.getByLabel('Search by').click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Asset Type' }).click();
  await p.getByLabel('Search assets').fill('Oil Tanker');
  await p.getByLabel('Search assets').press('Enter');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('MT Samudra Jaya');
});

test('Asset List: add with the schema form and an image, edit, wrong image refused, delete', async () => {
  const p = page();
  await p.goto('/master/asset');
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Asset');
  await expect(add).toContainText('PT Samudra Tirta Marine'); // the title carries the company name
  // Esc does not close it
  await p.keyboard.press('Escape');
  await expect(add).toBeVisible();
  // a required field left blank is marked under the field
  await add.getByLabel('Asset Name').fill('');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await add.getByLabel('Asset Name').fill(NAME);
  await add.getByLabel('Installation Type').fill('FMS Single Engine');
  await add.getByLabel('Asset Type').click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Tug Boat' }).click();
  // a wrong type is refused before anything is sent
  await add.locator('input[type=file]').setInputFiles({ name: 'ship.gif', mimeType: 'image/gif', buffer: PNG_1PX });
  await expect(add).toContainText('Only .jpeg, .jpg and .png images are accepted');
  await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
  await add.locator('input[type=file]').setInputFiles({ name: 'ship.png', mimeType: 'image/png', buffer: PNG_1PX });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'New asset created');
  await expect(add).toBeHidden();

  await p.getByLabel('Search assets').fill(NAME);
  await p.getByLabel('Search assets').press('Enter');
  const card = p.getByTestId('asset-card').filter({ hasText: NAME });
  await expect(card).toHaveCount(1);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/uploads\/asset\//);
  // the image is served
  const src = await card.locator('img').getAttribute('src');
  expect((await p.request.get(src!)).status()).toBe(200);
  await shot(p, 'asset-added');

  await card.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = dialog(p, 'Edit Asset');
  await expect(edit.getByLabel('Asset Name')).toHaveValue(NAME);
  await edit.getByLabel('Installation Type').fill('FMS Twin Engine');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'New asset created'); // the spec's text also for updates
  await expect(card).toContainText('FMS Twin Engine');

  await card.getByRole('button', { name: `Delete ${NAME}` }).click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(p.getByTestId('asset-card').filter({ hasText: NAME })).toHaveCount(0);
});

test('Asset List: an image over 5 MB is refused by the server too and the asset keeps its image', async ({
  request,
}) => {
  const { token, call } = await adminApi(request);
  const a = await call('POST', '/master/asset', { massName: unique('E2E Big Image') });
  const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
  const res = await request.post(`/api/master/asset/upload/${a.massId}`, {
    headers: { Authentication: token },
    multipart: { image: { name: 'big.png', mimeType: 'image/png', buffer: big } },
  });
  // 413 Payload Too Large, every time (issue 10), with the message under the image field
  expect(res.status()).toBe(413);
  expect(JSON.stringify((await res.json()).status.message)).toContain('The image must be at most 5 MB');
  expect((await call('GET', `/master/asset/${a.massId}`)).massImage).toBeNull();
  await call('DELETE', `/master/asset/${a.massId}`);
});

test('Asset Device: a card per device with the gauge of its type on the latest reading and its age', async ({
  request,
}) => {
  const devices = await demoDevices(request);
  const gateway = devices.get('gateway-ot01')!;
  const now = Math.floor(Date.now() / 1000);
  await ingest(request, gateway.devcId, [
    { device: 'rpm-ot01-1', ts: now - 30, data: { rpm: 901 } },
    {
      device: 'fm-ot01-1',
      ts: now - 30,
      data: { volumeFlowrate: 336.2, density: 905.3, temperature: 56.8, volumeInventory: 3062960 },
    },
    { device: 'temp-ot01-res-1', ts: now - 30, data: { temperature: 120.5 } },
    { device: 'gateway-ot01', ts: now - 30, data: { cpuUsage: 11.7, memoryFree: 62.1, spaceFree: 75.1 } },
    // a reading 20 minutes old: offline
    { device: 'power-ot01', ts: now - 1200, data: { onAc: 1, batteryFail: 0, batteryVoltage: 13.2 } },
  ]);
  const p = page();
  await p.goto(`/master/device/${gateway.devcMassId}`);
  await expect(p.getByRole('heading', { name: 'Device List of MT Samudra Jaya' })).toBeVisible();
  const card = (name: string) => p.getByTestId('device-card').filter({ hasText: name });
  // the page of a card (other specs may have added devices to the demo vessel, which moves cards between pages)
  const pageOf = async (name: string) => {
    const pages = await p.locator('.ant-pagination .ant-pagination-item').count();
    const first = p.getByTestId('device-card').first();
    for (let i = 1; i <= pages; i++) {
      const item = p.locator('.ant-pagination').getByText(String(i), { exact: true });
      const shown = (await p.locator('.ant-pagination-item-active').textContent())?.trim();
      const before = (await first.textContent()) ?? '';
      await item.click();
      // another page's cards replace these ones: look only once they have (the old page stays visible meanwhile)
      if (shown !== String(i)) await expect(first).not.toHaveText(before);
      if ((await card(name).count()) > 0) return;
    }
    throw new Error(`no device card ${name}`);
  };
  await expect(p.getByTestId('device-card')).toHaveCount(10); // 10 per page
  await pageOf('OT01 Flowmeter PORT IN');
  await expect(card('OT01 Flowmeter PORT IN').getByRole('img', { name: 'Flow rate: 336.2 L/h' })).toBeVisible();
  await expect(card('OT01 Flowmeter PORT IN')).toContainText('905.3 kg/m³');
  await expect(card('OT01 Flowmeter PORT IN')).toContainText(/Online · (just now|1 min ago)/);
  await shot(p, 'asset-device-page1');
  await pageOf('OT01 RPM PORT');
  await expect(card('OT01 RPM PORT').getByRole('img', { name: 'RPM: 901 rpm' })).toBeVisible();
  await pageOf('OT01 Reservoir Temperature PORT');
  await expect(
    card('OT01 Reservoir Temperature PORT').getByRole('img', { name: 'Temperature: 120.5 °C' }),
  ).toBeVisible();
  await pageOf('OT01 Gateway');
  await expect(card('OT01 Gateway')).toContainText('11.70%');
  await pageOf('OT01 Power Supply');
  await expect(card('OT01 Power Supply')).toContainText('Offline · 20 min ago');
  await expect(card('OT01 Power Supply')).toHaveClass(/is-offline/);
  await expect(card('OT01 Power Supply')).toContainText('13.20 V');
  await shot(p, 'asset-device-page2');
  // the hidden Analytics section: each card's trend of the last 1 to 5 days (spec 000 §2, §9)
  await expect(p.getByLabel('Analytics range')).toHaveCount(0);
  await p.getByRole('button', { name: 'Analytics' }).click();
  await expect(p.getByLabel('Analytics range')).toBeVisible();
  await pageOf('OT01 RPM PORT');
  await expect(card('OT01 RPM PORT').getByRole('img', { name: 'RPM, last day' })).toBeVisible();
  await p.getByLabel('Analytics range').getByText('5 days').click();
  await expect(card('OT01 RPM PORT').getByRole('img', { name: 'RPM, last 5 days' })).toBeVisible();
  await shot(p, 'asset-device-analytics');
  await card('OT01 RPM PORT').getByRole('link', { name: 'OT01 RPM PORT' }).click();
  await expect(p).toHaveURL(/\/master\/device\/detail\/\d+/);
});

test('Asset Device: an asset without devices says so', async ({ request }) => {
  const { call } = await adminApi(request);
  const a = await call('POST', '/master/asset', { massName: unique('E2E Empty') });
  const p = page();
  await p.goto(`/master/device/${a.massId}`);
  await expect(p.getByText('The asset has no device')).toBeVisible();
  await call('DELETE', `/master/asset/${a.massId}`);
});

test('Asset Detail: devices, in-place update, Data Log, GPS Process Log and Data Analysis for Week and Month', async ({
  request,
}) => {
  const devices = await demoDevices(request);
  const gateway = devices.get('gateway-tb04')!;
  const now = Math.floor(Date.now() / 1000);
  const t0 = Math.floor((now - 3 * 3600) / 3600) * 3600;
  // three hours of sailing at 10 knots: six fixes a minute apart in each, 308.67 m each (1 NM an hour)
  await ingest(
    request,
    gateway.devcId,
    // each hour starts alongside (a still fix, 0 m): §5 credits the silence before it as not moving, so each hour
    // holds 6 moving minutes
    [0, 1, 2].flatMap((k) => [
      {
        device: 'gps-tb04',
        ts: t0 + k * 3600,
        data: { latitude: -6.1 + k * 0.01, longitude: 106.8 + k * 0.01, speed: 0, distance: 0 },
      },
      ...[0, 1, 2, 3, 4, 5].map((j) => ({
        device: 'gps-tb04',
        ts: t0 + k * 3600 + 60 + j * 60,
        data: { latitude: -6.1 + k * 0.01, longitude: 106.8 + k * 0.01 + j * 0.001, speed: 18.52, distance: 1852 / 6 },
      })),
    ]),
  );
  const p = page();
  await p.goto(`/master/asset/detail/${gateway.devcMassId}`);
  await expect(p.getByRole('heading', { name: 'TB Samudra Bahari 04' })).toBeVisible();
  await expect(p.getByRole('tab', { name: 'Data Log', selected: true })).toBeVisible();
  // three hourly rows at 10.00 knots and 1.00 NM each (18.52 km/h × 0.539957; 1852 m)
  const logRows = p.locator('.ant-table-row').filter({ hasText: '10.00' });
  await expect(logRows).toHaveCount(3);
  await expect(logRows.first()).toContainText('1.00');
  await shot(p, 'asset-detail-data-log');

  await p.getByRole('tab', { name: 'GPS Process Log' }).click();
  await expect(p.getByTestId('track-map')).toBeVisible();
  await expect(p.locator('.leaflet-interactive').first()).toBeVisible();
  await shot(p, 'asset-detail-gps');
  await p.getByRole('tab', { name: 'Data Analysis' }).click();
  await expect(p.getByRole('img', { name: 'RPM', exact: true })).toBeVisible();
  await expect(p.getByRole('img', { name: 'Fuel', exact: true })).toBeVisible();
  await expect(p.getByRole('img', { name: 'Speed', exact: true })).toBeVisible();
  await p.getByText('Month', { exact: true }).click();
  await shot(p, 'asset-detail-analysis');

  // in-place update of the name
  const renamed = unique('TB Bahari');
  await p.getByLabel('Asset Name').fill(renamed);
  await p.getByRole('button', { name: 'Update' }).click();
  await expectToast(p, 'New asset created');
  await expect(p.getByRole('heading', { name: renamed })).toBeVisible();
  await p.getByLabel('Asset Name').fill('TB Samudra Bahari 04');
  await p.getByRole('button', { name: 'Update' }).click();
  await expect(p.getByRole('heading', { name: 'TB Samudra Bahari 04' })).toBeVisible();

  // a device row opens Device Detail
  await p.locator('.ant-table-row').filter({ hasText: 'ae-tb04-1' }).click();
  await expect(p).toHaveURL(new RegExp(`/master/device/detail/${devices.get('ae-tb04-1')!.devcId}$`));
});

test('Asset screens: unknown ids and another company’s asset show not found, never its data', async ({ request }) => {
  const other = await apiToken(request, USERS.other);
  const foreign = (await apiCall(request, other, 'GET', '/master/asset?max=1')).body.data[0];
  expect(foreign?.massId).toBeTruthy();
  const p = page();
  for (const path of [
    `/master/asset/detail/${foreign.massId}`,
    `/master/device/${foreign.massId}`,
    '/master/asset/detail/999999',
    '/master/device/abc',
  ]) {
    await p.goto(path);
    await expect(p.locator('.ant-result-title')).toHaveText('Asset not found');
    await expect(p.getByText(foreign.massName)).toHaveCount(0);
  }
  await shot(p, 'asset-not-found');
});
