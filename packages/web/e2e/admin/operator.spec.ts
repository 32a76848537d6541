import { apiCall, apiToken, expect, signedInPage, test, USERS } from './helpers.ts';

// The operator reads the FMS and bunkering screens and changes no master data (README "Demo users"):
// the administration screens offer no add/edit/delete, and the server refuses the calls.
const page = signedInPage(USERS.operator);

/** Screens whose route needs read on their permission (spec 000 §6, spec 001 §6). */
const GATED = [
  '/master/asset-type',
  '/master/bunker-location',
  '/master/fuel-type',
  '/master/sensor_type',
  '/master/sensor_category',
  '/master/permission',
  '/master/role',
  '/master/role/1',
  '/master/group',
  '/master/group/detail/1',
  '/master/company',
  '/master/company/detail/1',
  '/master/user',
  '/master/user/admin%40fleet.demo',
  '/master/config/rpm',
  '/master/config/ae',
  '/master/config/tank',
  '/master/tank',
  '/master/tank/1',
];

const noChangeButtons = async (p: ReturnType<typeof page>) => {
  for (const name of [/^Add$/, /^Edit/, /^Delete/, /^Save/, /^Activate$/, /^Duplicate From/])
    await expect(p.getByRole('button', { name })).toHaveCount(0);
};

test('the administration screens without read lead to the forbidden page, with no add/edit/delete', async () => {
  const p = page();
  for (const path of GATED) {
    await p.goto(path);
    await expect(p, path).toHaveURL(/\/401$/);
    await expect(p.getByText("Unfortunately, you don't have access for this feature")).toBeVisible();
    await noChangeButtons(p);
  }
});

test('Master Event, Config Event and Asset Event open (no menu check) but show no rows and no buttons', async () => {
  const p = page();
  await p.goto('/master/event');
  await expect(p.getByRole('heading', { name: 'Master Event' })).toBeVisible();
  await expect(p.getByText("You don't have access to this list")).toBeVisible();
  await expect(p.locator('.ant-table-row')).toHaveCount(0);
  await noChangeButtons(p);

  await p.goto('/master/config/event/tb01');
  await expect(p.getByRole('heading', { name: 'Event Configuration' })).toBeVisible();
  await expect(p.locator('.ant-table-row')).toHaveCount(0);
  await noChangeButtons(p);

  await p.goto('/master/asset/event/1');
  await expect(p.locator('.ant-transfer-list-content-item')).toHaveCount(0);
  await noChangeButtons(p);
});

test('the server refuses the operator every change (403), whatever the screen shows', async () => {
  const p = page();
  const token = await apiToken(p.request, USERS.operator);
  const resources = [
    'asset_type',
    'bunker_location',
    'fuel_type',
    'sensor_type',
    'sensor_category',
    'permission',
    'roles',
    'role_permission',
    'group_company',
    'company',
    'user',
    'user_login',
    'user_company',
    'user_role',
    'user_asset',
    'config_rpm',
    'config_ae',
    'config_tank',
    'tank_header',
    'tank_detail',
    'events',
    'config_event',
    'asset_event',
  ];
  for (const r of resources) {
    const id = r === 'user' ? 'admin%40fleet.demo' : '1';
    for (const [method, path] of [
      ['GET', `/master/${r}`],
      ['POST', `/master/${r}`],
      ['PUT', `/master/${r}/${id}`],
      ['DELETE', `/master/${r}/${id}`],
    ] as const) {
      const res = await apiCall(p.request, token, method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.status.error).toBe(1);
    }
  }
  const activate = await apiCall(p.request, token, 'POST', '/master/config_event/1/activate');
  expect(activate.status).toBe(403);
});
