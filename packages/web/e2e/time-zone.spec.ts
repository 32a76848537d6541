import type { Page, Request } from '@playwright/test';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { BORNEO, enterAs } from './report-data.ts';

/**
 * docs/domain.md §1 "The company's time zone": the screens cut days at the active company's midnight and ask the API in
 * its zone, whatever the browser's zone — here São Paulo (−3), far from both demo zones: PT Samudra Tirta Marine keeps
 * WIB (Asia/Jakarta, +7), PT Borneo Tug & Barge WITA (Asia/Makassar, +8).
 */
test.use({ timezoneId: 'America/Sao_Paulo' });

/** The epoch second of today's midnight in `zone`, and its date as the filter bar writes it. */
function todayIn(zone: string): { start: number; date: string } {
  const now = Date.now();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(now))
      .map((p) => [p.type, p.value]),
  );
  const sinceMidnight = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return { start: Math.floor(now / 1000) - sinceMidnight, date: `${parts.day}-${parts.month}-${parts.year}` };
}

const summaryAsked = (page: Page) =>
  page.waitForRequest((r: Request) => /\/api\/summary\/aggregated\/period\/\d+\/\d+/.test(r.url()));

async function expectToday(page: Page, zone: string, hours: number) {
  const asked = summaryAsked(page);
  await page.goto('/report?menu=ReportSummary&rangeType=today');
  const url = new URL((await asked).url());
  const [start, end] = url.pathname.split('/').slice(-2).map(Number);
  const today = todayIn(zone);
  // within a second of the zone's midnight (the test's clock and the page's are read a moment apart)
  expect(Math.abs(start - today.start)).toBeLessThanOrEqual(1);
  expect(end - start).toBe(86400);
  expect(url.searchParams.get('timezone')).toBe(String(hours));
  await expect(page.locator('.report-filter-range input').first()).toHaveValue(`${today.date} 00:00`);
  await expect(page.getByTestId('report-filter-zone')).toHaveText(`GMT +00${hours} · ${zone}`);
}

test("a WIB company's days start at Jakarta's midnight, not the browser's", async ({ page }) => {
  await enterApp(page, USERS.admin);
  await expectToday(page, 'Asia/Jakarta', 7);
  await shot(page, 'time-zone-wib');
});

test("a WITA company's days start at Makassar's midnight", async ({ page }) => {
  await enterAs(page, BORNEO);
  await expectToday(page, 'Asia/Makassar', 8);
  await shot(page, 'time-zone-wita');
});

test("a user may see the screens in another zone (Profile), and go back to the company's", async ({ page }) => {
  await enterApp(page, USERS.admin);
  await page.goto('/profile');
  const zone = page.getByLabel('Time Zone');
  await zone.click();
  await zone.pressSequentially('Asia/Jayapura');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Asia/Jayapura' })
    .first()
    .click();
  await expect(page.getByText('Saved')).toBeVisible();
  await shot(page, 'time-zone-profile');
  await expectToday(page, 'Asia/Jayapura', 9);
  await page.goto('/profile');
  await page.getByLabel('Time Zone').click();
  // the list is long (a virtual list scrolled to the chosen zone): find the first choice by typing
  await page.getByLabel('Time Zone').pressSequentially("The company's");
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: "The company's zone" })
    .first()
    .click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expectToday(page, 'Asia/Jakarta', 7);
});
