import type { Locator, Page } from '@playwright/test';
import {
  apiCall,
  apiToken,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  noModal,
  row,
  rowButton,
  signedInPage,
  test,
  USERS,
} from './admin/helpers.ts';

// Issue 28: "A decimal comma is stored ten times too large: Config RPM 'Rate by Power' 1,5 saves 15". The number
// boxes read what a user of either language types (docs/domain.md §4.1 "Typed numbers"), as an administrator.
const page = signedInPage(USERS.admin);
const stamp = Date.now().toString(36).slice(-5);
const uniqueId = `rpm-comma-${stamp}`;

/** An RPM device of the first demo vessel and its Config RPM row (Rate by Power 0.2), made for this run. */
async function configRow(p: Page): Promise<{ token: string; id: number }> {
  const token = await apiToken(p.request, USERS.admin);
  const assets = await apiCall(p.request, token, 'GET', '/master/asset?max=1');
  const device = await apiCall(p.request, token, 'POST', '/master/device', {
    devcName: `E2E comma ${stamp}`,
    devcType: 'rpm',
    devcUniqueId: uniqueId,
    devcMassId: assets.body.data[0].massId,
  });
  expect(device.status).toBe(200);
  const config = await apiCall(p.request, token, 'POST', '/master/config_rpm', {
    mcrpDevcId: device.body.data.devcId,
    mcrpType: 'PORT',
    mcrpMinValue: 400,
    mcrpConsumptRateByPower: 0.2,
  });
  expect(config.status).toBe(200);
  return { token, id: config.body.data.mcrpId };
}

/** The cell of a row under the column with this header (the row shown: the table is drawn). */
async function cell(p: Page, r: Locator, header: string): Promise<Locator> {
  await expect(r).toBeVisible();
  const headers = (await p.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return r.locator('td').nth(index);
}

test("Config RPM: 'Rate by Power' 1,5 is saved as 1.5 (not 15); 'abc' is refused with a message", async () => {
  const p = page();
  const { token, id } = await configRow(p);
  const stored = async () =>
    (await apiCall(p.request, token, 'GET', `/master/config_rpm/${id}`)).body.data.mcrpConsumptRateByPower;

  await p.goto('/master/config/rpm');
  await rowButton(row(p, uniqueId), 'Edit').click();
  const edit = dialog(p, 'Edit Config RPM');
  await expect(field(edit, 'Rate by Power')).toHaveValue('0.2');
  await field(edit, 'Rate by Power').fill('1,5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(edit).toBeHidden();
  expect(await stored()).toBe(1.5);

  await p.reload();
  const r = row(p, uniqueId);
  await expect(r).toBeVisible();
  await expect(await cell(p, r, 'Rate by Power')).toHaveText('1.5');

  // a text that is not a number: kept as typed, refused with a message, nothing saved
  await noModal(p);
  await rowButton(r, 'Edit').click();
  const again = dialog(p, 'Edit Config RPM');
  await expect(field(again, 'Rate by Power')).toHaveValue('1.5');
  await field(again, 'Rate by Power').fill('abc');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(again, 'Rate by Power must be a number')).toBeVisible();
  await expect(field(again, 'Rate by Power')).toHaveValue('abc');
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
  expect(await stored()).toBe(1.5);
  await expect(await cell(p, r, 'Rate by Power')).toHaveText('1.5');

  // the test's row and device go again
  await apiCall(p.request, token, 'DELETE', `/master/config_rpm/${id}`);
});
