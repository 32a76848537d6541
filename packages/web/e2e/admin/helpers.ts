import { existsSync } from 'node:fs';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import { chromiumPath } from '../../playwright.config.ts';
import { enterApp, expect, test, USERS } from '../fixtures.ts';

export { expect, test, USERS };

type User = { name: string; password: string };

/**
 * One browser context for the whole file (CI has two cores): the tests of the file run in order on one
 * page, signed in once through the login, company and application screens.
 */
export function signedInPage(user: User): () => Page {
  // round trips of many steps: a loaded machine must not turn them into timeouts
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.skip(!existsSync(chromiumPath), `No Chromium at ${chromiumPath}; set CHROMIUM_PATH to run the browser tests`);
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    page = await context.newPage();
    await enterApp(page, user);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => page;
}

/** A name no earlier run has used (the suite may run twice on one database while developing). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/** A toast (antd message) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

export async function expectToast(page: Page, text: string) {
  await expect(toast(page, text).first()).toBeVisible();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The open modal with this title (closed ones stay in the page, hidden). */
export function dialog(page: Page, title: string): Locator {
  return page
    .locator('.ant-modal')
    .filter({ visible: true })
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

/** A form field of a modal or page by its label. */
export function field(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The messages shown under a form field (antd Form.Item explain). */
export function fieldError(scope: Locator | Page, text: string): Locator {
  return scope.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

/**
 * Picks an option of an antd Select (typing narrows searchable ones). The option's text must equal `option`
 * ('Approved' is not 'Not Approved'), or contain it with `partial`.
 */
export async function choose(
  page: Page,
  select: Locator,
  option: string,
  opts: { search?: boolean; partial?: boolean } = {},
) {
  await select.click();
  if (opts.search) await select.pressSequentially(option.slice(0, 24));
  const text = opts.partial ? option : new RegExp(`^${escapeRegExp(option)}$`);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  await item.click();
  const open = page.locator('.ant-select-dropdown:visible');
  // a click that lands while the list still slides in can leave it open although the option was taken: close it
  // by hand rather than let the next step click through it
  try {
    await expect(open).toHaveCount(0, { timeout: 3000 });
  } catch {
    await page.keyboard.press('Escape');
    await expect(open).toHaveCount(0);
  }
}

/** The table row holding this text. */
export function row(scope: Page | Locator, text: string): Locator {
  return scope.locator('.ant-table-row').filter({ hasText: text });
}

/** A row button of the generic lists: icon-only, named "Edit …", "Delete …", "Detail …". */
export function rowButton(r: Locator, action: 'Edit' | 'Delete' | 'Detail'): Locator {
  return r.getByRole('button', { name: new RegExp(`^${action}\\b`) });
}

/** Confirms the open 'Delete this item ?' modal. */
export async function confirmDelete(page: Page) {
  const modal = dialog(page, 'Delete this item ?');
  // a click while the modal still zooms in can miss its button
  await expect(modal).not.toHaveClass(/ant-zoom-appear/);
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(modal).toBeHidden();
}

/** No modal is open or closing (a closing modal hands the focus back to the button that opened it). */
export async function noModal(page: Page) {
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

/** Types into a list's search box and applies it. */
export async function search(page: Page, text: string) {
  await noModal(page);
  const box = page.locator('.filter-bar input[type=text], .filter-bar input:not([type])').first();
  await box.click();
  await box.fill(text);
  await expect(box).toBeFocused();
  await box.press('Enter');
}

/** The header's Add button of a list. */
export const addButton = (page: Page) => page.locator('.page-head').getByRole('button', { name: 'Add', exact: true });

// ---- direct API calls (what the server refuses, test data the flows need)

/**
 * A request sent again while the server sheds it (503 with Retry-After, before handling it: safe for every method),
 * as the web client and devices do — a test's setup call should not fail because another test keeps the server busy.
 */
export async function fetchRetrying(
  request: APIRequestContext,
  url: string,
  options: Parameters<APIRequestContext['fetch']>[1],
): Promise<APIResponse> {
  let res = await request.fetch(url, options);
  for (let i = 0; i < 5 && res.status() === 503 && res.headers()['retry-after']; i++) {
    const seconds = Math.min(5, Math.max(0.5, Number(res.headers()['retry-after']) || 1));
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    res = await request.fetch(url, options);
  }
  return res;
}

export async function apiToken(request: APIRequestContext, user: User): Promise<string> {
  const res = await fetchRetrying(request, '/api/security/authentication/login', {
    method: 'POST',
    multipart: { username: user.name, password: user.password },
  });
  const body = await res.json();
  expect(body.data?.token, `login of ${user.name}`).toBeTruthy();
  return body.data.token as string;
}

export async function apiCall(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await fetchRetrying(request, `/api${path}`, {
    method,
    headers: { Authentication: token },
    data: data === undefined ? undefined : data,
  });
  return { status: res.status(), body: await res.json() };
}

/** What one list's add → find → edit → delete round trip needs. */
export interface RoundTrip {
  route: string;
  addTitle: string;
  editTitle: string;
  /** the label of the field holding the name the row is found by */
  nameLabel: string;
  name: string;
  renamed: string;
  /** the other fields of the add form */
  fill?: (modal: Locator) => Promise<void>;
  created: string;
  updated: string;
  deleted: string;
  /** the list has a search box (else the row is found on the first page) */
  searchable?: boolean;
}

/**
 * Adds a record through the form, finds it in the table, edits it, deletes it through the confirmation,
 * and sees the spec's toast at each step.
 */
export async function addFindEditDelete(page: Page, c: RoundTrip) {
  await page.goto(c.route);
  await addButton(page).click();
  const add = dialog(page, c.addTitle);
  await field(add, c.nameLabel).fill(c.name);
  await c.fill?.(add);
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, c.created);
  await expect(add).toBeHidden();

  if (c.searchable !== false) await search(page, c.name);
  await expect(row(page, c.name)).toBeVisible();
  await rowButton(row(page, c.name), 'Edit').click();
  const edit = dialog(page, c.editTitle);
  await expect(field(edit, c.nameLabel)).toHaveValue(c.name);
  await field(edit, c.nameLabel).fill(c.renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, c.updated);
  await expect(edit).toBeHidden();

  if (c.searchable !== false) await search(page, c.renamed);
  await expect(row(page, c.renamed)).toBeVisible();
  await rowButton(row(page, c.renamed), 'Delete').click();
  await confirmDelete(page);
  await expectToast(page, c.deleted);
  await expect(row(page, c.renamed)).toHaveCount(0);
}
