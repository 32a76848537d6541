import { readFileSync } from 'node:fs';
import type { EfficiencyRow, FleetEfficiency } from '@fleet/shared/answers/efficiency.ts';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { apiToken, byName, demoAssets, ingestHours, num } from './report-data.ts';

const VESSEL = 'TB Samudra Perkasa 01';

// issue 30, docs/domain.md §38: the fleet efficiency table and a vessel's monthly trend
test.describe('Fleet Efficiency', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request);
    await ingestHours(request, token, byName(await demoAssets(request, token), VESSEL), 60);
  });

  test('the table shows the server figures, sorts, downloads and opens a trend', async ({ page }) => {
    await enterApp(page, USERS.admin);
    const answer = page.waitForResponse((r) => r.url().includes('/api/efficiency/fleet/period/'));
    // after the spec's entries: under '…' at the test's width (navigation.spec.ts)
    await page.getByRole('navigation', { name: 'Main' }).locator('.ant-menu-overflow-item-rest').hover();
    await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: 'Fleet Efficiency' }).click();
    await expect(page).toHaveURL(/\/fleet-efficiency$/);
    const rows = ((await (await answer).json()).data as FleetEfficiency).rows;
    const vessel = rows.find((r) => r.massName === VESSEL) as EfficiencyRow;
    // the readings just sent: 60 minutes at 10 kn with fuel flowing
    expect(vessel.fuel).toBeGreaterThan(0);
    expect(vessel.distanceNm).toBeGreaterThan(1);

    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Monthly trend of ${VESSEL}` }) });
    await expect(row).toContainText(num(vessel.litresPerNm, 2));
    await expect(row).toContainText(num(vessel.fuel, 0));
    await expect(page.getByRole('columnheader', { name: 'Distance (NM)' })).toBeVisible();
    await shot(page, 'fleet-efficiency-1440');

    // L/NM ascending: the vessels with a figure first, the lowest on top
    await page.getByRole('columnheader', { name: 'L/NM', exact: true }).click();
    const lowest = Math.min(...rows.flatMap((r) => (r.litresPerNm === null ? [] : [r.litresPerNm])));
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(num(lowest, 2));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Fleet Efficiency_\d\d-\d\d-\d{4}_\d\d-\d\d-\d{4}\.csv$/);
    const csv = readFileSync((await file.path()) as string, 'utf8');
    expect(csv).toContain('Vessel,Type,Rank,L/NM,Δ L/NM (%)');
    expect(csv).toContain(VESSEL);
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);

    await page.getByRole('button', { name: `Monthly trend of ${VESSEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `${VESSEL}: monthly trend` });
    await expect(dialog.getByRole('img', { name: 'L/NM and L/h' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Fuel (L) and distance (NM)' })).toBeVisible();
    await expect(dialog.getByText(/\(so far\)$/).first()).toBeVisible();
    await shot(page, 'fleet-efficiency-trend-1440');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // a phone: the table scrolls sideways, the vessel column stays
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Monthly trend of ${VESSEL}` })).toBeVisible();
    await shot(page, 'fleet-efficiency-390');
  });

  test('an operator reads it too', async ({ page }) => {
    await enterApp(page, USERS.operator);
    await page.goto('/fleet-efficiency');
    await expect(page.getByRole('heading', { name: 'Fleet Efficiency' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });
});
