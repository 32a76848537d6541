import type { Page } from '@playwright/test';
import { enterApp, expect, test, USERS } from './fixtures.ts';

/**
 * Issue 28, the Bunkering Log in the browser: the range type names the dates and choosing a preset sets them; the
 * pinned Action column covers no column at 1440 px; delete asks with the generic confirmation (what goes with the
 * log, restorable). Nothing is changed: the delete is cancelled.
 */
test.describe.configure({ mode: 'serial' });

test.describe('Bunkering Log fixes (issue 28)', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/bunkering-log');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  });
  test.afterAll(() => page.close());

  test('the range type names the one-year range Custom; choosing This Month sets this month', async () => {
    const type = page.locator('.filter-bar-field').filter({ has: page.locator('#bunker-range-type') });
    await expect(type.locator('.ant-select')).toHaveText('Custom');
    await page.locator('#bunker-range-type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('This Month', { exact: true }).click();
    await expect(type.locator('.ant-select')).toHaveText('This Month');
    const dates = page.locator('.filter-bar .ant-picker-range input');
    const first = await dates.nth(0).inputValue();
    expect(first).toMatch(/^01-\d\d-\d{4}$/);
    const end = await dates.nth(1).inputValue();
    expect(end.slice(3)).toBe(first.slice(3)); // the same month
  });

  test('at 1440 px the pinned Action column starts where Final Bunker ends', async () => {
    const head = page.locator('.ant-table-thead th');
    const final = (await head.filter({ hasText: 'Final Bunker' }).boundingBox())!;
    const action = (await head.filter({ hasText: 'Action' }).boundingBox())!;
    expect(action.x).toBeGreaterThanOrEqual(final.x + final.width - 1);
    // the table fits: no sideways scrolling at this width
    const overflow = await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('delete asks with the generic confirmation: names the log, says it can be restored', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Delete this item ?' });
    await expect(dialog.getByText('It can be restored from the Audit Trail.')).toBeVisible();
    await expect(dialog.getByText(/^.+ - .+ - \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
