import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';
import { choose, dialog, expect, expectToast, signedInPage, test, USERS, unique } from './admin/helpers.ts';
import { adminApi } from './assets-data.ts';

// Issue 28 on the generic lists: search as typed and on clear, Refresh with what the box shows, bulk delete and
// assign of selected rows, CSV import of a sounding table with a preview, one device type list, the action column
// fixed at phone width. Own rows only (made here through the API, deleted at the end).
const page = signedInPage(USERS.admin);
const tag = unique('Bulk').replace(' ', '-');
const names = [`${tag} one`, `${tag} two`];
let assets: { massId: number; massName: string }[] = [];
let deviceIds: number[] = [];
let headerId: number | undefined;

const searchBox = () => page().locator('.filter-bar input').first();
const rows = () => page().locator('.ant-table-tbody .ant-table-row');

test.beforeAll(async ({ request }) => {
  const { call } = await adminApi(request);
  assets = (await call('GET', '/master/asset?max=2')) as typeof assets;
  deviceIds = [];
  for (const [i, name] of names.entries()) {
    const d = await call('POST', '/master/device', {
      devcName: name,
      devcType: 'gps',
      devcMassId: assets[0].massId,
      devcUniqueId: `${tag.toLowerCase()}-${i}`,
    });
    deviceIds.push(d.devcId);
  }
});

test.afterAll(async ({ request }) => {
  const { token } = await adminApi(request);
  const { apiCall } = await import('./admin/helpers.ts');
  for (const id of deviceIds) await apiCall(request, token, 'DELETE', `/master/device/${id}`);
  if (headerId) await apiCall(request, token, 'DELETE', `/master/tank_header/${headerId}`);
});

test('the search follows the box as typed and when cleared; Refresh uses what the box shows', async () => {
  const p = page();
  await p.goto('/master/device');
  const total = p.locator('.ant-pagination-total-text');
  await expect(total).toHaveText(/^\d+ items$/);
  const all = await total.textContent();
  // typed, no Enter
  await searchBox().fill(tag);
  await expect(total).toHaveText('2 items');
  await expect(rows()).toHaveCount(2);
  // cleared with the box's ×: everything again
  await p.locator('.filter-bar .ant-input-clear-icon').click();
  await expect(searchBox()).toHaveValue('');
  await expect(total).toHaveText(all!);
  // Refresh reloads what the box shows, never a term no longer in it
  await p.locator('.page-head').getByRole('button', { name: 'Refresh' }).click();
  await expect(total).toHaveText(all!);
  await expect(p.getByText('No data')).toHaveCount(0);
});

test('selected rows are assigned to another asset, then deleted with one confirmation', async () => {
  const p = page();
  await searchBox().fill(tag);
  await expect(rows()).toHaveCount(2);
  for (const name of names) await p.getByRole('checkbox', { name, exact: true }).check();
  const bar = p.locator('.resource-bulk-bar');
  await expect(bar).toContainText('2 selected');

  await bar.getByRole('button', { name: 'Assign to Asset' }).click();
  const assign = dialog(p, 'Assign 2 selected rows');
  await choose(p, assign.locator('.ant-select'), assets[1].massName, { search: true });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expectToast(p, '2 rows changed');
  await expect(rows().filter({ hasText: assets[1].massName })).toHaveCount(2);

  for (const name of names) await p.getByRole('checkbox', { name, exact: true }).check();
  await bar.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = dialog(p, 'Delete this item ?');
  await expect(confirm).toContainText('2 selected rows will be deleted.');
  await expect(confirm).toContainText('It can be restored from the Audit Trail.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(p, '2 rows deleted');
  await expect(rows()).toHaveCount(0);
  deviceIds = [];
});

test('one device type list drives the filter and the form', async () => {
  const p = page();
  const labels = DEVICE_TYPES.map((t) => t.label);
  await p.locator('.filter-bar .ant-select').nth(1).click();
  const filterOptions = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(filterOptions).toHaveText(['All', ...labels]);
  await p.keyboard.press('Escape');
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Device');
  await add.getByLabel('Device Type').click();
  await expect(p.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(labels);
  await p.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Cancel' }).click();
});

test('a sounding table is imported from a CSV: preview with a reason per bad row, then the good rows', async ({
  request,
}) => {
  const { call } = await adminApi(request);
  const company = (await call('GET', '/master/company?max=1'))[0];
  const fuel = (await call('GET', '/master/fuel_type?max=1'))[0];
  const header = await call('POST', '/master/tank_header', {
    tahdCompId: company.compId,
    tahdName: `${tag} tank`,
    tahdUnit: 'cm',
    tahdMftyId: fuel.mftyId,
  });
  headerId = header.tahdId;
  const p = page();
  await p.goto(`/master/tank/${headerId}`);
  await p.locator('.page-head').getByRole('button', { name: 'Import' }).click();
  const modal = dialog(p, 'Import: Tank Detail List');
  const csv = 'Height;Volume;Weight\n10;100,5;85,4\n20;abc;170\n30;300,25;255\n';
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: 'sounding.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(modal.locator('.import-summary')).toContainText('2 rows can be imported, 1 rejected');
  await expect(modal.locator('.import-preview .ant-table-row').nth(1)).toContainText('Volume must be a number');
  await modal.getByRole('button', { name: 'Import 2 rows' }).click();
  await expectToast(p, '2 rows imported');
  await expect(rows()).toHaveCount(2);
  await expect(rows().first()).toContainText('100.5');
  await expect(rows().nth(1)).toContainText('300.25');
});

test('at phone width the action column stays in view', async () => {
  const p = page();
  await p.setViewportSize({ width: 390, height: 800 });
  await p.goto('/master/device');
  await expect(rows().first()).toBeVisible();
  const cell = rows().first().locator('td').last();
  await expect(cell).toHaveClass(/ant-table-cell-fix/);
  const box = await cell.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await p.setViewportSize({ width: 1366, height: 800 });
});
