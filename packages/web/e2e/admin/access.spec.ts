import {
  addButton,
  choose,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './helpers.ts';

// Permission, Role and Role Detail, User and User Detail (spec 001 §2), as an administrator.
const page = signedInPage(USERS.admin);

test('Permission: add with operations, created date with time, edit, delete; a refused name shows under the field', async () => {
  const p = page();
  const name = `e2e_${Date.now().toString(36)}`;
  await p.goto('/master/permission');
  await addButton(p).click();
  const add = dialog(p, 'Add New Permission');
  await field(add, 'Name').fill('Not A Key');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Name may contain only lower-case letters')).toBeVisible();

  await field(add, 'Name').fill(name);
  await add.getByRole('checkbox', { name: 'delete' }).uncheck();
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  await search(p, name);
  const r = row(p, name);
  await expect(r).toContainText('create');
  await expect(r).not.toContainText('delete');
  await expect(r).toContainText(/\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}:\d{2}/);
  await expect(rowButton(r, 'Detail')).toHaveCount(0);

  await rowButton(r, 'Edit').click();
  const edit = dialog(p, 'Edit Permission');
  await expect(edit.getByRole('checkbox', { name: 'delete' })).not.toBeChecked();
  await edit.getByRole('checkbox', { name: 'delete' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(r).toContainText('delete');

  await rowButton(r, 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, name)).toHaveCount(0);
});

test('Role and Role Detail: add a permission with operations, picker leaves it out, edit a row and save it, remove', async () => {
  const p = page();
  const name = unique('Fuel Auditor');
  await p.goto('/master/role');
  await addButton(p).click();
  const add = dialog(p, 'Add New Role');
  await field(add, 'Role Name').fill(name);
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Role added');
  await expect(add).toBeHidden();

  await search(p, name);
  await rowButton(row(p, name), 'Edit').click();
  const edit = dialog(p, 'Edit Role');
  await field(edit, 'Role Name').fill(`${name} Senior`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await search(p, `${name} Senior`);
  await rowButton(row(p, `${name} Senior`), 'Detail').click();
  await expect(p).toHaveURL(/\/master\/role\/\d+$/);
  await expect(p.getByRole('heading', { name: `Role: ${name} Senior` })).toBeVisible();

  // add master_fuel_type with create + read
  const addCard = p.locator('.admin-add-card');
  await choose(p, addCard.getByRole('combobox'), 'master_fuel_type', { search: true });
  await addCard.getByRole('checkbox', { name: 'create' }).check();
  await addCard.getByRole('button', { name: 'Add' }).click();
  await expectToast(p, 'Success');
  const granted = row(p, 'master_fuel_type');
  await expect(granted.getByRole('checkbox', { name: 'create' })).toBeChecked();
  await expect(granted.getByRole('checkbox', { name: 'read' })).toBeChecked();
  await expect(granted.getByRole('checkbox', { name: 'update' })).not.toBeChecked();

  // the picker no longer offers it
  await addCard.getByRole('combobox').click();
  await addCard.getByRole('combobox').pressSequentially('master_fuel');
  await expect(p.locator('.ant-select-dropdown:visible')).toContainText('Nothing left to add');
  await p.keyboard.press('Escape');

  // operations edited in the row and saved for that row only
  await granted.getByRole('checkbox', { name: 'update' }).check();
  await granted.getByRole('button', { name: /^Save/ }).click();
  await expectToast(p, 'Updated');
  await p.reload();
  await expect(row(p, 'master_fuel_type').getByRole('checkbox', { name: 'update' })).toBeChecked();

  await rowButton(row(p, 'master_fuel_type'), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, 'master_fuel_type')).toHaveCount(0);

  await p.getByRole('button', { name: 'Back' }).click();
  await search(p, `${name} Senior`);
  await rowButton(row(p, `${name} Senior`), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
});

test('User: add creates the user and its login; detail edits status, companies, roles and assets; delete', async () => {
  const p = page();
  const stamp = Date.now().toString(36);
  const email = `nahkoda.${stamp}@fleet.demo`;
  const login = `nahkoda_${stamp}`;
  await p.goto('/master/user');
  for (const header of ['Email', 'Username', 'Status', 'Created', 'Action'])
    await expect(p.getByRole('columnheader', { name: header, exact: true })).toBeVisible();

  await addButton(p).click();
  const add = dialog(p, 'Add New User');
  await field(add, 'Email').fill(email);
  await field(add, 'Login Name').fill(login);
  await field(add, 'Password').fill('short');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Password must be at least 8 characters')).toBeVisible();
  // nothing was stored (user and login are saved as one): the e-mail stays editable
  await expect(field(add, 'Email')).toBeEnabled();
  await field(add, 'Password').fill('Nahkoda#2026');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  await search(p, email);
  const r = row(p, email);
  await expect(r).toContainText(login);
  await expect(r).toContainText('Active');
  await expect(r).toContainText(/\d{2} [A-Z][a-z]+ \d{4}/);
  await rowButton(r, 'Edit').click();
  await expect(p).toHaveURL(new RegExp(`/master/user/${encodeURIComponent(email).replace('.', '\\.')}$`));
  const account = p.locator('form#user-detail');
  await expect(field(account, 'Email')).toBeDisabled();
  await expect(field(account, 'Email')).toHaveValue(email);
  await expect(field(account, 'Login Name')).toHaveValue(login);
  await choose(p, field(account, 'Status'), 'Inactive');
  await p.locator('.page-head').getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');

  // User Company: all assets defaults to Yes
  const tabs = p.locator('.ant-tabs');
  await expect(tabs.locator('.ant-select', { has: p.getByLabel('All Assets') })).toContainText('Yes');
  await choose(p, tabs.getByRole('combobox').first(), 'PT Borneo Tug & Barge', { search: true, partial: true });
  await tabs.getByRole('button', { name: 'Add' }).click();
  await expectToast(p, 'Company added');
  await expect(row(tabs, 'PT Borneo Tug & Barge')).toContainText('Yes');
  await tabs.getByRole('combobox').first().click();
  await tabs.getByRole('combobox').first().pressSequentially('Borneo');
  await expect(p.locator('.ant-select-dropdown:visible')).toContainText('Nothing left to add');
  await p.keyboard.press('Escape');

  // User Role
  await tabs.getByRole('tab', { name: 'User Role' }).click();
  const roleTab = tabs.getByRole('tabpanel', { name: 'User Role' });
  await choose(p, roleTab.getByRole('combobox'), 'Operator', { search: true });
  await roleTab.getByRole('button', { name: 'Add' }).click();
  await expectToast(p, 'Role added');
  await expect(add).toBeHidden();
  await expect(row(roleTab, 'Operator')).toBeVisible();

  // User Asset: the vessels of the user's company (PT Borneo Tug & Barge, not the administrator's active one)
  await tabs.getByRole('tab', { name: 'User Asset' }).click();
  const assetTab = tabs.getByRole('tabpanel', { name: 'User Asset' });
  await choose(p, assetTab.getByRole('combobox'), 'MV Mahakam Express', { search: true });
  await assetTab.getByRole('button', { name: 'Add' }).click();
  await expectToast(p, 'Asset added');
  await expect(row(assetTab, 'MV Mahakam Express')).toBeVisible();
  await rowButton(row(assetTab, 'MV Mahakam Express'), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(assetTab, 'MV Mahakam Express')).toHaveCount(0);

  await p.getByRole('button', { name: 'Back' }).click();
  await search(p, email);
  await expect(row(p, email)).toContainText('Inactive');
  await rowButton(row(p, email), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, email)).toHaveCount(0);
});
