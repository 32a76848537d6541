import type { Page } from '@playwright/test';
import { ingest } from './assets-data.ts';
import { eventVessel } from './event-data.ts';
import { enterApp, enterAppInAnotherTab, expect, shot, test, USERS } from './fixtures.ts';

/**
 * High priority events pushed live (issue 17): posting readings opens a High event on the test's own vessel; the
 * signed-in admin sees the toast and the badge on the Event Log entry, cleared when the Event Log opens.
 */
const highEventVessel = (page: Page) =>
  eventVessel(
    page,
    'e2ehi',
    ['temperature'],
    [
      {
        name: 'E2E Exhaust hot',
        duration: 0,
        high: true,
        thresholds: {
          temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
        },
      },
    ],
  );

test('a High event opened by posted readings shows a toast and the Event Log badge until the log opens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the vessel exists before the session's socket subscribes (its visible vessels are read on connect)
  const v = await highEventVessel(page);
  const subscribed = page
    .waitForEvent('websocket', (ws) => ws.url().includes('only=events'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"')));
  await enterApp(page, USERS.admin);
  await subscribed;
  const temp = `temperature-e2ehi-${v.tag}`;
  const now = Math.floor(Date.now() / 1000);
  await ingest(page.request, v.gateway.devcId, [
    { device: temp, ts: now - 30, data: { temperature: 480 } },
    { device: temp, ts: now - 20, data: { temperature: 520 } },
  ]);
  await expect(page.getByText(`High priority event: E2E Exhaust hot ${v.tag} on ${v.vessel}`)).toBeVisible();
  const entry = page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: /Event Log/ });
  await expect(entry.locator('.navbar-badge')).toHaveText('1');
  await shot(page, 'high-event-toast-1440');
  await entry.click();
  await expect(page).toHaveURL(/\/event\/log/);
  await expect(page.locator('.navbar-badge')).toHaveCount(0);

  // the e-mail opt-in is stored server side: on after a reload, then off again (no state left for other specs)
  const mail = page.getByRole('switch', { name: 'E-mail me High priority events' });
  await expect(mail).not.toBeChecked();
  await mail.click();
  await expect(page.getByText('High priority events will be e-mailed to you')).toBeVisible();
  await page.reload();
  await expect(mail).toBeChecked();
  await shot(page, 'event-log-mail-switch-1440');
  await mail.click();
  await expect(page.getByText('High priority events are no longer e-mailed')).toBeVisible();
});

test('the badge is shared by the tabs of the browser: an event counts once in both, the Event Log opened in one clears both', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const v = await eventVessel(
    page,
    'e2eht',
    ['temperature'],
    [
      {
        name: 'E2E Exhaust hot in tabs',
        duration: 0,
        high: true,
        thresholds: {
          temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
        },
      },
    ],
  );
  const subscribed = (p: Page) =>
    p
      .waitForEvent('websocket', (ws) => ws.url().includes('only=events'))
      .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"')));
  const first = subscribed(page);
  await enterApp(page, USERS.admin);
  await first;
  // a second tab of the same browser, signed in as the same user (the stored session carries over to it)
  const other = await context.newPage();
  const second = subscribed(other);
  await enterAppInAnotherTab(other);
  await second;
  const entry = (p: Page) => p.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: /Event Log/ });
  const temp = `temperature-e2eht-${v.tag}`;
  const now = Math.floor(Date.now() / 1000);
  const toast = `High priority event: E2E Exhaust hot in tabs ${v.tag} on ${v.vessel}`;

  await ingest(page.request, v.gateway.devcId, [
    { device: temp, ts: now - 60, data: { temperature: 480 } },
    { device: temp, ts: now - 50, data: { temperature: 520 } },
  ]);
  await expect(page.getByText(toast)).toBeVisible();
  await expect(other.getByText(toast)).toBeVisible();
  // each tab's socket delivered the event, and each told the other: still one event
  await expect(entry(page).locator('.navbar-badge')).toHaveText('1');
  await expect(entry(other).locator('.navbar-badge')).toHaveText('1');
  await shot(other, 'high-event-badge-second-tab-1440');

  await entry(other).click();
  await expect(other).toHaveURL(/\/event\/log/);
  await expect(other.locator('.navbar-badge')).toHaveCount(0);
  await expect(page.locator('.navbar-badge')).toHaveCount(0);

  // the second tab leaves the Event Log; the event closes and a new one opens: it shows in both tabs
  await other.goBack();
  await expect(other).not.toHaveURL(/\/event\/log/);
  await ingest(page.request, v.gateway.devcId, [
    { device: temp, ts: now - 40, data: { temperature: 470 } },
    { device: temp, ts: now - 30, data: { temperature: 530 } },
  ]);
  await expect(entry(page).locator('.navbar-badge')).toHaveText('1');
  await expect(entry(other).locator('.navbar-badge')).toHaveText('1');
  await other.close();
});
