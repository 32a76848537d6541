import { enterApp, expect, openUserMenu, shot, test, USERS } from './fixtures.ts';

const MASTER_ENTRIES = [
  'Users List',
  'Role',
  'Permission',
  'Group',
  'Company',
  'Asset Type',
  'Sensor Type',
  'Sensor Category',
  'Tank Header/Detail',
  'Fuel Type',
  'Bunker Location',
  'Config RPM',
  'Config AE',
  'Config Tank',
];
const ALWAYS = ['Master Event', 'Config Event', 'Profile', 'Sign Out'];

/** The spec's FMS entries, then (1366 px wide) '…' holding the screens the navigation lacked (issue 28). */
const FMS_ENTRIES = ['Home', 'Dashboard', 'Report', 'Weather', 'Event Log', 'Asset', 'Device'];
const MORE_ENTRIES = ['Widgets', 'Custom Chart', 'Voyages', 'Fleet Efficiency', 'Emissions', 'Teltonika Map'];

const mainEntries = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem');

test.describe('navigation bar (spec 000 §2)', () => {
  test('admin: FMS entries and every user menu entry', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await expect(mainEntries(page)).toHaveText([...FMS_ENTRIES, '']);
    await page.getByRole('navigation', { name: 'Main' }).locator('.ant-menu-overflow-item-rest').hover();
    const more = page.locator('.ant-menu-submenu-popup').getByRole('menuitem');
    await expect(more).toHaveText(MORE_ENTRIES);
    await more.filter({ hasText: 'Custom Chart' }).click();
    await expect(page).toHaveURL(/\/report\/custom-chart$/);
    const menu = await openUserMenu(page);
    await expect(menu).toContainText(USERS.admin.email);
    for (const entry of [...MASTER_ENTRIES, ...ALWAYS])
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    await shot(page, 'admin-user-menu');
    await menu.getByRole('menuitem', { name: 'Company', exact: true }).click();
    await expect(page).toHaveURL(/\/master\/company$/);
  });

  test('operator: the same FMS entries, a user menu without master data', async ({ page }) => {
    await enterApp(page, USERS.operator);
    await expect(mainEntries(page)).toHaveText([...FMS_ENTRIES, '']);
    const menu = await openUserMenu(page);
    await expect(menu).toContainText(USERS.operator.email);
    for (const entry of MASTER_ENTRIES)
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    for (const entry of ALWAYS) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    await shot(page, 'operator-user-menu');
  });

  test('bunkering application: Home, Bunker Log, Remain On Board, Asset, Device', async ({ page }) => {
    await enterApp(page, USERS.operator, 'bunkering');
    await expect(mainEntries(page)).toHaveText(['Home', 'Bunker Log', 'Remain On Board', 'Asset', 'Device']);
    await page.getByRole('navigation', { name: 'Main' }).getByText('Bunker Log').click();
    await expect(page).toHaveURL(/\/bunkering-log$/);
    await expect(page.getByRole('heading', { name: 'Bunkering Log' })).toBeVisible();
  });

  test("a route without the permission leads to /401: 'Unfortunately, you don't have access for this feature'", async ({
    page,
  }) => {
    await enterApp(page, USERS.operator);
    await page.goto('/master/user');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText("Unfortunately, you don't have access for this feature")).toBeVisible();
    await shot(page, 'forbidden');
    await page.goto('/401');
    await expect(page.getByText("Unfortunately, you don't have access for this feature")).toBeVisible();
  });

  test('the keyboard reaches the menus', async ({ page }) => {
    await enterApp(page, USERS.admin);
    const userButton = page.getByRole('button', { name: /^User menu of / });
    await userButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.user-menu')).toBeVisible();
  });
});
