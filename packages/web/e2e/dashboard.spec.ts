import type { PulseAnswer } from '@fleet/shared/answers/pulse.ts';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import {
  apiGet,
  apiToken,
  BORNEO,
  byName,
  demoAssets,
  enterAs,
  ingestHours,
  num,
  tz,
  viewQuery,
} from './report-data.ts';

test.describe.configure({ mode: 'serial' });

// spec 002 §2.9
test.describe('FMS dashboard', () => {
  let token: string;
  let assets: AssetRow[];
  let borneo: AssetRow[];
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request);
    assets = await demoAssets(request, token);
    await ingestHours(request, token, byName(assets, 'MT Samudra Jaya'), 90);
    const tokenB = await apiToken(request, BORNEO);
    borneo = await demoAssets(request, tokenB);
    await ingestHours(request, tokenB, byName(borneo, 'MV Mahakam Express'), 30);
  });

  test('cards show the summary API numbers; current data and AE badges from the latest readings', async ({
    page,
    request,
  }) => {
    const ot01 = byName(assets, 'MT Samudra Jaya');
    const v = viewQuery(ot01.massId, 2);
    await enterApp(page, USERS.admin);
    await page.goto(`/dashboard/fms?${v.qs}`);
    const api = await apiGet<{
      gps: { summary: { totalCruise: number; averageSpeedKnot: number } };
      rpm: { summary: { PORT: { average: number }; STARBOARD: { average: number } } };
    }>(
      request,
      token,
      `/summary/aggregated/period/${v.start}/${v.end}?devcMassId=${ot01.massId}&aggregatedUnit=HOUR&timezone=${tz()}`,
    );
    await expect(page.getByTestId('dash-total-cruise')).toHaveText(num(api.gps.summary.totalCruise));
    await expect(page.getByTestId('dash-avg-speed')).toHaveText(num(api.gps.summary.averageSpeedKnot));
    await expect(page.getByTestId('dash-avg-rpm-STARBOARD')).toHaveText(num(api.rpm.summary.STARBOARD.average));
    // the PORT engine's latest reading (this spec's 900 rpm, or a later one another spec posted on the demo vessel)
    const portRpm = ot01.massDevice.find((d) => d.devcType === 'rpm' && d.devcLabel === 'PORT')!;
    const pulse = await apiGet<PulseAnswer>(
      request,
      token,
      `/series/device/all/pulse?device[]=${portRpm.devcUniqueId}`,
    );
    await expect(page.getByTestId('dash-current-PORT')).toContainText(
      `Current RPM${num(pulse.series[0].rpm as number)}`,
    );
    await expect(page.getByTestId('dash-AE1')).toContainText('ON');
    await expect(page.getByTestId('dash-AE2')).toContainText('OFF');
    await expect(page.getByTestId('vessel-map')).toBeVisible();
    await shot(page, 'dashboard-1440');

    // zooming the hourly chart reloads the zoomed window at MINUTE; Reset Zoom goes back (spec 002 §9)
    const chart = page.getByRole('img', { name: 'RPM, Fuel Consumption and Speed' });
    await chart.scrollIntoViewIfNeeded();
    const minute = page.waitForRequest(
      (r) => r.url().includes('/api/summary/aggregated/period/') && r.url().includes('aggregatedUnit=MINUTE'),
    );
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await minute;
    await page.getByRole('button', { name: 'Reset Zoom' }).click();
    await expect(page.getByRole('button', { name: 'Reset Zoom' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('dash-total-cruise')).toBeVisible();
    await shot(page, 'dashboard-390');
  });

  test('single engine and No Data', async ({ page }) => {
    await enterAs(page, BORNEO);
    await page.goto(`/dashboard/fms?${viewQuery(byName(borneo, 'MV Mahakam Express').massId, 2).qs}`);
    await expect(page.getByTestId('dash-gauge-PORT')).toContainText('MAIN ENGINE');
    await expect(page.getByTestId('dash-gauge-STARBOARD')).toHaveCount(0);
    await expect(page.getByText('Main Engine Cons')).toBeVisible();
    await shot(page, 'dashboard-single-engine');
    await page.goto(`/dashboard/fms?${viewQuery(byName(borneo, 'TB Barito Tangguh 02').massId, 2).qs}`);
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
  });

  test('the maintenance vessel', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto(`/dashboard/fms?${viewQuery(byName(assets, 'TB Samudra Bahari 04').massId, 2).qs}`);
    // no readings in the e2e data set: 'No Data'; with readings the notice stands above the cards
    await expect(
      page.getByText('No Data', { exact: true }).or(page.getByText('This vessel is under maintenance.')),
    ).toBeVisible();
  });
});
