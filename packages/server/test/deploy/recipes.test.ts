import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvironment } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The deployment recipes (deploy/) are what docs/operations.md shows, word for word, and agree with the server:
 * the stop timeout above SHUTDOWN_TIMEOUT_SECONDS, nginx's body limit equal to INGEST_MAX_MB, the WebSocket location
 * on the live socket's route. nginx-two-processes.test.ts runs the nginx site; systemd-analyze checks the unit here.
 */
const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const UNIT = read('deploy/fleet-monitoring.service');
const SITE = read('deploy/nginx-fleet.conf');
const defaults = parseEnvironment({});

describe('deployment recipes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are quoted whole in docs/operations.md', () => {
    const docs = read('docs/operations.md');
    expect(docs).toContain(`\`\`\`ini\n${UNIT}\`\`\``);
    expect(docs).toContain(`\`\`\`nginx\n${SITE}\`\`\``);
  });

  it('give the server time to stop by itself before systemd kills it', () => {
    const timeout = Number(/^TimeoutStopSec=(\d+)$/m.exec(UNIT)?.[1]);
    expect(timeout).toBeGreaterThan(defaults.SHUTDOWN_TIMEOUT_SECONDS);
    expect(UNIT).toMatch(/^KillMode=mixed$/m);
    expect(UNIT).toMatch(/^ExecStart=\/usr\/bin\/node scripts\/start\.mjs$/m);
  });

  it('let nginx pass an ingest batch as large as the server takes', () => {
    expect(SITE).toContain(`client_max_body_size ${defaults.INGEST_MAX_MB}m;`);
  });

  it('upgrade the live socket where the server has it', () => {
    const location = /location = (\S+) \{\n\s*proxy_pass http:\/\/fleet_servers;\n\s*proxy_read_timeout 1h;/.exec(SITE);
    expect(location?.[1]).toBe('/api/socket');
    expect(t.app.hasRoute({ method: 'GET', url: location![1] })).toBe(true);
    expect(SITE).toContain('proxy_set_header Upgrade $http_upgrade;');
  });

  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find(existsSync);
  it.runIf(analyze && existsSync('/usr/bin/node'))('holds a unit systemd-analyze accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-unit-'));
    try {
      copyFileSync(join(ROOT, 'deploy/fleet-monitoring.service'), join(dir, 'fleet-monitoring.service'));
      const r = spawnSync(analyze!, ['verify', join(dir, 'fleet-monitoring.service')], { encoding: 'utf8' });
      const said = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.includes('fleet-monitoring.service'));
      expect(said).toEqual([]);
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
