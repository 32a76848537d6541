import type { Page } from '@playwright/test';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';

/**
 * Weather map (issue 13): without a key the page says how to configure it; with a key the isolated frame loads
 * the provider's scripts — here a local stand-in of Windy's Leaflet and libBoot, served by the test — hands it
 * the key, and passes the options panel on; when the provider cannot be reached the page says so.
 */

const STAND_IN_LEAFLET = 'window.L = { version: "1.4.0-stand-in" };';
// records what the page asked of the provider into the frame's document
const STAND_IN_BOOT = `
window.windyInit = function (opts, cb) {
  var el = document.getElementById('windy');
  var state = {};
  function show() { el.textContent = 'STAND-IN key=' + opts.key + ' lat=' + opts.lat + ' ' + JSON.stringify(state); }
  var api = {
    map: { on: function () {} },
    picker: { open: function () {} },
    store: { set: function (k, v) { state[k] = v; show(); } },
  };
  show();
  cb(api);
};`;

async function withConfig(page: Page, scriptUrl: string) {
  await page.route('**/api/weather/config', (route) =>
    route.fulfill({
      json: {
        status: { error: 0, errorCode: 0, message: '' },
        data: { configured: true, key: 'test-key', scriptUrl, leafletUrl: 'http://weather.stand-in/leaflet.js' },
      },
    }),
  );
  await page.route('http://weather.stand-in/**', (route) => {
    const url = route.request().url();
    if (url.endsWith('/leaflet.js')) return route.fulfill({ contentType: 'text/javascript', body: STAND_IN_LEAFLET });
    if (url.endsWith('/libBoot.js')) return route.fulfill({ contentType: 'text/javascript', body: STAND_IN_BOOT });
    return route.abort('internetdisconnected');
  });
}

test('weather map without a key says how to configure it', async ({ page }) => {
  await enterApp(page, USERS.admin);
  await page.goto('/weather');
  await expect(page.getByText('The weather map is not configured')).toBeVisible();
  await expect(page.getByText('WEATHER_API_KEY')).toBeVisible();
  await shot(page, 'weather-no-key');
});

test('weather map with a key loads the provider in the frame and passes the options on', async ({ page }) => {
  await enterApp(page, USERS.admin);
  await withConfig(page, 'http://weather.stand-in/libBoot.js');
  await page.goto('/weather');
  const windy = page.frameLocator('iframe[title="Weather map"]').locator('#windy');
  await expect(windy).toContainText('STAND-IN key=test-key lat=-6.2');
  // initial options of spec 002 §2.6
  await expect(windy).toContainText('"latlon":true');
  await expect(windy).toContainText('"particlesAnim":"on"');
  await expect(page.getByText('Weather Maps Options')).toBeVisible();
  await page.getByRole('switch', { name: 'Graticule' }).click();
  await expect(windy).toContainText('"graticule":true');
  await page.getByRole('button', { name: 'off', exact: true }).click(); // Isolines off → pressure
  await expect(windy).toContainText('"isolines":"pressure"');
  await shot(page, 'weather-stand-in');
});

test('weather map says so when the provider cannot be reached', async ({ page }) => {
  await enterApp(page, USERS.admin);
  await withConfig(page, 'http://weather.stand-in/unreachable.js');
  await page.goto('/weather');
  await expect(page.getByText('The weather provider could not be reached')).toBeVisible();
  await shot(page, 'weather-unreachable');
});
