#!/usr/bin/env node
// `npm run test:e2e`: brings the production build up to date (scripts/build.mjs: server and web app), starts the built
// server (plain node, no TypeScript loader) on a free port with a fresh DATA_DIR
// (DEMO=1, SIMULATOR=0, embedded SQLite), waits for /api/health, runs Playwright against it, stops the
// server and exits with Playwright's code. Without a Chromium the browser tests are skipped, saying why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverMain } from './build.mjs';
import { ensureBuilt } from './start.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.log(`Skipping the browser tests: no Chromium at ${chromium} (install one, or set CHROMIUM_PATH).`);
  console.log('0 passed, 0 failed');
  process.exit(0);
}

await ensureBuilt();

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const port = await freePort();
// the Teltonika listener on a free port too (e2e/tracker*.spec.ts connects a simulated tracker to it)
const teltonikaPort = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
const report = join(dataDir, 'playwright-report.json');

// a clean environment for the server: embedded database, demo data, mail to the outbox
const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1' };
Object.assign(serverEnv, { SIMULATOR: '0', PUBLIC_URL: baseUrl, LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn' });
// the weather frame's Content-Security-Policy names the provider's script origin: the browser tests serve a
// stand-in of the provider's scripts at this address (e2e/weather.spec.ts)
Object.assign(serverEnv, {
  WEATHER_SCRIPT_URL: 'http://weather.stand-in/libBoot.js',
  WEATHER_LEAFLET_URL: 'http://weather.stand-in/leaflet.js',
});
for (const k of ['DATABASE_URL', 'SMTP_URL', 'MQTT_URL', 'TELTONIKA_PORT', 'WEB_DIST', 'SESSION_IDLE_HOURS'])
  delete serverEnv[k];
serverEnv.TELTONIKA_PORT = String(teltonikaPort);

console.log(`Starting the server on ${baseUrl} (DATA_DIR ${dataDir})…`);
const server = spawn(process.execPath, [serverMain], { cwd: root, env: serverEnv, stdio: 'inherit' });
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

async function waitForHealth(timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (serverExited) throw new Error('the server exited before answering /api/health');
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no answer from ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

async function stopServer() {
  if (serverExited) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

let code = 1;
try {
  await waitForHealth();
  code = await new Promise((ok) => {
    const pw = spawn(bin('playwright'), ['test', '-c', join(web, 'playwright.config.ts'), ...process.argv.slice(2)], {
      cwd: web,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_DATA_DIR: dataDir,
        E2E_REPORT: report,
        E2E_TELTONIKA_PORT: String(teltonikaPort),
        CHROMIUM_PATH: chromium,
        // the flows' user sits in Jakarta, the zone of the demo company they work in (PT Samudra Tirta Marine):
        // expected days and times computed by the tests are that company's (docs/domain.md §1)
        TZ: process.env.TZ || 'Asia/Jakarta',
      },
    });
    pw.on('exit', (c) => ok(c ?? 1));
  });
} catch (e) {
  console.error(`End-to-end run failed to start: ${e.message}`);
} finally {
  await stopServer();
}

let passed = 0;
let failed = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.stats.expected + (result.stats.flaky ?? 0);
  failed = result.stats.unexpected;
  if (result.errors?.length) console.log(`Playwright reported ${result.errors.length} error(s) outside the tests.`);
} catch {
  failed = code === 0 ? 0 : 1; // no report: Playwright did not run
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(code);
