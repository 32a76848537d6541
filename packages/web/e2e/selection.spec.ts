import { enterApp, expect, shot, signIn, test, USERS } from './fixtures.ts';

test.describe('company selection (spec 000 §2 Select Company)', () => {
  test('admin picks one of two companies on the full page, then an application', async ({ page }) => {
    await signIn(page, USERS.admin.name, USERS.admin.password);
    await expect(page.getByRole('tab', { name: /Demo Maritime Group/ })).toBeVisible();
    const companies = page.getByRole('radio');
    await expect(companies).toHaveCount(2);
    await page.getByRole('radio', { name: /PT Borneo Tug & Barge/ }).click();
    await expect(page.getByRole('radio', { name: /PT Borneo Tug & Barge/ })).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'company-selection');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page).toHaveURL(/\/preference\/active-app$/);
    await page.locator('[data-app=fms]').click();
    await page.getByRole('button', { name: 'Confirm Selection' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTitle('Active company')).toHaveText('PT Borneo Tug & Barge');
  });

  test('closing the group clears the choice; Confirm needs a group and a company', async ({ page }) => {
    await signIn(page, USERS.admin.name, USERS.admin.password);
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeEnabled();
    await page.getByRole('tab', { name: /Demo Maritime Group/ }).click(); // collapse: no group chosen
    await expect(confirm).toBeDisabled();
  });

  test('the Select Company modal switches the company in place', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await expect(page.getByTitle('Active company')).toHaveText('PT Samudra Tirta Marine');
    await page.getByRole('button', { name: 'Select App/Company' }).click();
    await page.getByRole('menuitem', { name: 'Select Company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Company' });
    await expect(dialog).toBeVisible();
    // Esc does not close it
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: /PT Borneo Tug & Barge/ }).click();
    await shot(page, 'company-modal');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTitle('Active company')).toHaveText('PT Borneo Tug & Barge');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('operator, with one company, has no Select Company', async ({ page }) => {
    await enterApp(page, USERS.operator);
    await page.getByRole('button', { name: 'Select App/Company' }).click();
    await expect(page.getByRole('menuitem', { name: 'Select Application' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Select Company' })).toHaveCount(0);
  });
});

test.describe('application selection (spec 000 §2 Select Application)', () => {
  test('six applications, four disabled; Confirm Selection waits for a choice', async ({ page }) => {
    await signIn(page, USERS.operator.name, USERS.operator.password);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page).toHaveURL(/\/preference\/active-app$/);
    const apps = page.getByRole('radio');
    await expect(apps).toHaveCount(6);
    await expect(page.locator('[role=radio][aria-disabled=true]')).toHaveCount(4);
    const confirm = page.getByRole('button', { name: 'Confirm Selection' });
    await expect(confirm).toBeDisabled();
    await page.locator('[data-app=ehm]').click({ force: true });
    await expect(page.locator('[data-app=ehm]')).toHaveAttribute('aria-checked', 'false');
    await expect(confirm).toBeDisabled();
    await shot(page, 'app-selection');
    // keyboard: focus the bunkering card and choose it with Enter
    await page.locator('[data-app=bunkering]').focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page).toHaveURL(/\/dashboard\/bunker(\?.*)?$/);
  });

  test("the active application is marked 'Active' in the modal; fms leads to Home", async ({ page }) => {
    await enterApp(page, USERS.admin, 'bunkering');
    await page.getByRole('button', { name: 'Select App/Company' }).click();
    await page.getByRole('menuitem', { name: 'Select Application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Application' });
    await expect(dialog.locator('[data-app=bunkering]')).toContainText('Active');
    await expect(dialog.locator('[data-app=fms]')).not.toContainText('Active');
    await dialog.locator('[data-app=fms]').click();
    await dialog.getByRole('button', { name: 'Confirm Selection' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Dashboard')).toBeVisible();
  });
});
