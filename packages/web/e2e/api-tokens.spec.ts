import {
  apiCall,
  choose,
  dialog,
  expect,
  expectToast,
  field,
  noModal,
  row,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';
import { openUserMenu, shot } from './fixtures.ts';

// Issue 31: an administrator makes a token for an integration, which reads the API with it and no password; the
// token's use shows in the list; revoked, it is refused at once.
const page = signedInPage(USERS.admin);

test('create an API token, read the API with it, see its use, revoke it', async () => {
  const p = page();
  const name = unique('ERP export');
  await noModal(p);
  const menu = await openUserMenu(p);
  await menu.getByRole('menuitem', { name: 'API Tokens', exact: true }).click();
  await expect(p).toHaveURL(/\/master\/api-tokens$/);
  await expect(p.getByRole('heading', { name: 'API Tokens' })).toBeVisible();

  await p.getByRole('button', { name: 'Create token' }).click();
  const form = dialog(p, 'Create API token');
  // nothing is sent without its fields
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Required')).toHaveCount(3);
  await field(form, 'Name').fill(name);
  await choose(p, field(form, 'Company'), 'PT Samudra', { partial: true });
  await choose(p, field(form, 'Role'), 'Operator');
  await form.getByRole('button', { name: 'Create token' }).click();

  const secret = dialog(p, 'Your new API token');
  await expect(secret).toContainText('it is shown only this once');
  const token = await secret.getByTestId('issued-token').inputValue();
  expect(token).toMatch(/^fmt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await shot(p, 'api-token-secret');
  await secret.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secret).toBeHidden();

  // the integration: no password, the token in the Authentication header
  const assets = await apiCall(p.request, token, 'GET', '/master/asset?max=5');
  expect(assets.status).toBe(200);
  expect(assets.body.data.length).toBeGreaterThan(0);
  const denied = await apiCall(p.request, token, 'GET', '/account/profile');
  expect(denied.status).toBe(403);

  await p.reload();
  const listed = row(p, name);
  await expect(listed).toContainText('Operator');
  await expect(listed).toContainText('Active');
  await expect(listed).toContainText('Last 24 h — reads: 1, writes: 0');
  await expect(listed).not.toContainText(token);
  await shot(p, 'api-tokens-list');

  await listed.getByRole('button', { name: `Revoke ${name}` }).click();
  await p.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
  await expectToast(p, 'Token revoked');
  await expect(listed).toContainText('Revoked');
  const refused = await apiCall(p.request, token, 'GET', '/master/asset?max=5');
  expect(refused.status).toBe(401);
});
