import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chromiumPath } from '../../playwright.config.ts';
import { enterApp } from '../fixtures.ts';
import { apiCall, apiToken, expect, test, USERS } from './helpers.ts';

// Buttons only with the matching operation (spec 001 §6): a user whose role reads every administration list
// sees the rows, and Detail where a list has one, but no Add, Edit or Delete.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.skip(!existsSync(chromiumPath), `No Chromium at ${chromiumPath}; set CHROMIUM_PATH to run the browser tests`);

const KEYS = [
  'master_asset_type',
  'master_bunker_location',
  'master_fuel_type',
  'master_sensor_type',
  'master_sensor_category',
  'master_permission',
  'master_role',
  'master_group_company',
  'master_company',
  'master_user',
  'master_config_rpm',
  'master_config_ae',
  'master_config_tank',
  'master_tank_header',
  'master_tank_detail',
  'master_events',
  'master_config_event',
  'master_device',
  'master_asset',
];
const stamp = Date.now().toString(36);
const AUDITOR = { name: `auditor_${stamp}`, email: `auditor.${stamp}@fleet.demo`, password: 'Auditor#2026' };

let page: Page;

test.beforeAll(async ({ browser, request }) => {
  // a role reading every administration list, and a user of the first demo company holding it
  const admin = await apiToken(request, USERS.admin);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await apiCall(request, admin, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body.status)}`).toBe(200);
    return res.body.data;
  };
  const role = await call('POST', '/master/roles', { roleName: `Auditor ${stamp}` });
  const permissions = await call('GET', '/master/permission?max=100');
  for (const key of KEYS) {
    const prms = permissions.find((x: { prmsName: string }) => x.prmsName === key);
    await call('POST', '/master/role_permission', {
      rperRoleId: role.roleId,
      rperPrmsId: prms.prmsId,
      rperOperations: '["read"]',
    });
  }
  await call('POST', '/master/user', { userId: AUDITOR.email, userStatus: 1 });
  await call('POST', '/master/user_login', {
    usloUserId: AUDITOR.email,
    usloUserName: AUDITOR.name,
    usloPassword: AUDITOR.password,
  });
  const companies = await call('GET', '/master/company?findField=compName&findValue=Samudra');
  await call('POST', '/master/user_company', {
    uscoUserId: AUDITOR.email,
    uscoCompId: companies[0].compId,
    uscoAllAssets: 1,
  });
  await call('POST', '/master/user_role', { usroUserId: AUDITOR.email, usroRoleId: role.roleId });

  page = await (await browser.newContext()).newPage();
  await enterApp(page, AUDITOR);
});

test.afterAll(async () => {
  await page?.context().close();
});

/** List routes, with whether their rows offer Detail. */
const LISTS: [string, boolean][] = [
  ['/master/asset-type', false],
  ['/master/bunker-location', false],
  ['/master/fuel-type', false],
  ['/master/sensor_type', false],
  ['/master/sensor_category', false],
  ['/master/permission', false],
  ['/master/role', true],
  ['/master/group', true],
  ['/master/company', true],
  ['/master/user', true],
  ['/master/config/rpm', false],
  ['/master/config/ae', false],
  ['/master/config/tank', false],
  ['/master/tank', true],
];

test('every list shows its rows without Add, Edit or Delete', async () => {
  for (const [path, detail] of LISTS) {
    await page.goto(path);
    await expect(page.locator('.ant-table-row').first(), path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    if (detail) await expect(page.getByRole('button', { name: /^Detail/ }).first()).toBeVisible();
  }
});

test('the detail screens read without changing: Role Detail, User Detail, Config Event', async () => {
  await page.goto('/master/role');
  await page
    .getByRole('button', { name: /^Detail/ })
    .first()
    .click();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(page.locator('.ant-table-row').first().getByRole('checkbox').first()).toBeDisabled();

  await page.goto(`/master/user/${encodeURIComponent(AUDITOR.email)}`);
  await expect(page.locator('.ant-tabs .ant-table-row').first()).toContainText('PT Samudra Tirta Marine');
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);

  await page.goto('/master/config/event/tb01');
  await expect(page.getByRole('heading', { name: 'Event Configuration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /\bActivate$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
});
