import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  apiCall,
  apiToken,
  dialog,
  expect,
  expectToast,
  field,
  row,
  signedInPage,
  test,
  USERS,
} from './admin/helpers.ts';
import { latestMailTo, resetLinkIn, signIn } from './fixtures.ts';

// An administrator's actions on a user's access from User Detail → Access, the User form's stale-edit check, and the
// screens of issue 28's messages at a phone's width. One throwaway user, deleted at the end.
const page = signedInPage(USERS.admin);
const stamp = Date.now().toString(36).slice(-6);
const user = { email: `access.${stamp}@fleet.demo`, name: `access_${stamp}`, password: 'Harbour#2026' };
let token: string;
/** the throwaway user's own browser */
let other: { context: BrowserContext; page: Page } | null = null;

const login = (p: Page, password: string) =>
  p.request.post('/api/security/authentication/login', { multipart: { username: user.name, password } });

async function openAccess(p: Page) {
  await p.goto(`/master/user/${encodeURIComponent(user.email)}`);
  const tabs = p.locator('.ant-tabs');
  await tabs.getByRole('tab', { name: 'Access' }).click();
  return tabs.getByRole('tabpanel', { name: 'Access' });
}

async function confirm(p: Page, title: string, button: string) {
  const modal = dialog(p, title);
  await expect(modal).not.toHaveClass(/ant-zoom-appear/);
  await modal.getByRole('button', { name: button, exact: true }).click();
  await expect(modal).toBeHidden();
}

async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  other = { context, page: await context.newPage() };
  return other.page;
}

test.beforeAll(async () => {
  const p = page();
  token = await apiToken(p.request, USERS.admin);
  const made = await apiCall(p.request, token, 'POST', '/master/user_account', {
    userId: user.email,
    userStatus: 1,
    usloUserName: user.name,
    usloPassword: user.password,
  });
  expect(made.status).toBe(200);
  const companies = await apiCall(p.request, token, 'GET', '/master/company?max=1');
  await apiCall(p.request, token, 'POST', '/master/user_company', {
    uscoUserId: user.email,
    uscoCompId: companies.body.data[0].compId,
    uscoAllAssets: 1,
  });
});

test.afterAll(async ({ playwright }) => {
  await other?.context.close();
  // the shared page is closed by now (its afterAll runs first): a request context of its own
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const gone = await apiCall(request, token, 'DELETE', `/master/user/${encodeURIComponent(user.email)}`);
  expect(gone.status).toBe(200);
  await request.dispose();
});

test('a user locked by failed sign-ins is unlocked from Access and signs in again', async ({ browser }) => {
  const p = page();
  // the server locks an account after 5 failed sign-ins in a row (docs/api.md)
  for (let i = 0; i < 5; i++) expect((await login(p, 'wrong-password')).status()).toBe(401);
  expect((await login(p, user.password)).status()).toBe(429);

  const access = await openAccess(p);
  await expect(access.getByText(/^Locked after too many failed sign-ins/)).toBeVisible();
  await access.getByRole('button', { name: 'Unlock' }).click();
  await confirm(p, `Unlock ${user.email}?`, 'Unlock');
  await expectToast(p, 'Account unlocked');
  await expect(access.getByText('Not locked')).toBeVisible();
  await expect(access.getByRole('button', { name: 'Unlock' })).toHaveCount(0);

  // the user's own browser signs in (it stays signed in for the next test)
  await signIn(await otherBrowser(browser), user.name, user.password);
});

test("the session of the user's browser is seen and ended; that browser is signed out on its next call", async () => {
  const p = page();
  const access = await openAccess(p);
  const sessions = access.locator('.ant-table-row');
  await expect(sessions).toHaveCount(1);
  // where it is: the browser the user signed in with (this run's Chromium, headless or not, on Linux)
  await expect(sessions.getByRole('cell', { name: /^(Headless )?Chrome \d+ on Linux$/ })).toBeVisible();
  await sessions.getByRole('button', { name: /^End the session signed in / }).click();
  await confirm(p, 'End this session?', 'End');
  await expectToast(p, 'Sessions ended: 1');
  await expect(access.getByText('No open sessions')).toBeVisible();

  const theirs = other!.page;
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/auth\/login/);
});

