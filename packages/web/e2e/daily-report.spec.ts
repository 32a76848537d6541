import { readFileSync } from 'node:fs';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { api } from './fleet-map-helpers.ts';
import { apiToken, demoAssets, ingestHours, viewQuery } from './report-data.ts';

/**
 * Daily Report screen (spec 002 §2.3) and the report download (§2.11, §7.3). The spec makes a twin-engine vessel of
 * its own with flow meters (7 pages) and two hours of readings, so no other spec's readings or demo numbers meet it.
 */
test.describe('Daily Report (spec 002 §2.3)', () => {
  test('the pages on screen, Download PDF and the dropdown save the file under the server name', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request);
    const tag = Date.now().toString(36);
    const name = `ZZ Daily Report ${tag}`;
    const asset = await api(request, token, 'POST', '/master/asset', { massName: name });
    const device = (devcType: string, devcLabel: string) =>
      api(request, token, 'POST', '/master/device', {
        devcName: `${devcLabel} ${tag}`,
        devcType,
        devcLabel,
        devcStatus: '1',
        devcUniqueId: `dr-${devcLabel.toLowerCase()}-${tag}`,
        devcMassId: asset.massId,
      });
    await device('gateway', 'GATEWAY');
    await device('gps', 'GPS');
    await device('rpm', 'PORT');
    await device('rpm', 'STARBOARD');
    await device('ae', 'AE1');
    for (const l of ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT']) await device('flowmeter', l);
    const vessel = (await demoAssets(request, token)).find((a) => a.massId === asset.massId);
    if (!vessel) throw new Error('the new vessel is not listed');
    await ingestHours(request, token, vessel, 120);
    await enterApp(page, USERS.admin);
    const view = viewQuery(asset.massId, 23);
    const model = page.waitForResponse((r) => r.url().includes('/api/reports/report/pages/period/'));
    await page.goto(`/report/fms?${view.qs}`);
    await expect(page.getByRole('heading', { name: 'Daily Report', level: 1 })).toBeVisible();
    const data = (await (await model).json()).data;
    await expect(page.getByTestId('daily-report-done')).toBeAttached();
    // the server's pages, each with its header and footer
    const pages = page.locator('.dr-page');
    await expect(pages).toHaveCount(data.pages.length);
    expect(data.pages.length).toBe(7); // twin engine with flow meters
    await expect(pages.first()).toContainText(name);
    // the report is asked in the browser's timezone, as every screen asks its summary (docs/domain.md §1, §31)
    const tz = -new Date().getTimezoneOffset() / 60;
    const h = Math.floor(Math.abs(tz));
    const m = Math.round((Math.abs(tz) - h) * 60);
    const gmt = `GMT ${tz < 0 ? '-' : '+'}${String(h).padStart(3, '0')}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
    await expect(pages.first()).toContainText(gmt);
    await expect(pages.last()).toContainText(`Page ${data.pages.length}/${data.pages.length}`);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Total Cruise (NM)');
    await expect(page.getByRole('region', { name: 'Vessel Tracking' }).locator('img')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'ME Fuel Consumption' }).locator('table tbody tr')).toHaveCount(
      data.pages[3].blocks[1].rows.length, // the hourly table of the model (24 or 25 hours: the range need not start on the hour)
    );
    expect(data.pages[3].blocks[1].rows.length).toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'daily-report-1440');
    await page.getByRole('region', { name: 'Vessel Tracking' }).scrollIntoViewIfNeeded();
    await shot(page, 'daily-report-1440-tracking');

    // Download PDF: the file arrives under the content-disposition name
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download PDF/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(data.fileName);
    expect(pdf.suggestedFilename()).toMatch(
      new RegExp(`^Daily-Report_ZZ-Daily-Report-${tag}_\\d{8}-\\d{4}_\\d{8}-\\d{4}\\.pdf$`),
    );
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((bytes.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length).toBe(data.pages.length);

    // the filter bar's dropdown: nothing ticked, then Download All → the same file name
    await page.getByRole('button', { name: /Download Report/ }).click();
    const menu = page.getByRole('dialog', { name: 'Report download' });
    await menu.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByText('No options selected')).toBeVisible();
    await menu.getByText('Download All').click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(data.fileName);
    await expect(page.getByRole('button', { name: /Download Report/ })).toBeEnabled();

    // the daily mail: subscribe, the server lists it, unsubscribe (leaves nothing behind)
    const mail = page.getByRole('switch', { name: 'Email me this report daily' });
    await expect(mail).not.toBeChecked();
    await mail.click();
    await expect(mail).toBeChecked();
    const subs = async () =>
      (await api(request, token, 'GET', '/reports/daily/subscriptions')).map((x: { massId: number }) => x.massId);
    expect(await subs()).toContain(asset.massId);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pages.first()).toBeVisible();
    await shot(page, 'daily-report-390');
    await mail.click();
    await expect(mail).not.toBeChecked();
    expect(await subs()).not.toContain(asset.massId);
  });

  test('is reached from the Report page (issue 28: it was in no navigation)', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/report');
    await page.getByRole('button', { name: 'Daily Report' }).click();
    await expect(page).toHaveURL(/\/report\/fms/);
    await expect(page.getByRole('heading', { name: 'Daily Report', level: 1 })).toBeVisible();
  });

  /** A promise released from outside (Node 20 has no Promise.withResolvers). */
  function gate() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  test('stays on the Daily Report when the asset list lands after the click (CI saw it go back to /report)', async ({
    page,
  }) => {
    await enterApp(page, USERS.admin);
    // hold the Report page's asset list and the Daily Report's code, so the click happens before the asset default
    // and the old page is still on screen when it lands
    const held = { assets: gate(), screen: gate() };
    await page.route(/\/api\/master\/asset\?/, async (route) => {
      await held.assets.promise;
      await route.continue();
    });
    await page.route(/\/assets\/FmsReport-[^/]*\.js$/, async (route) => {
      await held.screen.promise;
      await route.continue();
    });
    await page.goto('/report');
    await page.getByRole('button', { name: 'Daily Report' }).click();
    const answered = page.waitForResponse(/\/api\/master\/asset\?/);
    held.assets.resolve();
    await answered;
    // the old page's filter bar has taken the first asset (its effects ran) before the new screen arrives
    await expect(page.getByText('MT Samudra Jaya')).toBeVisible();
    held.screen.resolve();
    await expect(page.getByRole('heading', { name: 'Daily Report', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/report\/fms\?.*massId=/);
  });
});
