import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { TrackerClient, type TrackerRecord } from '../../simulator/src/teltonika.ts';
import { dataDir, enterApp, expect, shot, test, USERS } from './fixtures.ts';

/**
 * Teltonika Map end to end (issue 18, spec 002 §2.12): a simulated tracker connects to the server's Teltonika port
 * over TCP and sends codec 8 Extended records; its marker appears and moves, the trail and the datalog table show
 * its points, and a codec 12 command from the popup is answered by the tracker.
 */
const IMEI = '356307042449901';
const NAME = 'E2E Tracker';
const port = Number(process.env.E2E_TELTONIKA_PORT);

/** Points sailing north-east out of Tanjung Priok: the position follows the time (100 m a minute). */
const T0 = Math.floor(Date.now() / 1000) - 3 * 3600;
function pointAt(t: number): TrackerRecord {
  const minutes = (t - T0) / 60;
  return {
    timestamp: t * 1000,
    latitude: Math.round((-6.05 + minutes * 0.0006) * 1e6) / 1e6,
    longitude: Math.round((106.885 + minutes * 0.0005) * 1e6) / 1e6,
    altitude: 2,
    angle: 40,
    satellites: 11,
    speed: 15,
    io: { 239: 1, 240: 1, 66: 27100 },
  };
}
/** `n` points a minute apart, the last `endAgoS` seconds ago. */
const voyage = (n: number, endAgoS: number) => {
  const end = Math.floor(Date.now() / 1000) - endAgoS;
  return Array.from({ length: n }, (_, i) => pointAt(end - (n - 1 - i) * 60));
};

test.describe('Teltonika Map', () => {
  test.skip(!port, 'E2E_TELTONIKA_PORT is not set: run with npm run test:e2e');

  test('a simulated tracker: marker appears and moves, trail, datalog and a command', async ({ page }) => {
    // the tracker device on demo vessel TB01 (admin's company), as an administrator would add it
    const db = new SQLite(join(dataDir(), 'fleet.db'));
    const vessel = db.prepare("select devc_mass_id as id from device where devc_unique_id = 'gateway-tb01'").get() as {
      id: number;
    };
    db.prepare(
      "insert into device (devc_name, devc_type, devc_unique_id, devc_status, devc_mass_id, devc_created_time) values (?, 'tracker', ?, '1', ?, ?)",
    ).run(NAME, IMEI, vessel.id, Math.floor(Date.now() / 1000));
    db.close();

    const tracker = new TrackerClient({ host: '127.0.0.1', port, imei: IMEI });
    await tracker.open();
    const first = voyage(120, 120);
    for (let i = 0; i < first.length; i += 50)
      expect(await tracker.send(first.slice(i, i + 50))).toBe(Math.min(50, first.length - i));
    const last = first[first.length - 1];

    await enterApp(page, USERS.admin);
    await page.goto('/teltonika-map');
    await expect(page.getByRole('heading', { name: 'Teltonika Map' })).toBeVisible();
    const chip = page.getByRole('navigation', { name: 'Trackers' }).getByRole('button', { name: NAME });
    await expect(chip).toBeVisible();
    await chip.click();
    const popup = page.getByTestId('tracker-popup');
    await expect(popup).toContainText(IMEI);
    await expect(popup).toContainText(last.latitude.toFixed(6));
    await shot(page, 'tracker-popup');

    // it moves: a newer record shows in the popup at the next refresh (10 s)
    const next = voyage(2, 0);
    expect(await tracker.send(next)).toBe(2);
    await expect(popup).toContainText(next[1].latitude.toFixed(6), { timeout: 20_000 });

    // the trail of the 24 h before the last point
    await popup.getByRole('switch', { name: 'Show Trail' }).click();
    await expect(popup.getByRole('switch', { name: 'Show Trail' })).toBeChecked();
    await expect(page.locator('.leaflet-overlay-pane path')).not.toHaveCount(0);
    await shot(page, 'tracker-trail');

    // a command answered by the tracker
    await popup.getByRole('button', { name: 'Command' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Command').fill('getver');
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('command-answers')).toContainText(`Hw:FMB920 Mod:12 IMEI:${IMEI}`);
    await shot(page, 'tracker-command');
    await modal.getByRole('button', { name: 'Close' }).first().click();

    // the datalog panel and its table
    await chip.click();
    await page.getByTestId('tracker-popup').getByRole('button', { name: 'View Datalog' }).click();
    const panel = page.getByRole('complementary', { name: 'Datalog Trail' });
    await expect(panel).toContainText(`Datalog Trail (Device: ${IMEI})`);
    await expect(panel.locator('.ant-table-row').first()).toBeVisible();
    await expect(panel).not.toContainText('No data available.');
    await panel.getByRole('button', { name: 'Apply Filter' }).click();
    await expect(panel.locator('.ant-table-row').first()).toBeVisible();
    await shot(page, 'tracker-datalog');
    tracker.close();
  });
});
