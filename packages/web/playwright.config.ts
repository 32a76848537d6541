import { defineConfig } from '@playwright/test';

/** System Chromium (README "Tests"): CHROMIUM_PATH, else /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * End-to-end flows against the built app served by the real server. `npm run test:e2e` (scripts/e2e.mjs)
 * starts that server on a free port with a fresh DATA_DIR and passes E2E_BASE_URL and E2E_DATA_DIR.
 * One worker (the flows share one server). One retry: on a loaded 2-core machine an antd dropdown or a map click
 * occasionally misses its moment; a test that passes only on the retry is reported as flaky, not hidden (the
 * per-address sign-in throttle allows 100 failures before it slows anyone down).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT || 'test-results/e2e-report.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL || 'http://localhost:8080',
    headless: true,
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    // no dialog opening animation for a click to race on a busy machine (the app honours the system setting)
    reducedMotion: 'reduce',
    // the browser in the test runner's zone (scripts/e2e.mjs: Asia/Jakarta); time-zone.spec.ts moves it elsewhere
    timezoneId: process.env.TZ || 'Asia/Jakarta',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
