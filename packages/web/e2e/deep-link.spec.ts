import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';

// Issue 28: a page asked for before sign-in and selection (a link opened in a new tab, a session that ended) is where
// the user lands afterwards; an ended session is noticed on any call, the live ticket included, and told once.
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let deviceId: number;

const toast = (p: Page, text: string) => p.locator('.ant-message-notice').filter({ hasText: text });
const token = (p: Page) => p.evaluate(() => localStorage.getItem('token'));

/** Ends the page's session on the server (as signing out elsewhere would). */
async function endSession(p: Page) {
  const res = await p.request.get('/api/security/authentication/logout', {
    headers: { Authentication: (await token(p))! },
  });
  expect(res.ok()).toBe(true);
}

/** Signs in on the Login page, then confirms the company and the FMS application. */
async function signInAndChoose(p: Page) {
  await p.getByLabel('Username or Email').fill(USERS.admin.name);
  await p.getByLabel('Password').fill(USERS.admin.password);
  await p.getByRole('button', { name: 'Sign In' }).click();
  await p.getByRole('button', { name: 'Confirm', exact: true }).click();
  await p.locator('[data-app=fms]').click();
  await p.getByRole('button', { name: 'Confirm Selection' }).click();
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  await enterApp(page, USERS.admin);
  const res = await page.request.get('/api/master/device?max=1', { headers: { Authentication: (await token(page))! } });
  deviceId = (await res.json()).data[0].devcId;
});
test.afterAll(() => context?.close());

test('a link opened in a new tab of a signed-in browser opens its page, not Home', async () => {
  const tab = await context.newPage(); // a new tab: no session storage of its own yet
  await tab.goto(`/master/device/detail/${deviceId}`);
  await expect(tab.getByRole('heading', { name: 'Device Log Detail' })).toBeVisible();
  await expect(tab).toHaveURL(new RegExp(`/master/device/detail/${deviceId}$`));
  await tab.close();
});

test('without a session: sign in, choose company and application, then the page asked for', async ({ browser }) => {
  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  await p.goto(`/master/device/detail/${deviceId}?tab=log`);
  await expect(p).toHaveURL(/\/auth\/login$/);
  await signInAndChoose(p);
  await expect(p).toHaveURL(new RegExp(`/master/device/detail/${deviceId}\\?tab=log$`));
  await fresh.close();
});

test("toasts open below the navigation bar; a Refresh meeting an ended session shows only 'Please re-login'", async () => {
  await page.goto('/master/device');
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await refresh.click();
  await expect(toast(page, 'Refreshed')).toBeVisible();
  const bar = (await page.locator('header.navbar').boundingBox())!;
  expect((await toast(page, 'Refreshed').boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await shot(page, 'toast-below-navbar');
  await expect(toast(page, 'Refreshed')).toHaveCount(0);

  // every toast shown from now on, in order
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenToasts: seen });
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-message-notice'))
        if (!seen.includes(n.textContent ?? '')) seen.push(n.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  await endSession(page);
  await refresh.click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, 'Please re-login')).toBeVisible();
  await expect(toast(page, 'Please re-login')).toHaveCount(0); // the toasts of that moment have gone
  expect(await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts)).toEqual([
    'Please re-login',
  ]);
  // signed in again: back on the page that was open
  await signInAndChoose(page);
  await expect(page).toHaveURL(/\/master\/device$/);
});

test('a session that ends while only the live connection asks (its ticket) is noticed: told, sent to sign in', async () => {
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/api\/socket/, (ws) => {
    socket = ws;
    ws.connectToServer();
  });
  await page.goto('/profile'); // a page that asks nothing more once open; the high-event alerts keep a live connection
  await expect.poll(() => !!socket).toBe(true);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(new URL(r.url()).pathname);
  });
  await endSession(page);
  // the server drops the live connection of an ended session; the page asks for a new ticket
  await socket!.close({ code: 4000, reason: 'session ended' });
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, 'Please re-login')).toBeVisible();
  expect(refused[0]).toBe('/api/socket/ticket');
  await page.unrouteAll();
});
