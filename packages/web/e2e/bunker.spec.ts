import type { Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { demoDevices, ingest } from './assets-data.ts';
import { enterApp, expect, shot, test, USERS } from './fixtures.ts';

/** The demo vessel with a BUNKER_IN meter (demo-fleet.ts) and its company's other vessel without one. */
const METER_VESSEL = 'MT Samudra Jaya';
const METER_ID = 'fm-ot01-bunker';

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test.describe('bunkering (spec 002 §2.14–§2.15)', () => {
  test('admin: Bunkering Log filters, add with every §5 message, detail, adjustments, delete', async ({ page }) => {
    test.setTimeout(240_000); // a long flow on a shared machine
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/bunkering-log');
    await expect(page.getByRole('heading', { name: 'Bunkering Log', level: 1 })).toBeVisible();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible(); // the demo bunkerings of the last 120 days
    await expect(page.locator('.ant-table-thead th')).toHaveCount(10);
    await page.getByRole('switch', { name: 'Show Sounding' }).click();
    await expect(page.locator('.ant-table-thead th')).toHaveCount(12);

    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Filter applied')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Filter Reset')).toBeVisible();

    // add: the empty form shows the §5 messages and the toast
    await page.getByRole('button', { name: 'Add' }).click();
    const form = page.getByRole('dialog', { name: 'New Bunkering Log' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please fix the errors in the form.')).toBeVisible();
    for (const m of ['Asset must be selected.', 'Location must be filled.', 'Target bunker must be filled.'])
      await expect(form.getByText(m)).toBeVisible();
    // end equal to start
    const end = form.getByLabel('End Time');
    await end.click();
    await end.fill(await form.getByLabel('Start Time').inputValue());
    await end.press('Enter');
    await expect(form.getByText('Start and end time must not be the same.')).toBeVisible();
    await end.click();
    await end.fill('01-01-2020 00:00');
    await end.press('Enter');
    await expect(form.getByText('End time must not be before start time.')).toBeVisible();
    const start = form.getByLabel('Start Time');
    await start.click();
    await start.fill('01-03-2026 08:00');
    await start.press('Enter');
    await end.click();
    await end.fill('01-03-2026 10:00');
    await end.press('Enter');
    await pickOption(page, 'Vessel', METER_VESSEL);
    await pickOption(page, 'Location', 'Merak, Banten');
    await form.getByRole('textbox', { name: 'Target Bunker (L)' }).fill('12345');
    await form.getByLabel('Note').fill('e2e bunkering');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Log created successfully')).toBeVisible();

    // the new log (1 March 2026): find it by its note in the detail
    await pickOption(page, 'Order', 'ASC');
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = rows.filter({ hasText: '01-03-2026 08:00' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog', { name: /MT Samudra Jaya - Merak, Banten - 01\/03\/2026/ });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('e2e bunkering')).toBeVisible();
    await expect(detail.getByTestId('discrepancy-sounding')).toContainText('N/A');
    await page.keyboard.press('Escape');
    await expect(detail).toBeVisible(); // not closable by Esc
    await shot(page, 'bunker-detail');

    await detail.getByRole('tab', { name: /Adjustment History/ }).click();
    await expect(detail.getByText('No adjustment history.')).toBeVisible();
    await detail.getByRole('button', { name: 'Add Adjustment' }).click();
    const adj = page.getByRole('dialog', { name: 'Create Bunker Adjustment' });
    await adj.getByRole('button', { name: 'Save' }).click();
    for (const m of ['Adjustment value is required.', 'Adjustment reason is required', 'Detail note is required.'])
      await expect(adj.getByText(m)).toBeVisible();
    await adj.getByRole('textbox', { name: /Adjustment Value/ }).fill('0');
    await expect(adj.getByText('Adjustment value cannot be zero.')).toBeVisible();
    await adj.getByRole('textbox', { name: /Adjustment Value/ }).fill('12000');
    await pickOption(page, 'Reason', 'Others');
    await adj.getByLabel('Detail Note').fill('Line 1\nLine 2 of a long note that goes beyond thirty characters');
    await adj.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Adjustment created successfully!')).toBeVisible();
    await expect(detail.getByText('ADJUSTED')).toBeVisible();
    await expect(detail.getByText('RESET', { exact: true })).toBeVisible(); // type 1 (Reset Value) is the default
    await detail.getByRole('tab', { name: /Bunker Summary/ }).click();
    await expect(detail.getByTestId('final-bunker')).toContainText('12.00 KL');
    await expect(detail.getByTestId('discrepancy-target')).toContainText('-0.345 KL (-2.79%)');
    await detail.getByRole('tab', { name: /Adjustment History/ }).click();
    await detail.getByRole('button', { name: /^Line 1/ }).click();
    await expect(page.getByRole('dialog', { name: 'Note Detail' })).toContainText('Line 2 of a long note');
    await page.getByRole('dialog', { name: 'Note Detail' }).locator('.ant-modal-footer').getByRole('button').click();
    await detail.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Are you sure you want to delete this adjustment history?')).toBeVisible();
    await page.getByRole('dialog').filter({ hasText: 'Are you sure' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Adjustment deleted successfully!')).toBeVisible();
    await expect(detail.getByText('No adjustment history.')).toBeVisible();
    await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Delete' }).click();
    // the generic delete confirmation (issue 28): names the log, says it can be restored
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete this item ?' });
    await expect(confirm.getByText('It can be restored from the Audit Trail.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Laporan berhasil dihapus')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('admin: bunker dashboard for a vessel with and without a bunker meter', async ({ page, request }) => {
    // three readings of MT Samudra Jaya's BUNKER_IN meter in the last minute, so today's Datalog has rows to download
    const meter = (await demoDevices(request)).get(METER_ID);
    if (!meter) throw new Error(`no demo device ${METER_ID}`);
    const now = Math.floor(Date.now() / 1000);
    await ingest(
      request,
      meter.devcId,
      [0, 1, 2].map((i) => ({
        device: METER_ID,
        ts: now - 30 + i * 10,
        data: {
          volumeFlowrate: 60_000,
          massFlowrate: 50_400,
          volumeTotal: 500_000 + i * 167,
          massTotal: 420_000 + i * 140,
          density: 840,
          temperature: 30,
        },
      })),
    );
    await enterApp(page, USERS.admin, 'bunkering');
    await expect(page.getByRole('heading', { name: 'Bunker Dashboard', level: 1 })).toBeVisible();
    await pickOption(page, 'Asset', METER_VESSEL);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Bunker Summary')).toBeVisible();
    await expect(page.getByText(/Last Update:/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    for (const h of [
      'datetime',
      'mass_flowrate',
      'volume_flowrate',
      'mass_total',
      'volume_total',
      'density',
      'temperature',
    ])
      await expect(page.locator('.ant-table-thead th').filter({ hasText: h }).first()).toBeVisible();
    // the shared filter bar without an interval: the dashboard charts the meter's raw readings
    await expect(page.getByLabel('Interval')).toHaveCount(0);
    // Download Excel: the Datalog as the sheet 'Data', headers in the table's column order, one line per reading
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^MT Samudra Jaya_bunker_\d{8}_\d{8}\.xlsx$/);
    const sheet = await readSheet(await download.path(), 'Data');
    expect(sheet[0]).toEqual([
      'datetime',
      'mass_flowrate (kg/h)',
      'volume_flowrate (L/h)',
      'mass_total (kg)',
      'volume_total (L)',
      'density (kg/m³)',
      'temperature (°C)',
    ]);
    expect(sheet.length).toBeGreaterThan(3); // at least the three readings above
    expect(String(sheet[1]?.[0])).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
    expect(sheet.slice(1).some((r) => typeof r[4] === 'number')).toBe(true); // volume_total as a number
    await shot(page, 'bunker-dashboard');
    await pickOption(page, 'Asset', 'TB Samudra Perkasa 01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('TB Samudra Perkasa 01 has no bunker flow meter (BUNKER_IN).')).toBeVisible();
  });

  test('operator: sees the log and the detail, changes nothing', async ({ page }) => {
    await enterApp(page, USERS.operator, 'bunkering');
    await page.goto('/bunkering-log');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await rows.first().getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog').first();
    await expect(detail.getByText('Final Bunker Received')).toBeVisible();
    await detail.getByRole('tab', { name: /Adjustment History/ }).click();
    await expect(detail.getByRole('button', { name: 'Add Adjustment' })).toHaveCount(0);
    await expect(detail.locator('th').filter({ hasText: 'Actions' })).toHaveCount(0);
  });
});
