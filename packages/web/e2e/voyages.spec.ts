import { readFileSync } from 'node:fs';
import { fetchRetrying } from './admin/helpers.ts';
import { enterApp, expect, test, USERS } from './fixtures.ts';
import { api, freshVessel, now } from './fleet-map-helpers.ts';

/**
 * The Voyages screen (issue 30): a fresh vessel's track of stop – passage – stop is detected into legs by the server;
 * the screen lists them as the API answers, replays the passage, downloads the legs (CSV) and the track (GPX), and an
 * operator's rename is listed, marks the leg corrected and is undone.
 */
test('voyages: legs as the API answers, replay, downloads, a rename and its undo', async ({ page }) => {
  test.setTimeout(300_000); // the background detection pass runs every 60 s
  await enterApp(page, USERS.admin);
  const v = await freshVessel(page, 'Vessel E2E Voyages');
  // one fix a minute: 20 min stopped, 40 min at 10 kn eastwards (0.1667 NM a minute), 20 min stopped; ends 5 min ago
  const t0 = now() - 85 * 60;
  const readings = Array.from({ length: 81 }, (_, i) => {
    const moved = Math.min(Math.max(i - 20, 0), 40);
    const moving = i > 20 && i <= 60;
    return {
      device: v.gps.devcUniqueId,
      ts: t0 + i * 60,
      data: { latitude: -6.1, longitude: 106.5 + moved * 0.0028, speed: moving ? 18.52 : 0, track: 90 },
    };
  });
  const sent = await fetchRetrying(page.request, '/api/ingest', {
    method: 'POST',
    headers: { 'x-device-key': v.key },
    data: { readings },
  });
  expect((await sent.json()).data.accepted).toBe(81);

  const start = t0 - 3600;
  const end = now() + 3600;
  const legsPath = `/voyages/${v.asset.massId}/period/${start}/${end}`;
  await expect
    .poll(async () => (await api(page.request, v.token, 'GET', legsPath)).legs.length, { timeout: 200_000 })
    .toBe(3);
  const answer = await api(page.request, v.token, 'GET', legsPath);
  const passage = answer.legs[1];
  expect(passage.kind).toBe('underway');

  await page.goto(`/voyages?start=${start}&end=${end}&rangeType=custom&massId=${v.asset.massId}`);
  const rows = page.locator('.voyages .ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Under way');
  await expect(rows.nth(1)).toContainText(passage.distanceNm.toFixed(1));
  await expect(rows.nth(2)).toContainText('ongoing');
  await expect(page.locator('.voyages-total')).toContainText(answer.totals.distanceNm.toFixed(1));
  await expect(page.getByRole('button', { name: 'Merge' })).toBeVisible();

  // the passage's replay: its track asked for [start, end + 1), the values at the slider's end those of its last fix
  const trackAsked = page.waitForResponse((r) =>
    r.url().includes(`/api/track/${v.asset.massId}/period/${passage.start}/${passage.end + 1}`),
  );
  await rows.nth(1).locator('td').nth(4).click();
  const track = (await (await trackAsked).json()).data;
  await expect(page.getByText('Leg 2: Under way')).toBeVisible();
  const last = track.points.at(-1);
  await page.getByRole('slider', { name: 'Replay time' }).press('End');
  const values = page.getByTestId('track-replay-values');
  await expect(values).toContainText(`${last.lat.toFixed(5)}, ${last.lng.toFixed(5)}`);
  await expect(values).toContainText(`${last.speedKn.toFixed(1)} kn`);

  // the track as GPX: named by the vessel, one trkpt per fix
  const gpx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the track as GPX' }).click();
  const file = await gpx;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^${v.asset.massName} \\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d\\.gpx$`),
  );
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml.match(/<trkpt /g)).toHaveLength(track.points.length);

  // the legs as CSV: a header with units, a row per leg, the total
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync((await (await csv).path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Distance (NM)');
  expect(lines).toHaveLength(5);
  expect(lines[2].split(',').slice(0, 2)).toEqual(['2', 'Under way']);

  // a rename, confirmed: listed with who and when; the leg marked corrected; then undone
  await page.getByRole('button', { name: 'Rename place' }).click();
  await page.getByRole('textbox', { name: 'Place name' }).fill('E2E Dock');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Named "E2E Dock" \(To\)/)).toBeVisible();
  await expect(rows.nth(1)).toContainText('E2E Dock');
  await expect(rows.nth(1).getByTestId('corrected-mark')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('.ant-modal').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('No corrections in force.')).toBeVisible();
  await expect(rows.nth(1)).not.toContainText('E2E Dock');
});
