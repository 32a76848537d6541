import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ingest } from './assets-data.ts';
import { eventVessel } from './event-data.ts';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';

/**
 * Event Log (spec 002 §2.17, §3.7, §7.8). The test owns its vessel, gateway, sensors, master events and active
 * configuration, so the events it reads are exactly those its readings open (and no demo number changes).
 */
const freshEventVessel = (page: Page) =>
  eventVessel(
    page,
    'e2eev',
    ['temperature', 'power'],
    [
      {
        name: 'E2E Exhaust high',
        duration: 60,
        high: true,
        thresholds: {
          temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
        },
      },
      {
        name: 'E2E AC lost',
        duration: 0,
        high: false,
        thresholds: { power: { conditions_operator: 'or', data: { onAc: { operator: '==', value: 0 } } } },
      },
    ],
  );

const localTime = (page: Page, ts: number) =>
  page.evaluate((t) => {
    const d = new Date(t * 1000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }, ts);

async function pick(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test.describe('Event Log', () => {
  test('an event opened by posted readings shows with its duration, data and thresholds', async ({ page }) => {
    test.setTimeout(180_000);
    await enterApp(page, USERS.admin);
    const v = await freshEventVessel(page);
    const now = Math.floor(Date.now() / 1000);
    const t0 = now - 300;
    const temp = `temperature-e2eev-${v.tag}`;
    // above 500 from t0+10 to t0+100: held 60 s at t0+70, ended at t0+100 → Non Active, 00:01:30
    await ingest(page.request, v.gateway.devcId, [
      { device: temp, ts: t0, data: { temperature: 450 } },
      { device: temp, ts: t0 + 10, data: { temperature: 520 } },
      { device: temp, ts: t0 + 40, data: { temperature: 530 } },
    ]);
    await ingest(page.request, v.gateway.devcId, [
      { device: temp, ts: t0 + 70, data: { temperature: 545 } },
      { device: temp, ts: t0 + 100, data: { temperature: 480 } },
      { device: `power-e2eev-${v.tag}`, ts: t0 + 200, data: { onAc: 0 } },
    ]);

    await page.goto('/event/log');
    await expect(page.getByRole('heading', { name: 'Event Log', level: 1 })).toBeVisible();
    await expect(page.getByText('Please select a device to view the event log.')).toBeVisible();
    await shot(page, 'event-log-no-device-1440');

    // the device search asks the server for gateways only
    await page.locator('#event-device').click();
    await page.locator('#event-device').fill(`e2eev-${v.tag}`);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(new RegExp(`gateway-e2eev-${v.tag}`))
      .click();
    await page.getByRole('button', { name: 'Apply All' }).click();

    const rows = page.locator('.event-log-table .ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    const hotRow = rows.filter({ hasText: `E2E Exhaust high ${v.tag}` });
    await expect(hotRow).toContainText(await localTime(page, t0 + 10));
    await expect(hotRow).toContainText('Non Active');
    await expect(hotRow).toContainText('High');
    await expect(hotRow).toContainText('00:01:30');
    const acRow = rows.filter({ hasText: `E2E AC lost ${v.tag}` });
    await expect(acRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(acRow).toContainText('Normal');
    await expect(page.locator('.ant-pagination')).toBeVisible();
    await shot(page, 'event-log-1440');

    await hotRow.getByRole('button', { name: 'View Data' }).click();
    const data = page.getByRole('dialog', { name: 'View Data' });
    const dataRow = data.locator('.ant-table-tbody tr.ant-table-row');
    await expect(dataRow).toHaveCount(1);
    await expect(dataRow.locator('td')).toHaveText([temp, 'temperature', 'temperature', '450', '545']);
    await shot(page, 'event-log-data-1440');
    await data.getByRole('button', { name: 'Close' }).click();

    await hotRow.getByRole('button', { name: 'View Threshold' }).click();
    const thresholds = page.getByRole('dialog', { name: 'Thresholds Data' });
    await expect(thresholds.locator('.ant-card-head')).toContainText('temperature');
    await expect(thresholds.locator('.ant-card-head')).toContainText('AND');
    await expect(thresholds.locator('.ant-table-tbody tr.ant-table-row td')).toHaveText(['temperature', '>', '500']);
    await shot(page, 'event-log-threshold-1440');
    await thresholds.getByRole('button', { name: 'Close' }).click();

    // issue 31: the CSV, streamed by the server through a download ticket, holds the list's columns and both events
    // (BOM, CRLF) as the screen shows them, named by the list, the period and the device
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(
      new RegExp(`^event-log_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}_gateway-e2eev-${v.tag}\\.csv$`),
    );
    const csvText = readFileSync((await csv.path()) as string, 'utf8');
    const lines = csvText.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate Time,Event Type,Reason,Status,Priority,Duration');
    const hotLine = lines.find((l) => l.includes(`E2E Exhaust high ${v.tag}`))?.split(',') ?? [];
    // the time and the duration as the row on screen shows them
    expect(hotLine[0]).toBe((await localTime(page, t0 + 10)).replace(', ', ' '));
    expect(hotLine.slice(3)).toEqual(['Non Active', 'High', '00:01:30']);
    await expect(hotRow).toContainText(hotLine[5]);
    expect(lines.filter((l) => l !== '').length).toBe(3);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^event-log_.*\.xlsx$/);
    expect(
      readFileSync((await xlsx.path()) as string)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // filters: Active only → the AC event; Active and High → none
    await pick(page, 'event-status', 'Active');
    await page.getByRole('button', { name: 'Apply All' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`E2E AC lost ${v.tag}`);
    await pick(page, 'event-priority', 'High');
    await page.getByRole('button', { name: 'Apply All' }).click();
    await expect(page.getByText('No data to show.')).toBeVisible();
    await expect(page.locator('.ant-pagination')).toHaveCount(0);

    await pick(page, 'event-priority', 'All Priority');
    await pick(page, 'event-status', 'All Status');
    await page.getByRole('button', { name: 'Apply All' }).click();
    await expect(rows).toHaveCount(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'event-log-390');
  });
});
