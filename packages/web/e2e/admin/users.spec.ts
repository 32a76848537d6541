import {
  addButton,
  apiCall,
  apiToken,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  row,
  search,
  signedInPage,
  test,
  USERS,
} from './helpers.ts';

// Add New User and User Detail save a user and its login as one (issue 11 items 1, 3, 4, 5; issue 10 item 2).
const page = signedInPage(USERS.admin);

test('Add New User with an empty login stores nothing and shows the messages under the fields', async ({ request }) => {
  const p = page();
  const stamp = Date.now().toString(36);
  const email = `half.${stamp}@fleet.demo`;
  await p.goto('/master/user');
  await addButton(p).click();
  const add = dialog(p, 'Add New User');
  await field(add, 'Email').fill(email);
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Login Name is required')).toBeVisible();
  await expect(fieldError(add, 'Password is required')).toBeVisible();
  // nothing was created: the e-mail stays editable and the list does not know the user
  await expect(field(add, 'Email')).toBeEnabled();
  const token = await apiToken(request, USERS.admin);
  const found = await apiCall(request, token, 'GET', `/master/user?finds[userId]=${encodeURIComponent(email)}`);
  expect(found.body.data).toEqual([]);

  await field(add, 'Login Name').fill(`half_${stamp}`);
  await field(add, 'Password').fill('Harbour#2026');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();
  await search(p, email);
  await expect(row(p, email)).toContainText(`half_${stamp}`);
});

test('Add New User: an empty form shows the e-mail message; a later refusal clears the old messages', async () => {
  const p = page();
  await p.goto('/master/user');
  await addButton(p).click();
  const add = dialog(p, 'Add New User');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Email is required')).toBeVisible();

  await field(add, 'Email').fill('not-an-address');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(add, 'Email must be a valid e-mail address')).toBeVisible();

  await field(add, 'Email').fill(USERS.operator.email);
  await field(add, 'Login Name').fill(`dup_${Date.now().toString(36)}`);
  await field(add, 'Password').fill('Harbour#2026');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'A user with this e-mail already exists');
  await expect(add.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await add.getByRole('button', { name: 'Cancel' }).click();
});

test("Add New User refuses another user's e-mail as a login name, in any case", async () => {
  const p = page();
  await p.goto('/master/user');
  await addButton(p).click();
  const add = dialog(p, 'Add New User');
  await field(add, 'Email').fill(`twin.${Date.now().toString(36)}@fleet.demo`);
  await field(add, 'Login Name').fill('OTHER@fleet.demo');
  await field(add, 'Password').fill('Harbour#2026');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'This login name is the e-mail of another user');
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
});

test('User Detail: a save with an empty login name changes nothing and shows one message', async ({ request }) => {
  const p = page();
  await p.goto(`/master/user/${encodeURIComponent(USERS.operator.email)}`);
  const account = p.locator('form#user-detail');
  await expect(field(account, 'Login Name')).toHaveValue(USERS.operator.name);
  await field(account, 'Status').click();
  await p
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Inactive$/ })
    .click();
  await field(account, 'Login Name').fill('');
  await p.locator('.page-head').getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(account, 'Login Name is required')).toBeVisible();
  await expect(account.locator('.ant-form-item-explain-error')).toHaveCount(1);
  const token = await apiToken(request, USERS.admin);
  const stored = await apiCall(request, token, 'GET', `/master/user/${encodeURIComponent(USERS.operator.email)}`);
  expect(stored.body.data.userStatus).toBe(1);
});
