import type { Page } from '@playwright/test';
import {
  addButton,
  apiCall,
  apiToken,
  choose,
  confirmDelete,
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
  toast,
  USERS,
  unique,
} from './helpers.ts';

// Config RPM, Config AE, Config Tank, Tank Header and Tank Detail (spec 001 §2, §5), as an administrator.
const page = signedInPage(USERS.admin);
const stamp = Date.now().toString(36).slice(-5);

/** A device of the first demo vessel made for this run (RPM and AE devices take one configuration each). */
async function newDevice(p: Page, type: 'rpm' | 'ae') {
  const token = await apiToken(p.request, USERS.admin);
  const assets = await apiCall(p.request, token, 'GET', '/master/asset?max=1');
  const uniqueId = `${type}-e2e-${stamp}`;
  const created = await apiCall(p.request, token, 'POST', '/master/device', {
    devcName: `E2E ${type.toUpperCase()} ${stamp}`,
    devcType: type,
    devcUniqueId: uniqueId,
    devcMassId: assets.body.data[0].massId,
  });
  expect(created.status).toBe(200);
  return uniqueId;
}

/** A number input steps by its `step`: ArrowUp from `from` gives `to`. */
async function expectStep(input: ReturnType<typeof field>, from: string, to: string) {
  await input.fill(from);
  await input.press('ArrowUp');
  await expect(input).toHaveValue(to);
}

test('Config RPM: server messages under the fields; add with type, rates step 0.1, single engine; edit; delete', async () => {
  const p = page();
  const uniqueId = await newDevice(p, 'rpm');
  await p.goto('/master/config/rpm');
  for (const header of ['Device ID', 'Type', 'Unique ID', 'Number', 'Min Value', 'Rate by Time', 'Is Single Engine'])
    await expect(p.getByRole('columnheader', { name: header, exact: true })).toBeVisible();

  await addButton(p).click();
  const add = dialog(p, 'Add Config RPM');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Device is required')).toBeVisible();

  await choose(p, field(add, 'Device'), uniqueId, { search: true });
  await choose(p, field(add, 'Type'), 'STARBOARD');
  await field(add, 'Number').fill('1');
  await expectStep(field(add, 'Rate by Time'), '12.5', '12.6');
  await choose(p, field(add, 'Is Single Engine'), 'Yes');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  const r = row(p, uniqueId);
  await expect(r).toContainText('STARBOARD');
  await expect(r).toContainText('12.6');
  await expect(r).toContainText('Yes');
  await rowButton(r, 'Edit').click();
  const edit = dialog(p, 'Edit Config RPM');
  await choose(p, field(edit, 'Type'), 'PORT');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(r).toContainText('PORT');
  await expect(rowButton(r, 'Detail')).toHaveCount(0);

  await rowButton(r, 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, uniqueId)).toHaveCount(0);
});

test('Config AE: add with number and rates, edit, delete', async () => {
  const p = page();
  const uniqueId = await newDevice(p, 'ae');
  await p.goto('/master/config/ae');
  await addButton(p).click();
  const add = dialog(p, 'Add Config AE');
  await choose(p, field(add, 'Device'), uniqueId, { search: true });
  await field(add, 'Number').fill('2');
  await expectStep(field(add, 'Rate by Time'), '5', '5.1');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  const r = row(p, uniqueId);
  await expect(r).toContainText('5.1');
  await rowButton(r, 'Edit').click();
  const edit = dialog(p, 'Edit Config AE');
  await field(edit, 'Rate by Power').fill('0.2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(r).toContainText('0.2');
  await rowButton(r, 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, uniqueId)).toHaveCount(0);
});

