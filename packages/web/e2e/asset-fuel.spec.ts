import {
  choose,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  row,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';
import { adminApi, PNG_1PX } from './assets-data.ts';
import { enterApp } from './fixtures.ts';

// Issue 28: the fuel type of an asset and of a tank header is picked from the Fuel Type list; an asset with a bad
// image is not saved at all; the asset delete dialog is the generic one; a read-only asset card has no empty slot.
const page = signedInPage(USERS.admin);
const HSD = 'HSD (High Speed Diesel)';

async function searchAsset(p: ReturnType<typeof page>, name: string) {
  await p.getByLabel('Search assets').fill(name);
  await p.getByLabel('Search assets').press('Enter');
  return p.getByTestId('asset-card').filter({ hasText: name });
}

test('Asset form: Fuel Type is a picker of the Fuel Type list; the chosen one is saved and shown again', async ({
  request,
}) => {
  const { call } = await adminApi(request);
  const name = unique('E2E Fuel Vessel');
  const p = page();
  await p.goto('/master/asset');
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Asset');
  await field(add, 'Asset Name').fill(name);
  await choose(p, field(add, 'Fuel Type'), HSD, { search: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'New asset created');
  await expect(add).toBeHidden();

  const [saved] = await call('GET', `/master/asset?findField=massName&findValue=${encodeURIComponent(name)}`);
  expect(saved.massMfty?.mftyName).toBe(HSD);
  const card = await searchAsset(p, name);
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = dialog(p, 'Edit Asset');
  await expect(edit.locator('.ant-form-item').filter({ hasText: 'Fuel Type' })).toContainText(HSD);

  await edit.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  // the generic delete dialog: names the asset and says it can be restored
  const confirm = dialog(p, 'Delete this item ?');
  await expect(confirm).toContainText(name);
  await expect(confirm).toContainText('It can be restored from the Audit Trail.');
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
});

test('Asset form: an image the server refuses is shown under the image and nothing is saved', async ({ request }) => {
  const { call } = await adminApi(request);
  const name = unique('E2E Bad Image');
  const p = page();
  await p.goto('/master/asset');
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Asset');
  await field(add, 'Asset Name').fill(name);
  // a .png cut short: the right name and first bytes, but not a whole image
  const cut = PNG_1PX.subarray(0, PNG_1PX.length - 12);
  await add.locator('input[type=file]').setInputFiles({ name: 'cut.png', mimeType: 'image/png', buffer: cut });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toContainText('The file is not a readable image: choose a complete .jpeg, .jpg or .png');
  await expect(add).toBeVisible();
  expect(await call('GET', `/master/asset?findField=massName&findValue=${encodeURIComponent(name)}`)).toEqual([]);
  // a good image then saves the asset with it
  await add.locator('input[type=file]').setInputFiles({ name: 'ship.png', mimeType: 'image/png', buffer: PNG_1PX });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'New asset created');
  const [saved] = await call('GET', `/master/asset?findField=massName&findValue=${encodeURIComponent(name)}`);
  expect(saved.massImage).toMatch(/^uploads\/asset\//);
  await call('DELETE', `/master/asset/${saved.massId}`);
});

test('Tank Header: Fuel Type is a picker of the Fuel Type list; the list shows the chosen name', async ({
  request,
}) => {
  const { call } = await adminApi(request);
  const name = unique('E2E Fuel Tank');
  const p = page();
  await p.goto('/master/tank');
  await p.locator('.page-head').getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(p, 'Add New Tank Header');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(add, 'Fuel Type is required')).toBeVisible();
  await choose(p, field(add, 'Company'), 'PT Samudra Tirta Marine', { search: true });
  await field(add, 'Tank Header Name').fill(name);
  await field(add, 'Unit').fill('cm');
  await choose(p, field(add, 'Fuel Type'), HSD, { search: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(row(p, name)).toContainText(HSD);
  const [saved] = await call('GET', `/master/tank_header?findField=tahdName&findValue=${encodeURIComponent(name)}`);
  expect(saved).toMatchObject({ tahdFuelType: HSD, tahdMfty: { mftyName: HSD } });
  await call('DELETE', `/master/tank_header/${saved.tahdId}`);
});

test('a read-only asset card has no empty action slot', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const p = await context.newPage();
    await enterApp(p, USERS.operator);
    await p.goto('/master/asset');
    const card = p.getByTestId('asset-card').first();
    await expect(card).toBeVisible();
    await expect(card.locator('.ant-card-actions > li')).toHaveCount(1);
  } finally {
    await context.close();
  }
});