test('End all sessions signs the user out everywhere', async () => {
  const p = page();
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await (await login(p, user.password)).json()).data.token);
  const access = await openAccess(p);
  await expect(access.locator('.ant-table-row')).toHaveCount(2);
  await access.getByRole('button', { name: 'End all sessions' }).click();
  await confirm(p, `End all sessions of ${user.email}?`, 'End all sessions');
  await expectToast(p, 'Sessions ended: 2');
  await expect(access.getByText('No open sessions')).toBeVisible();
  for (const t of tokens) expect((await apiCall(p.request, t, 'GET', '/master/asset')).status).toBe(401);
});

test('Send reset link mails the user the link to a new password', async () => {
  const p = page();
  const before = latestMailTo(user.email);
  const access = await openAccess(p);
  await access.getByRole('button', { name: 'Send reset link' }).click();
  await confirm(p, `Send a reset link to ${user.email}?`, 'Send');
  await expectToast(p, `Reset link sent to ${user.email}`);
  await expect
    .poll(() => {
      const mail = latestMailTo(user.email);
      return mail !== before && mail !== null && resetLinkIn(mail) !== null;
    })
    .toBe(true);
});

test('User Detail refuses to overwrite a user changed after it was opened', async () => {
  const p = page();
  await p.goto(`/master/user/${encodeURIComponent(user.email)}`);
  const loginName = field(p, 'Login Name');
  await expect(loginName).toHaveValue(user.name);
  const opened = (await apiCall(p.request, token, 'GET', `/master/user/${encodeURIComponent(user.email)}`)).body.data;
  const version = Date.parse(opened.userUpdatedTime ?? opened.userCreatedTime);
  // someone else saves the user (in a later second than the version the form holds: the check is to the second)
  await expect
    .poll(async () => {
      const saved = await apiCall(p.request, token, 'PUT', `/master/user_account/${encodeURIComponent(user.email)}`, {
        userStatus: 1,
        usloUserName: `${user.name}_b`,
      });
      return Date.parse(saved.body.data.userUpdatedTime) > version;
    })
    .toBe(true);

  await loginName.fill(`${user.name}_mine`);
  await p.locator('.page-head').getByRole('button', { name: 'Save' }).click();
  await expectToast(
    p,
    'This record was changed by someone else after you opened it. Close the form, open the record again and repeat your change.',
  );
  const stored = (await apiCall(p.request, token, 'GET', `/master/user/${encodeURIComponent(user.email)}`)).body.data;
  expect(stored.userUslo.usloUserName).toBe(`${user.name}_b`);
});

test.describe('at a phone width', () => {
  test.beforeAll(async () => {
    await page().setViewportSize({ width: 390, height: 844 });
  });
  test.afterAll(async () => {
    await page().setViewportSize({ width: 1366, height: 800 });
  });

  test("Role Detail's operations stay inside the Add Permission card", async () => {
    const p = page();
    await p.goto('/master/role');
    await row(p, 'Administrator')
      .getByRole('button', { name: /^Detail\b/ })
      .click();
    const card = p.locator('.admin-add-card');
    const last = card.getByRole('checkbox', { name: 'delete' });
    await expect(last).toBeVisible();
    const box = (await card.boundingBox())!;
    const label = (await card.locator('.ant-checkbox-wrapper', { hasText: 'delete' }).boundingBox())!;
    expect(label.x + label.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the map's live dot does not show through the user menu", async () => {
    const p = page();
    await p.goto('/home');
    const dot = p.getByTestId('live-status');
    await expect(dot).toBeVisible();
    await p.getByRole('button', { name: /^User menu of / }).click();
    const menu = p.locator('.user-menu');
    await expect(menu).toBeVisible();
    const d = (await dot.boundingBox())!;
    const m = (await menu.boundingBox())!;
    // the dot lies under the menu here; what is drawn at its centre is the menu
    expect(d.x >= m.x && d.x + d.width <= m.x + m.width && d.y >= m.y && d.y + d.height <= m.y + m.height).toBe(true);
    const onTop = await p.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('.user-menu'),
      [d.x + d.width / 2, d.y + d.height / 2],
    );
    expect(onTop).toBe(true);
    await p.keyboard.press('Escape');
  });
});
