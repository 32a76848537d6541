import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import type { Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { apiGet, apiToken, byName, demoAssets, ingestHours, tz, viewQuery } from './report-data.ts';

test.describe.configure({ mode: 'serial' });

/** The header words drawn on more than one line (a word broken inside, "Headin g"). */
function brokenHeaderWords(page: Page) {
  return page.locator('.datalog-table .ant-table-thead th').evaluateAll((ths) =>
    ths.flatMap((th) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        let at = 0;
        for (const part of (n.textContent ?? '').split(/(\s+)/)) {
          if (part.trim()) {
            const r = document.createRange();
            r.setStart(n, at);
            r.setEnd(n, at + part.length);
            if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(part);
          }
          at += part.length;
        }
      }
      return out;
    }),
  );
}

// spec 002 §2.8, §3.3, §4
test.describe('Datalog', () => {
  let token: string;
  let tb01: AssetRow;
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request);
    tb01 = byName(await demoAssets(request, token), 'TB Samudra Perkasa 01');
    await ingestHours(request, token, tb01, 150);
  });

  test('one row per minute bucket, virtual rows, XLSX of the visible columns', async ({ page, request }) => {
    await enterApp(page, USERS.admin);
    const v = viewQuery(tb01.massId, 3, 'minute');
    await page.goto(`/report/datalog/fms?${v.qs}`);
    const api = await apiGet<{ datas: Record<string, unknown> }>(
      request,
      token,
      `/summary/combined/period/${v.start}/${v.end}?devcMassId=${tb01.massId}&aggregatedUnit=MINUTE&timezone=${tz()}&typesToGet=gps,rpm,flowmeter,ae,temperature`,
    );
    const n = Object.keys(api.datas).length;
    expect(n).toBeGreaterThanOrEqual(150);
    await expect(page.getByText(`${n} rows`)).toBeVisible();
    // virtualised: far fewer rows in the DOM than in the data
    // (the row count shows before the virtual list has mounted its rows: wait for them)
    const virtualRows = page.locator('.datalog-table .ant-table-tbody-virtual .ant-table-row');
    await expect.poll(() => virtualRows.count()).toBeGreaterThan(0);
    const rendered = await virtualRows.count();
    expect(rendered).toBeLessThan(n / 2);
    // headers break between words only (issue 25: "Headin g"), and the percentages show their figures
    expect(await brokenHeaderWords(page)).toEqual([]);
    await expect(page.getByTestId('datalog-sensor')).toContainText(/GPS\s*\d+\.\d{2}%/);
    await shot(page, 'datalog-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toContain('TB Samudra Perkasa 01_');
    const sheet = await readSheet(await download.path(), 'Data'); // throws when there is no sheet 'Data'
    expect(sheet[0]?.[0]).toBe('Date Time');
    expect(sheet[0]?.[2]).toBe('Heading');
    expect(sheet.length).toBe(n + 1);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Filter Column' })).toBeVisible();
    expect(await brokenHeaderWords(page)).toEqual([]);
    await shot(page, 'datalog-390');
  });

  test('the column layout survives a reload; Load Default Column restores it', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto(`/report/datalog/fms?${viewQuery(tb01.massId, 3).qs}`);
    const header = page.locator('.datalog-table .ant-table-thead');
    await expect(header).toContainText('Coordinate');
    await page.getByRole('button', { name: 'Filter Column' }).click();
    const modal = page.getByRole('dialog', { name: 'Show/Hide Datalog Column' });
    await modal.getByRole('checkbox', { name: 'Coordinate' }).uncheck();
    await modal
      .locator('fieldset', { hasText: 'PORT' })
      .first()
      .getByRole('checkbox', { name: 'Select All' })
      .uncheck();
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(header).not.toContainText('Coordinate');
    await expect(header).not.toContainText('PORT RPM');
    await page.reload();
    await expect(header).toContainText('Heading');
    await expect(header).not.toContainText('Coordinate');
    await expect(header).not.toContainText('PORT RPM');
    await shot(page, 'datalog-columns-hidden');
    await page.getByRole('button', { name: 'Load Default Column' }).click();
    await expect(header).toContainText('Coordinate');
    await expect(header).toContainText('PORT RPM');
  });
});
