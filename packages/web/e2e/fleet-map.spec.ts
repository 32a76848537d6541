import type { Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { freshVessel, ingest, now, pixelOf, setView } from './fleet-map-helpers.ts';

/**
 * Fleet map home (issue 13): markers at the ingested positions, popup pages, trail, visibility kept after reload,
 * the measure tool's table and .xlsx, and a marker moved by a reading posted to /api/ingest (live push).
 * The e2e server runs without the simulator: the test posts the readings itself with a device key.
 */

test('fleet map: live markers, popup pages, trail, visibility, measure tool and Excel', async ({ page }) => {
  test.setTimeout(180_000);
  await enterApp(page, USERS.admin);
  const v = await freshVessel(page, 'Vessel E2E Map');
  const t0 = now() - 120;
  await ingest(page, v.key, v.gps.devcUniqueId, t0 - 1800, { latitude: -6.0, longitude: 106.6, track: 80, speed: 18 });
  await ingest(page, v.key, v.gps.devcUniqueId, t0, { latitude: -6.05, longitude: 106.9, track: 90, speed: 18 });
  await page.goto('/home');
  // the panel renders only the cards in view (the strip scrolls sideways): find the vessel as a user would
  const search = page.getByPlaceholder('Search Asset Name...');
  await search.fill(v.asset.massName);
  const card = page.getByTestId(`ship-card-${v.asset.massId}`);
  await expect(card).toContainText(v.asset.massName);
  await expect(card).toContainText('Online');
  await expect(card).toContainText(/NM .* of Tanjung Priok port/);
  // 24 h numbers from the summary: (-6.0, 106.6) → (-6.05, 106.9) is 18.16 NM (haversine, hand-computed)
  await expect(card).toContainText(/Total Cruise \(NM\)18\.16/);
  await expect(page.getByTestId('live-status')).toBeVisible();
  // the map credits its offline data: Natural Earth, and GeoNames for the place names (CC BY 4.0)
  const attribution = page.locator('.leaflet-control-attribution');
  await expect(attribution).toContainText('Natural Earth');
  await expect(attribution).toContainText('Places © GeoNames (CC BY 4.0)');
  await expect(attribution.getByRole('link', { name: 'GeoNames' })).toHaveAttribute(
    'href',
    'https://www.geonames.org/',
  );
  await shot(page, 'fleet-map-home');

  // the marker is where the reading put it: a click there opens its popup
  await setView(page, [-6.05, 106.9], 12);
  let p = await pixelOf(page, -6.05, 106.9);
  await page.mouse.click(p.x, p.y);
  const popup = page.getByTestId('vessel-popup');
  await expect(popup).toContainText(v.asset.massName);
  await expect(popup).toContainText('Location');
  await expect(popup).toContainText('Total Cruise');
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(popup).toContainText('Port RPM');
  await expect(popup).toContainText('Starboard In Flowrate');
  await popup.getByRole('button', { name: 'Previous' }).click();
  await expect(popup).toContainText('Average Speed (knot)');

  // trail: a green line (the vessel is online)
  await popup.getByRole('switch', { name: 'Vessel Trail' }).click();
  await expect(page.locator('path[stroke="#28F385"]')).toHaveCount(1);
  await expect(popup.getByRole('switch', { name: 'Dot Trail' })).toBeVisible();
  await shot(page, 'fleet-map-popup-trail');

  // live: a new reading moves the vessel without a reload (the REST refresh is 60 s away)
  await page.locator('.leaflet-popup-close-button').click();
  await ingest(page, v.key, v.gps.devcUniqueId, t0 + 60, { latitude: -5.5, longitude: 107.5, track: 45, speed: 18 });
  await expect(card).toContainText(/West Java, ID/, { timeout: 10_000 });
  await setView(page, [-5.5, 107.5], 12);
  p = await pixelOf(page, -5.5, 107.5);
  await page.mouse.click(p.x, p.y);
  await expect(popup).toContainText(v.asset.massName);
  await page.locator('.leaflet-popup-close-button').click();

  // visibility is kept after a reload (IndexedDB 'ship-visibility-status')
  await card.getByRole('button', { name: 'Show switches' }).click();
  await card.getByRole('switch', { name: `Show Ship ${v.asset.massName}` }).click();
  await expect(card.getByRole('switch', { name: `Show Ship ${v.asset.massName}` })).not.toBeChecked();
  // the choice reaches IndexedDB a moment after the click: reload once it is stored (a CI flake reloaded before)
  await expect.poll(() => storedVisibility(page, v.asset.massId)).toBe(false);
  await page.reload();
  await search.fill(v.asset.massName);
  const card2 = page.getByTestId(`ship-card-${v.asset.massId}`);
  await card2.getByRole('button', { name: 'Show switches' }).click();
  await expect(card2.getByRole('switch', { name: `Show Ship ${v.asset.massName}` })).not.toBeChecked();
  await card2.getByRole('switch', { name: `Show Ship ${v.asset.massName}` }).click();

  // measure tool: two legs, the table, and a real .xlsx; vessels hidden, so that no marker (other specs post
  // readings near Jakarta too) takes a click meant for the measure line
  await search.fill('');
  await page.getByRole('button', { name: 'Hide All' }).click();
  await setView(page, [-6, 107], 8);
  await page.getByRole('button', { name: 'Measure' }).click();
  for (const ll of [
    [-6, 106.8],
    [-6, 107.2],
    [-5.6, 107.2],
  ] as const) {
    const q = await pixelOf(page, ll[0], ll[1]);
    await page.mouse.click(q.x, q.y);
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  const panel = page.getByTestId('coordinates-panel');
  await expect(panel).toContainText('Line 1');
  await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(3); // two legs + Total
  await expect(panel).toContainText('Total');
  await shot(page, 'fleet-map-measure');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{14}-coordinates\.xlsx$/);
  const ws = await readSheet(await file.path()); // the first sheet
  // figures as number cells, their units in the header (issue 28)
  expect(ws[0]).toEqual(['From', 'To', 'Heading (°)', 'Speed (knot)', 'ETA', 'Distance (NM)', 'Duration']);
  expect(String(ws[3]?.[0])).toBe('Total');
  // leg 1 is due east along -6°: heading ≈ 90°, the distance ~23.9 NM (haversine, hand-checked)
  expect(Number(ws[1]?.[2])).toBeGreaterThan(89);
  expect(Number(ws[1]?.[2])).toBeLessThan(91);
  expect(typeof ws[1]?.[5]).toBe('number');
  expect(Number(ws[1]?.[5])).toBeGreaterThan(23);
  expect(Number(ws[1]?.[5])).toBeLessThan(25);
});

/** The visibility the fleet map stored for a vessel (IndexedDB 'ship-visibility-status', store 'ships'), or null. */
function storedVisibility(page: Page, massId: number): Promise<boolean | null> {
  return page.evaluate(
    (id) =>
      new Promise<boolean | null>((done) => {
        const req = indexedDB.open('ship-visibility-status');
        req.onerror = () => done(null);
        req.onsuccess = () => {
          const db = req.result;
          try {
            const get = db.transaction('ships').objectStore('ships').get(id);
            get.onsuccess = () => done((get.result as { isVisible?: boolean } | undefined)?.isVisible ?? null);
            get.onerror = () => done(null);
          } catch {
            done(null);
          } finally {
            db.close();
          }
        };
      }),
    massId,
  );
}
