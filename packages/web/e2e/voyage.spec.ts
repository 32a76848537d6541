import dayjs from 'dayjs';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { api, freshVessel, ingest, now } from './fleet-map-helpers.ts';

/** Voyage report (issue 13): the sidebar's numbers equal the summary API for the same vessel and range. */
test('voyage report summary equals the summary API', async ({ page }) => {
  test.setTimeout(270_000); // 120 s of work, and up to 150 s of waiting just after midnight
  await enterApp(page, USERS.admin);
  const v = await freshVessel(page, 'Vessel E2E Voyage'); // readings of this spec only
  // the three fixes fall inside today (the page's default range) even just after midnight: up to 50 minutes back
  const sinceMidnight = now() - dayjs().startOf('day').unix();
  if (sinceMidnight < 150) await page.waitForTimeout((150 - sinceMidnight) * 1000);
  const t = now();
  const span = Math.min(3000, t - dayjs().startOf('day').unix() - 30);
  const at = (share: number) => t - Math.round(span * share);
  await ingest(page, v.key, v.gps.devcUniqueId, at(1), { latitude: -6.0, longitude: 106.6, track: 80, speed: 15 });
  await ingest(page, v.key, v.gps.devcUniqueId, at(0.6), { latitude: -6.02, longitude: 106.75, track: 85, speed: 17 });
  await ingest(page, v.key, v.gps.devcUniqueId, at(0.2), { latitude: -6.05, longitude: 106.9, track: 90, speed: 19 });

  // the default range: today, shown 00:00 – 23:59 and asked [00:00, next 00:00) as every screen asks a day
  // (docs/domain.md §1 "One period convention"), in the browser's timezone
  const start = dayjs().startOf('day').unix();
  const end = dayjs().add(1, 'day').startOf('day').unix();
  const tz = -new Date().getTimezoneOffset() / 60;
  await page.goto('/voyage');
  await page.getByRole('combobox', { name: 'Asset' }).click();
  await page.locator('.ant-select-item-option').getByText(v.asset.massName, { exact: true }).click();
  const asked = page.waitForRequest(
    (r) =>
      r.url().includes(`/api/summary/aggregated/period/${start}/${end}?`) &&
      r.url().includes(`devcMassId=${v.asset.massId}`),
  );
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.voyage-side .ant-picker input').nth(1)).toHaveValue(/ 23:59$/);

  const s = await api(
    page.request,
    v.token,
    'GET',
    `/summary/aggregated/period/${start}/${end}?devcMassId=${v.asset.massId}&aggregatedUnit=HOUR&timezone=${tz}`,
  );
  const box = page.getByTestId('voyage-summary');
  await expect(box).toContainText(v.asset.massName);
  expect(s.gps.summary.totalCruise).toBeGreaterThan(15); // 3 fixes ≈ 18 NM
  await expect(box).toContainText(`Total Cruise (NM)${s.gps.summary.totalCruise.toFixed(2)}`);
  expect(new URL((await asked).url()).searchParams.get('timezone')).toBe(String(tz));
  await expect(box).toContainText(`Average Speed (knot)${s.gps.summary.averageSpeedKnot.toFixed(2)}`);
  await expect(box).toContainText('Duration (hours)24.00');
  await expect(box).toContainText('First Position6°00\'00.0"S 106°36\'00.0"E');
  await expect(box).toContainText('Last Position6°03\'00.0"S 106°54\'00.0"E');
  // the trail is forced on (green online, red offline: the last fix is up to 10 minutes old)
  await expect(page.locator('path[stroke="#28F385"], path[stroke="#FF3B30"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'View Datalog' }).click();
  const log = page.getByTestId('voyage-datalog');
  await expect(log.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // each hour's first and last fix: the oldest row starts at the first fix, the newest ends at the last
  const cell = (row: 'first' | 'last', column: number) =>
    log.locator('tbody tr.ant-table-row')[row]().locator('td').nth(column);
  await expect(cell('first', 2)).toHaveText('-6.00000, 106.60000'); // No, Date Time, First Coordinate
  await expect(cell('last', 3)).toHaveText('-6.05000, 106.90000'); // Last Coordinate
  await log.getByRole('button', { name: 'Filter Column' }).click();
  await expect(page.getByText('Show/Hide Datalog Column')).toBeVisible();
  await page.getByRole('button', { name: 'Hide All' }).first().click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(log.getByRole('columnheader', { name: 'Heading' })).toHaveCount(0);
  await shot(page, 'voyage-report');

  // chart mode: four selectors, the first shown by default (spec 002 §2.7)
  await log.getByText('Chart', { exact: true }).click();
  await expect(log.getByRole('img', { name: 'RPM, Fuel Cons, Speed' })).toBeVisible();
  await log.getByRole('combobox', { name: 'Chart' }).click();
  for (const name of ['Port Fuel Characteristic', 'STBD Fuel Characteristic', 'Auxiliary Engine Usage'])
    await expect(page.locator('.ant-select-item-option').getByText(name, { exact: true })).toBeVisible();
  await page.locator('.ant-select-item-option').getByText('Port Fuel Characteristic', { exact: true }).click();
  await expect(log.locator('.ant-empty-description')).toHaveText('No Data'); // a vessel with a GPS only has no fuel meters
  await shot(page, 'voyage-datalog-chart');
  await log.getByText('Datalog', { exact: true }).click();
  await expect(log.locator('tbody tr.ant-table-row').first()).toBeVisible();
});
