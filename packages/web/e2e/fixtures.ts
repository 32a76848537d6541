import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { chromiumPath } from '../playwright.config.ts';

/** Every spec uses this `test`: skipped, with the reason, when there is no browser to drive. */
export const test = base.extend({});
test.beforeEach(() => {
  test.skip(!existsSync(chromiumPath), `No Chromium at ${chromiumPath}; set CHROMIUM_PATH to run the browser tests`);
});

export { expect };

/** The demo users seeded by DEMO=1 (README "Demo users"). */
export const USERS = {
  admin: { name: 'admin', email: 'admin@fleet.demo', password: 'Admin#2026' },
  operator: { name: 'operator', email: 'operator@fleet.demo', password: 'Operator#2026' },
  other: { name: 'other', email: 'other@fleet.demo', password: 'Other#2026' },
} as const;

/** The server's data folder (the outbox of password-reset mails, the SQLite file). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with npm run test:e2e');
  return dir;
}

/** Fills the login form and signs in; resolves on the company selection page. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/preference\/active-company$/);
}

/** Signs in and goes through company and application selection. */
export async function enterApp(page: Page, user: { name: string; password: string }, app: 'fms' | 'bunkering' = 'fms') {
  await signIn(page, user.name, user.password);
  await chooseCompanyAndApp(page, app);
}

/**
 * A second tab of a browser that is signed in already: the sign-in page finds the stored session and forwards to
 * company selection by itself (filling the form would race that forward), then company and application.
 */
export async function enterAppInAnotherTab(page: Page, app: 'fms' | 'bunkering' = 'fms') {
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/preference\/active-company$/);
  await chooseCompanyAndApp(page, app);
}

/** From the company selection page: confirms the active company, then picks the application. */
async function chooseCompanyAndApp(page: Page, app: 'fms' | 'bunkering') {
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/preference\/active-app$/);
  await page.locator(`[data-app=${app}]`).click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  // the bunker dashboard writes its filter into the query string as soon as it opens
  await expect(page).toHaveURL(app === 'fms' ? /\/home$/ : /\/dashboard\/bunker(\?.*)?$/);
}

/** Opens the user menu of the navigation bar. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^User menu of / }).click();
  return page.locator('.user-menu');
}

/** The newest mail in DATA_DIR/outbox addressed to `to`, as text. */
export function latestMailTo(to: string): string | null {
  const dir = join(dataDir(), 'outbox');
  if (!existsSync(dir)) return null;
  const mails = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => new RegExp(`^To:.*${to.replace(/[.@]/g, '\\$&')}`, 'mi').test(m));
  return mails.at(-1) ?? null;
}

/** A screenshot of the current screen into the test's output folder (kept for review). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The update-password link of a reset mail (quoted-printable decoded), as a path of this site. */
export function resetLinkIn(mail: string): string | null {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const m = /https?:\/\/[^\s"<]+(\/auth\/update-password\/[^\s"<]+)/.exec(decoded);
  return m ? m[1] : null;
}