test('Config Tank: the four required messages stop the save; add, filter by device, edit, delete', async () => {
  const p = page();
  await p.goto('/master/config/tank');
  await addButton(p).click();
  const add = dialog(p, 'Add Config Tank');
  await add.getByRole('button', { name: 'Save' }).click();
  for (const m of [
    'Device is required',
    'Tank Number is required',
    'Sensor Category is required',
    'Tank Header is required',
  ])
    await expect(fieldError(add, m)).toBeVisible();
  await expect(toast(p, 'Error found')).toHaveCount(0); // stopped in the browser: no call was made

  const tankNo = `E2E ${stamp}`;
  await choose(p, field(add, 'Device'), 'tank-tb01-1', { search: true });
  await field(add, 'Tank Number').fill(tankNo);
  await choose(p, field(add, 'Sensor Category'), 'Fuel Oil Storage Tank', { search: true });
  await choose(p, field(add, 'Tank Header'), 'TB Samudra Perkasa 01 – FO Tank 1P', { search: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  await noModal(p);
  await choose(p, p.locator('.filter-bar').getByLabel('Device', { exact: true }), 'tank-tb01-1', { search: true });
  await expect(row(p, tankNo)).toBeVisible();
  // the first data cell of each row (the row-selection checkbox comes before it)
  const devices = await p
    .locator('.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('td:not(.ant-table-selection-column)')?.textContent));
  for (const text of devices) expect(text).toBe('tank-tb01-1');

  await rowButton(row(p, tankNo), 'Edit').click();
  const edit = dialog(p, 'Edit Config Tank');
  await field(edit, 'Tank Number').fill(`${tankNo} A`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await rowButton(row(p, `${tankNo} A`), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, `${tankNo} A`)).toHaveCount(0);
});

test('Tank Header and Tank Detail: required messages, company filter, detail table with step 0.01 and a back link', async () => {
  const p = page();
  const name = unique('TB Samudra Perkasa 01 – Day Tank');
  await p.goto('/master/tank');
  await addButton(p).click();
  const add = dialog(p, 'Add New Tank Header');
  await add.getByRole('button', { name: 'Save' }).click();
  for (const m of ['Company is required', 'Tank Header Name is required', 'Unit is required', 'Fuel Type is required'])
    await expect(fieldError(add, m)).toBeVisible();
  await choose(p, field(add, 'Company'), 'PT Samudra Tirta Marine', { search: true });
  await field(add, 'Tank Header Name').fill(name);
  await field(add, 'Unit').fill('cm');
  await choose(p, field(add, 'Fuel Type'), 'HSD (High Speed Diesel)', { search: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  // company filter: All, then a company without this header
  const company = p.locator('.filter-bar').getByLabel('Company', { exact: true });
  await noModal(p);
  await choose(p, company, 'PT Borneo Tug & Barge', { search: true });
  await expect(row(p, name)).toHaveCount(0);
  await choose(p, company, 'All');
  await expect(row(p, name)).toBeVisible();

  await rowButton(row(p, name), 'Detail').click();
  await expect(p).toHaveURL(/\/master\/tank\/\d+$/);
  await expect(p.getByRole('heading', { name: `Tank Detail List: ${name}` })).toBeVisible();
  await addButton(p).click();
  const addRow = dialog(p, 'Add New Tank Detail');
  await addRow.getByRole('button', { name: 'Save' }).click();
  for (const m of ['Height is required', 'Volume is required', 'Weight is required'])
    await expect(fieldError(addRow, m)).toBeVisible();
  await expectStep(field(addRow, 'Height'), '10.5', '10.51');
  await field(addRow, 'Volume').fill('1200.25');
  await field(addRow, 'Weight').fill('1010.75');
  await addRow.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(addRow).toBeHidden();

  const r = row(p, '10.51');
  await expect(r).toContainText('1200.25');
  await rowButton(r, 'Edit').click();
  const edit = dialog(p, 'Edit Tank Detail');
  await field(edit, 'Weight').fill('1011.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(r).toContainText('1011.5');
  await rowButton(r, 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Tank Detail Deleted');
  await expect(row(p, '10.51')).toHaveCount(0);

  await p.getByRole('button', { name: 'Back' }).click();
  await expect(p).toHaveURL(/\/master\/tank$/);
  await rowButton(row(p, name), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Tank Header Deleted');
  await expect(row(p, name)).toHaveCount(0);
});
