import { join } from 'node:path';
import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { TrackerClient } from '../../simulator/src/teltonika.ts';
import { dataDir, enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { pixelOf, setView } from './fleet-map-helpers.ts';
import { demoAssets } from './report-data.ts';

/**
 * Map defects of issue 28 that only a browser shows: the measure tool's selects open with a mouse click, Leaflet's
 * controls and Change Map stay under the sticky navigation bar, the Teltonika Map fits its trackers, and
 * `?tab=analysis` opens Asset Detail's Data Analysis tab. One sign-in for the file.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await enterApp(page, USERS.admin);
});
test.afterAll(() => page?.close());

/** Opens an antd Select with a real mouse click (mousedown, mouseup, click at its centre), then clicks an option. */
async function choose(select: ReturnType<Page['locator']>, option: string) {
  const box = (await select.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click({ timeout: 10_000 });
}

test("the measure tool's unit selects open with the mouse", async () => {
  await page.goto('/home');
  // open sea west of Sumatra: no vessel there to take a click meant for the line
  await setView(page, [-8, 92], 8);
  await page.getByRole('button', { name: 'Measure' }).click();
  const lengthUnit = page.locator('.fm-measure .ant-select');
  await choose(lengthUnit, 'Kilometres');
  await expect(page.getByTestId('measure-length')).toContainText('KM');

  for (const ll of [
    [-8, 91.8],
    [-8, 92.2],
  ] as const) {
    const q = await pixelOf(page, ll[0], ll[1]);
    await page.mouse.click(q.x, q.y);
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  const panel = page.getByTestId('coordinates-panel');
  await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(2); // one leg + Total
  await choose(panel.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Unit' }) }), 'KM - KM/H');
  await expect(panel.locator('tbody tr.ant-table-row').first()).toContainText('KM');
  await shot(page, 'map-fixes-measure-units');
  await panel.getByRole('button', { name: 'Close' }).click();
});

test('?tab=analysis opens Data Analysis; the map controls stay under the sticky navigation bar', async () => {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const asset = (await demoAssets(page.request, token))[0];
  await page.goto(`/master/asset/detail/${asset.massId}?tab=analysis`);
  await expect.soft(page.getByRole('tab', { name: 'Data Analysis' })).toHaveAttribute('aria-selected', 'true');

  // a short window, so that the page scrolls the map up under the bar
  await page.setViewportSize({ width: 1440, height: 400 });
  await page.getByRole('tab', { name: 'GPS Process Log' }).click();
  await expect.soft(page).toHaveURL(/[?&]tab=gps\b/);
  for (const control of [page.locator('.leaflet-control-zoom-in'), page.getByRole('button', { name: 'Change Map' })]) {
    await control.scrollIntoViewIfNeeded();
    const before = (await control.boundingBox())!;
    // the control's centre 28 px from the top of the window: inside the 56 px bar
    await page.evaluate((dy) => window.scrollBy(0, dy), before.y + before.height / 2 - 28);
    const box = (await control.boundingBox())!;
    // (the page may end before the whole scroll: anywhere well inside the bar will do)
    expect(box.y + box.height / 2).toBeGreaterThan(8);
    expect(box.y + box.height / 2).toBeLessThan(48);
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('.navbar') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
  }
  await shot(page, 'map-fixes-header-over-map');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the Teltonika Map fits its trackers: one off Surabaya is in view', async () => {
  test.skip(!process.env.E2E_TELTONIKA_PORT, 'E2E_TELTONIKA_PORT is not set: run with npm run test:e2e');
  const imei = '356307042449902';
  const name = 'E2E Surabaya Tracker';
  const db = new SQLite(join(dataDir(), 'fleet.db'));
  const vessel = db.prepare("select devc_mass_id as id from device where devc_unique_id = 'gateway-tb01'").get() as {
    id: number;
  };
  db.prepare(
    "insert into device (devc_name, devc_type, devc_unique_id, devc_status, devc_mass_id, devc_created_time) values (?, 'tracker', ?, '1', ?, ?)",
  ).run(name, imei, vessel.id, Math.floor(Date.now() / 1000));
  const tracker = new TrackerClient({ host: '127.0.0.1', port: Number(process.env.E2E_TELTONIKA_PORT), imei });
  try {
    await tracker.open();
    const at = { latitude: -7.1, longitude: 112.8 };
    const sent = await tracker.send([
      {
        timestamp: Date.now() - 60_000,
        ...at,
        altitude: 2,
        angle: 90,
        satellites: 10,
        speed: 12,
        io: { 239: 1 },
      },
    ]);
    expect(sent).toBe(1);
    await page.goto('/teltonika-map');
    await expect(page.getByRole('navigation', { name: 'Trackers' }).getByRole('button', { name })).toBeVisible();
    const map = page.locator('.leaflet-container').first();
    await expect
      .poll(() =>
        map.evaluate((el, ll) => (el as any).leafletMap.getBounds().contains([ll.latitude, ll.longitude]), at),
      )
      .toBe(true);
    await shot(page, 'map-fixes-teltonika-fit');
  } finally {
    tracker.close();
    // the tracker leaves the map again: other specs see the trackers they made
    db.prepare("update device set devc_status = '0' where devc_unique_id = ?").run(imei);
    db.close();
  }
});
