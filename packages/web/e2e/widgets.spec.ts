import { enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { apiToken, byName, demoAssets, ingestHours } from './report-data.ts';

// spec 002 §2.18: the speedometer follows the vessel's GPS speed; /asset/type is the working list
test.describe('Widgets and Asset Type', () => {
  test('speedometer shows the latest GPS speed in knots', async ({ page, request }) => {
    const token = await apiToken(request);
    const assets = await demoAssets(request, token);
    await ingestHours(request, token, byName(assets, 'TB Samudra Perkasa 01'), 5);
    await enterApp(page, USERS.admin);
    await page.goto('/widgets');
    await page.getByRole('combobox', { name: 'Vessel' }).click();
    await page.getByTitle('TB Samudra Perkasa 01').click();
    // 18.52 km/h × 0.539957 = 10.0 knot
    await expect(page.getByRole('img', { name: 'Speed' })).toBeVisible();
    await expect(page.getByTestId('speed-time')).toContainText('GPS at');
    await expect(page.getByTestId('speed-value')).toHaveText('10.0');
    await shot(page, 'widgets-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'widgets-390');
  });

  test('/asset/type opens the Asset Type list', async ({ page }) => {
    await enterApp(page, USERS.admin);
    await page.goto('/asset/type');
    await expect(page).toHaveURL(/\/master\/asset-type$/);
    await expect(page.getByRole('heading', { name: /Asset Type/ })).toBeVisible();
  });
});
