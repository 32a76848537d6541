import { createRequire } from 'node:module';
import { join } from 'node:path';
import { adminApi } from './assets-data.ts';
import {
  dataDir,
  enterApp,
  expect,
  latestMailTo,
  openUserMenu,
  resetLinkIn,
  shot,
  signIn,
  test,
  USERS,
} from './fixtures.ts';

// the server's SQLite driver (a dependency of @fleet/server) opens the database of the running server
const Database: typeof import('better-sqlite3') = createRequire(new URL('../../server/package.json', import.meta.url))(
  'better-sqlite3',
);

test.describe('sign in (spec 000 §2 Login, §5, §8)', () => {
  test('signs in with the login name and goes to company selection', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('checkbox', { name: 'Remember my email' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible();
    await shot(page, 'login');
    await signIn(page, USERS.admin.name, USERS.admin.password);
    await expect(page.getByRole('heading', { name: 'Select Company' })).toBeVisible();
  });

  test('plays the 1080p background from 1080 px wide, else 720p, with a spinner until it plays', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('video')).toHaveAttribute('src', '/video/sea-1080p.webm');
    await expect(page.getByRole('status', { name: 'Loading background video' })).toBeHidden();
    await page.setViewportSize({ width: 1000, height: 760 });
    await page.reload();
    await expect(page.locator('video')).toHaveAttribute('src', '/video/sea-720p.webm');
  });

  test('signs in with the e-mail address', async ({ page }) => {
    await signIn(page, USERS.operator.email, USERS.operator.password);
    await expect(page.getByText(USERS.operator.email)).toBeVisible();
  });

  test("blank fields show 'Can not be empty' under both", async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username or Email').fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Can not be empty')).toHaveCount(2);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a wrong password shows 'Invalid Username or Password' under both fields", async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username or Email').fill(USERS.admin.name);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid Username or Password')).toHaveCount(2);
    await shot(page, 'login-failed');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('remembers the e-mail when asked, and forgets it when not', async ({ page }) => {
    await signIn(page, USERS.operator.email, USERS.operator.password);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel('Username or Email')).toHaveValue(USERS.operator.email);

    await page.getByLabel('Password').fill(USERS.operator.password);
    await page.getByRole('checkbox', { name: 'Remember my email' }).uncheck();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/preference\/active-company$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByLabel('Username or Email')).toHaveValue('');
  });

  test('an existing session goes straight to company selection', async ({ page }) => {
    await signIn(page, USERS.admin.name, USERS.admin.password);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/preference\/active-company$/);
  });

  test('pages other than /auth need a session', async ({ page }) => {
    await page.goto('/master/device');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/preference/active-app');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe('password reset (spec 000 §2, §5, §8)', () => {
  test('forgot password → mail in the outbox → update password → sign in with the new password', async ({
    page,
    request,
  }) => {
    // a user of its own: the demo users' passwords stay what the other specs sign in with
    const stamp = Date.now().toString(36);
    const user = { name: `zzreset${stamp}`, email: `zz-reset-${stamp}@fleet.demo` };
    const { call } = await adminApi(request);
    await call('POST', '/master/user_account', {
      userId: user.email,
      usloUserName: user.name,
      usloPassword: 'Reset#Start2026',
    });
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Request Reset Password' }).click();
    await expect(page.getByText('Please check your email for further information.')).toBeVisible();
    await shot(page, 'forgot-password-sent');

    let link: string | null = null;
    await expect
      .poll(() => {
        const mail = latestMailTo(user.email);
        link = mail && resetLinkIn(mail);
        return link;
      })
      .toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Update Password' })).toBeVisible();
    const newPassword = 'Harbour#Pilot42';
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password does not match')).toBeVisible();

    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully. You will be redirectet to login page.')).toBeVisible();
    await shot(page, 'update-password-done');
    // Login after 5 seconds, without touching anything
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 9000 });

    await signIn(page, user.name, newPassword);
    // the link works once
    await page.goto(link!);
    await page.getByLabel('New Password').fill('Another#Pass99');
    await page.getByLabel('Confirm Password').fill('Another#Pass99');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Failed to update password')).toBeVisible();
  });

  test("forgot password with a blank e-mail shows 'Can not be empty'", async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Request Reset Password' }).click();
    await expect(page.getByText('Can not be empty')).toBeVisible();
  });
});

test.describe('session end (spec 000 §8)', () => {
  test('Sign Out logs out and goes to /auth/login; the session is gone', async ({ page }) => {
    await enterApp(page, USERS.operator);
    const menu = await openUserMenu(page);
    await menu.getByText('Sign Out').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("an unknown token: toast 'Please re-login' and back to Login", async ({ page }) => {
    await enterApp(page, USERS.operator);
    await page.evaluate(() => localStorage.setItem('token', 'no-such-token'));
    // the next call with that token (the fleet map's refresh, or the page opened now) is refused
    await page.goto('/master/asset');
    await expect(page.getByText('Please re-login')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an idle-expired session (errorCode 411) is treated as logged out and ends at Login', async ({ page }) => {
    await enterApp(page, USERS.admin);
    // read the server's answer on its way to the page (the page navigates away from it at once); installed before
    // the session expires, so a background call of the page that meets the expiry first is seen too
    let errorCode: number | null = null;
    await page.route('**/api/**', async (route) => {
      const response = await route.fetch();
      const code = (await response.json().catch(() => null))?.status?.errorCode;
      if (code === 411) errorCode = code;
      await route.fulfill({ response });
    });
    // the session's last request was 30 days ago: past SESSION_IDLE_HOURS
    const db = new Database(join(dataDir(), 'fleet.db'));
    try {
      db.prepare('UPDATE session_token SET sess_last_seen_time = sess_last_seen_time - ? WHERE sess_user_id = ?').run(
        30 * 86400,
        USERS.admin.email,
      );
    } finally {
      db.close();
    }
    // the next call of the page (the fleet map's refresh, or the page opened now) meets the expired session
    await page.goto('/master/asset');
    await expect.poll(() => errorCode).toBe(411);
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
