import type { Page } from '@playwright/test';
import {
  addButton,
  apiCall,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  field,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';

// Issue 28: a tenant administrator (`other`) writes master events of their own beside the shared ones, which stay
// read-only to them; the event configuration screens fit a phone.
const page = signedInPage(USERS.other);
const own = unique('Own Overspeed');
const SHARED = 'AC Power Lost'; // a demo event shared by every tenant

/** The page's session token, for the API calls of the setup. */
const token = (p: Page) => p.evaluate(() => localStorage.getItem('token') ?? '');

/** The page does not scroll sideways. */
async function fitsWidth(p: Page) {
  const [scroll, client] = await p.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('a tenant administrator adds an event of their own; a shared one offers no Edit or Delete', async () => {
  const p = page();
  await p.goto('/master/event');
  await addButton(p).click();
  const add = dialog(p, 'Add New Event');
  await field(add, 'Event Type').fill(own);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await search(p, own);
  const mine = row(p, own);
  await expect(mine.locator('.ant-tag', { hasText: /^Own$/ })).toBeVisible();
  await expect(rowButton(mine, 'Edit')).toBeVisible();
  await search(p, SHARED);
  const shared = row(p, SHARED);
  await expect(shared.locator('.ant-tag', { hasText: /^Shared$/ })).toBeVisible();
  await expect(rowButton(shared, 'Detail')).toBeVisible();
  await expect(rowButton(shared, 'Edit')).toHaveCount(0);
  await expect(rowButton(shared, 'Delete')).toHaveCount(0);
  // the own event goes again: the demo data stays as the other specs know it
  await search(p, own);
  await rowButton(row(p, own), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Event Deleted');
});

test('Config Event and Asset Event fit a phone (390 px)', async () => {
  const p = page();
  const configs = await apiCall(p.request, await token(p), 'GET', '/master/config_event?max=1');
  const config = configs.body.data[0];
  expect(config, 'a demo event configuration of the tenant').toBeTruthy();
  await p.setViewportSize({ width: 390, height: 844 });
  await p.goto(`/master/config/event/${config.mcevAssetId}`);
  await expect(p.locator('.ant-table-row').first()).toBeVisible();
  await fitsWidth(p);
  await p.goto(`/master/asset/event/${config.mcevId}`);
  await expect(p.locator('.ant-transfer-section').first()).toBeVisible();
  await fitsWidth(p);
  await p.setViewportSize({ width: 1440, height: 900 });
});
