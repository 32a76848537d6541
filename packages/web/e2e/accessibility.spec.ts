import type { Page } from '@playwright/test';
import { anonymousRowButtons, contrastOffenders, focused, focusInDialog, unnamedInputs } from './a11y-audit.ts';
import { enterApp, expect, test, USERS } from './fixtures.ts';
import { apiToken, byName, demoAssets, viewQuery } from './report-data.ts';

/**
 * Accessibility basics (issue 27, docs/decisions.md): AA contrast of every visible text, a name for every form
 * control, row buttons named with their row, the skip link, dialogs reachable and left with the keyboard.
 */

/** The audits of the screen as it stands; `what` names it in the messages. */
async function audit(page: Page, what: string, { rows = false } = {}) {
  // the route's data and fonts have arrived (no spinner of antd left)
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect.soft(await contrastOffenders(page), `${what}: texts below WCAG AA contrast`).toEqual([]);
  expect.soft(await unnamedInputs(page), `${what}: form controls without a name`).toEqual([]);
  if (rows) expect.soft(await anonymousRowButtons(page), `${what}: row buttons not naming their row`).toEqual([]);
}

/** Opens a dialog from `opener` with the keyboard; focus goes in and Tab keeps it there. */
async function openWithKeyboard(page: Page, opener: ReturnType<Page['locator']>) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-modal-wrap:visible, [role=dialog]:visible').first()).toBeVisible();
  await expect.poll(() => focusInDialog(page), 'focus moves into the dialog').toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), `Tab ${i + 1} stays in the dialog (at ${await focused(page)})`).toBe(true);
  }
}

test.describe('Accessibility basics (issue 27)', () => {
  test('login page: contrast and labelled inputs', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByLabel('Username or Email')).toBeVisible();
    await audit(page, 'Login');
  });

  test('skip link: the first Tab stop of a signed-in page, moving focus to main', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/home');
    await expect(page.locator('main#main')).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // visually hidden until focused
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    // the next Tab goes on inside main, not back to the navigation bar
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await audit(page, 'Home (fleet map)');
  });

  test('Bunkering Log', async ({ page }) => {
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/bunkering-log');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await audit(page, 'Bunkering Log', { rows: true });
  });

  test('Event Log', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/event/log');
    await expect(page.getByRole('heading', { name: 'Event Log', level: 1 })).toBeVisible();
    await audit(page, 'Event Log', { rows: true });
  });

  test('Report Summary: audits; the share dialog opened with Enter, Esc returns focus; the download popup', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const tb01 = byName(await demoAssets(request, token), 'TB Samudra Perkasa 01');
    await enterApp(page, USERS.admin);
    await page.goto(`/report?menu=ReportSummary&${viewQuery(tb01.massId, 3).qs}`);
    const share = page.getByRole('button', { name: 'Share report link' });
    await expect(share).toBeEnabled();
    await audit(page, 'Report Summary', { rows: true });

    await openWithKeyboard(page, share);
    await audit(page, 'Share report link dialog', { rows: true });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Share report link' })).toBeHidden();
    await expect(share).toBeFocused();

    // the download choices: a popup dialog of its own
    const download = page.getByRole('button', { name: 'Download Report' });
    await download.focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Report download' });
    await expect(popup).toBeVisible();
    await expect.poll(() => focusInDialog(page), 'focus moves into the download popup').toBe(true);
    await audit(page, 'Report download popup');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(download).toBeFocused();
  });

  test('an admin list and its Add dialog (Esc does not close it, spec 001 §2; Cancel returns focus)', async ({
    page,
  }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/master/company');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await audit(page, 'Company list', { rows: true });
    const add = page.locator('.page-head').getByRole('button', { name: 'Add', exact: true });
    await openWithKeyboard(page, add);
    const dialog = page.getByRole('dialog');
    await audit(page, 'Add company dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // a row's Delete confirmation: opened with Enter, focus inside, Cancel gives focus back
    const del = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /^Delete / });
    await openWithKeyboard(page, del);
    await audit(page, 'Delete confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(del).toBeFocused();
  });

  test('Remain On Board', async ({ page }) => {
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/remain-on-board');
    await expect(page.getByRole('heading', { name: /^ROB Profile / })).toBeVisible();
    await audit(page, 'Remain On Board', { rows: true });
  });

  test('Device list and Device detail', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/master/device');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await audit(page, 'Device list', { rows: true });
    await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /^Detail / })
      .click();
    await expect(page).toHaveURL(/\/master\/device\/detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'Device detail', { rows: true });
  });
});
