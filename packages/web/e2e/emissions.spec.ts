import { readFileSync } from 'node:fs';
import { addButton, dialog, expect, field, fieldError, signedInPage, test, USERS } from './admin/helpers.ts';

// Issue 30: the Emissions screen (docs/domain.md §39) on the demo fleet, and the asset's capacity fields.
const page = signedInPage(USERS.admin);

test('Emissions: reached from the menu; CO₂ of a period lists the demo vessels with the fleet total', async () => {
  const p = page();
  await p.getByRole('navigation', { name: 'Main' }).locator('.ant-menu-overflow-item-rest').hover();
  await p.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: 'Emissions' }).click();
  await expect(p).toHaveURL(/\/emissions$/);
  await expect(p.getByRole('heading', { name: 'Emissions', level: 1 })).toBeVisible();
  await expect(p.getByTestId('fleet-co2')).toContainText('Fleet CO₂ (t)');
  const table = p.locator('.emissions-table').first();
  await expect(table.getByRole('row').filter({ hasText: 'MT Samudra Jaya' })).toBeVisible();
  await expect(table.locator('.ant-table-summary')).toContainText('Fleet');
});

test('Emissions: the DCS year gives the tanker its capacities and indicative CII, a tug the reason it has none', async () => {
  const p = page();
  await p.getByRole('tab', { name: 'Annual DCS summary' }).click();
  const dcs = p.locator('.emissions-table').last();
  const tanker = dcs.getByRole('row').filter({ hasText: 'MT Samudra Jaya' });
  await expect(tanker).toContainText('3,500');
  await expect(tanker).toContainText('2,450');
  // no telemetry in this run: the tanker sailed no distance this year, so its CII says so
  await expect(tanker).toContainText(/No distance sailed|indicative/);
  await expect(dcs.getByRole('row').filter({ hasText: 'TB Samudra Perkasa 01' })).toContainText(
    'No reference line (tug, supply boat …)',
  );
  const [download] = await Promise.all([
    p.waitForEvent('download'),
    p.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`DCS_${new Date().getUTCFullYear()}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Vessel,Fuel Type,Fuel (t),Distance (NM),Hours Under Way,CO₂ (t)');
  expect(csv).toContain('MT Samudra Jaya');
});

test('Asset form: gross tonnage, deadweight and the CII ship type, checked before saving', async () => {
  const p = page();
  await p.goto('/master/asset');
  await addButton(p).click();
  const add = dialog(p, 'Add New Asset');
  await field(add, 'Asset Name').fill('E2E Capacity Vessel');
  await field(add, 'Gross Tonnage (GT)').fill('0');
  await field(add, 'Deadweight (DWT, t)').fill('2000000');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(add, 'Gross Tonnage must be between 1 and 1,000,000 GT')).toBeVisible();
  await expect(fieldError(add, 'Deadweight must be between 1 and 1,000,000 t')).toBeVisible();
  await expect(field(add, 'CII Ship Type')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
});
