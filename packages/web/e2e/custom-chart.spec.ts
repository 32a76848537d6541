import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { apiToken, byName, demoAssets, ingestHours } from './report-data.ts';

// spec 002 §2.13, §5, §8
test.describe('Custom Chart', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request);
    await ingestHours(request, token, byName(await demoAssets(request, token), 'TB Samudra Perkasa 01'), 60);
  });

  test('validation, save, survive a reload, delete', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/report/custom-chart');
    await page.getByRole('button', { name: 'Create Chart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Chart' });
    await expect(
      dialog.getByText(
        'Please fill in all required fields (Asset, Date Range, and at least one Device with data points).',
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Chart Asset' }).click();
    await page.getByTitle('TB Samudra Perkasa 01').click();
    await dialog.locator('fieldset', { hasText: 'TB01 GPS' }).getByRole('checkbox', { name: 'speed' }).check();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Chart configuration saved successfully!')).toBeVisible();
    const card = page.getByTestId('custom-chart-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('TB Samudra Perkasa 01');
    await expect(card.getByRole('img', { name: 'Chart TB Samudra Perkasa 01' })).toBeVisible();
    await shot(page, 'custom-chart-1440');

    await page.reload();
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: 'Chart TB Samudra Perkasa 01' })).toBeVisible();
    await card.getByRole('button', { name: 'Toggle width' }).click();
    await expect(card).toHaveClass(/full/);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText("Data for chart 'TB Samudra Perkasa 01' refreshed successfully!")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'custom-chart-390');

    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
      'Are you sure you want to delete this chart configuration?',
    );
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByText('Chart configuration deleted successfully!')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
