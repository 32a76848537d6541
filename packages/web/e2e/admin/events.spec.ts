import type { Locator, Page } from '@playwright/test';
import {
  addButton,
  apiCall,
  apiToken,
  choose,
  confirmDelete,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  noModal,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './helpers.ts';

// The event configuration flow of spec 001 §2, §4, §5, §8: master events with thresholds, configurations of a
// gateway with two-step activation, the Asset Event lists and Duplicate From..., as an administrator.
const page = signedInPage(USERS.admin);
const overspeed = unique('Main Engine Overspeed');
const hot = unique('Exhaust Too Hot');
const GATEWAY = 'tb04';
const LONG_DESCRIPTION =
  'Alert set for the harbour tug fleet: overspeed while towing and exhaust temperature during long transits';

/** The device blocks of the open thresholds editor. */
const devices = (modal: Locator) => modal.getByTestId('threshold-device');

/** Fills one data row of a device block. */
async function condition(p: Page, device: Locator, index: number, key: string, op: string, value: string) {
  const r = device.getByTestId('threshold-row').nth(index);
  await r.getByLabel('Data key').fill(key);
  await choose(p, r.getByLabel('Operator'), op);
  await r.getByLabel('Value').fill(value);
}

test('Master Event: add with two devices and their conditions, saved as the thresholds JSON', async () => {
  const p = page();
  await p.goto('/master/event');
  await addButton(p).click();
  const add = dialog(p, 'Add New Event');
  // server messages for a form without client checks
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Event Type is required')).toBeVisible();

  await field(add, 'Event Type').fill(overspeed);
  await expect(add.locator('.ant-select', { has: p.getByLabel('Priority', { exact: true }) })).toContainText('Normal');
  await field(add, 'Trigger Duration (seconds)').fill('120');
  await choose(p, field(add, 'Priority'), 'High');
  await field(add, 'Description').fill('Main engine RPM above the rated limit while the exhaust runs hot');

  // the defaults of a new device and data row (spec 001 §9)
  await add.getByRole('button', { name: 'Add Device' }).click();
  const first = devices(add).nth(0);
  await expect(first.getByLabel('Device name')).toHaveValue('NewDevice');
  await expect(first.getByLabel('Conditions operator').locator('.ant-segmented-item-selected')).toHaveText('and');
  await expect(first.getByTestId('threshold-row').getByLabel('Value')).toHaveValue('0');
  await expect(first.getByTestId('threshold-row').locator('.ant-select')).toContainText('==');

  await first.getByLabel('Device name').fill('rpm');
  await first.getByLabel('Conditions operator').getByText('or').click();
  await condition(p, first, 0, 'rpm', '>', '1800');
  await first.getByRole('button', { name: 'Add Condition' }).click();
  await condition(p, first, 1, 'running', '==', '1');

  await add.getByRole('button', { name: 'Add Device' }).click();
  const second = devices(add).nth(1);
  await expect(second.getByLabel('Device name')).toHaveValue('NewDevice');
  // a repeated device name would drop a device from the JSON map: refused before saving
  await second.getByLabel('Device name').fill('rpm');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(add, 'Device name rpm is used twice')).toBeVisible();
  await second.getByLabel('Device name').fill('temperature');
  await condition(p, second, 0, 'temperature', '>=', '450');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  const token = await apiToken(p.request, USERS.admin);
  const stored = await apiCall(
    p.request,
    token,
    'GET',
    `/master/events?findField=mevtType&findValue=${encodeURIComponent(overspeed)}`,
  );
  expect(stored.body.data).toHaveLength(1);
  expect(stored.body.data[0]).toMatchObject({ mevtTriggerDuration: 120, mevtIsPriority: 1 });
  expect(JSON.parse(stored.body.data[0].mevtThresholds)).toEqual({
    rpm: {
      conditions_operator: 'or',
      data: { rpm: { operator: '>', value: 1800 }, running: { operator: '==', value: 1 } },
    },
    temperature: { conditions_operator: 'and', data: { temperature: { operator: '>=', value: 450 } } },
  });
});

test('Master Event: search on event type and priority filter with Apply, detail view, edit, delete', async () => {
  const p = page();
  await p.goto('/master/event');
  await addButton(p).click();
  const add = dialog(p, 'Add New Event');
  await field(add, 'Event Type').fill(hot);
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await expect(add).toBeHidden();

  await noModal(p);
  const filters = p.locator('.filter-bar');
  await filters.getByRole('textbox').fill(overspeed);
  await choose(p, filters.getByLabel('Priority', { exact: true }), 'Normal');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(row(p, overspeed)).toHaveCount(0);
  await choose(p, filters.getByLabel('Priority', { exact: true }), 'High');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(row(p, overspeed)).toContainText('High');
  await choose(p, filters.getByLabel('Priority', { exact: true }), 'All');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(row(p, overspeed)).toContainText('rpm (2), temperature (1)');

  // Detail: the event itself, not the user detail route
  await rowButton(row(p, overspeed), 'Detail').click();
  const drawer = p.locator('.ant-drawer').filter({ hasText: overspeed });
  await expect(drawer).toContainText('rpm > 1800');
  await expect(drawer).toContainText('temperature >= 450');
  await expect(p).toHaveURL(/\/master\/event$/);
  await drawer.getByRole('button', { name: 'Close' }).click();

  await rowButton(row(p, overspeed), 'Edit').click();
  const edit = dialog(p, 'Edit Event');
  await expect(devices(edit)).toHaveCount(2);
  await field(edit, 'Trigger Duration (seconds)').fill('180');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(row(p, overspeed)).toContainText('180');

  // a throwaway event to delete
  const spare = unique('Spare Event');
  await addButton(p).click();
  const addSpare = dialog(p, 'Add New Event');
  await field(addSpare, 'Event Type').fill(spare);
  await addSpare.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
  await search(p, spare);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await rowButton(row(p, spare), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Event Deleted');
  await expect(row(p, spare)).toHaveCount(0);
});

/** Opens the Config Event list of the test gateway. */
async function openGateway(p: Page) {
  await p.goto(`/master/config/event/${GATEWAY}`);
  await expect(p.locator('.filter-bar')).toContainText(GATEWAY);
}

test('Config Event: add needs a gateway; version = highest + 1; truncated description; activation refused without events', async () => {
  const p = page();
  await p.goto('/master/config/event');
  await expect(p.getByText('Please select an Asset ID to display data.')).toBeVisible();
  await addButton(p).click();
  await expectToast(p, 'Please select an Asset ID from the filter before adding a new event.');

  await choose(p, p.locator('.filter-bar').getByLabel('Asset ID', { exact: true }), GATEWAY, {
    search: true,
    partial: true,
  });
  await expectToast(p, 'Device selected');
  await expect(p).toHaveURL(new RegExp(`/master/config/event/${GATEWAY}$`));

  const versions = (await p.locator('.ant-table-row td:nth-child(2)').allInnerTexts()).map(Number);
  const next = Math.max(0, ...versions) + 1;
  for (const description of [LONG_DESCRIPTION, 'Source for duplication']) {
    await addButton(p).click();
    const add = dialog(p, 'Add New Configuration');
    await expect(field(add, 'Asset ID')).toHaveValue(GATEWAY);
    await expect(field(add, 'Asset ID')).toHaveAttribute('readonly', '');
    await expect(field(add, 'Version')).toHaveAttribute('readonly', '');
    await field(add, 'Description').fill(description);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(p, 'Saved');
    await expect(add).toBeHidden();
  }
  await expect(p.locator('.ant-table-row').first().locator('td').nth(1)).toHaveText(String(next + 1));

  const target = row(p, `${LONG_DESCRIPTION.slice(0, 50)}…`);
  await expect(target).toContainText('Inactive');
  await expect(target.locator('td').nth(1)).toHaveText(String(next));
  await target.getByText(`${LONG_DESCRIPTION.slice(0, 50)}…`).click();
  const full = dialog(p, 'Description');
  await expect(full).toContainText(LONG_DESCRIPTION);
  await full.getByRole('button', { name: 'Close' }).click();

  // two steps; a refusal without events, then Activate again
  await target.getByRole('button', { name: /\bActivate$/ }).click();
  await target.getByRole('button', { name: 'Confirm?' }).click();
  await expectToast(p, 'Cannot activate. Please add events to this configuration first.');
  await expect(target.getByRole('button', { name: /\bActivate$/ })).toBeVisible();

  // editing resets a pending Confirm? and never changes the active flag
  await target.getByRole('button', { name: /\bActivate$/ }).click();
  await expect(target.getByRole('button', { name: 'Confirm?' })).toBeVisible();
  await rowButton(target, 'Edit').click();
  const edit = dialog(p, 'Edit Configuration');
  await expect(field(edit, 'Version')).toHaveValue(String(next));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(target.getByRole('button', { name: /\bActivate$/ })).toBeVisible();
  await expect(target).toContainText('Inactive');
});

test('Asset Event: add and remove events, duplicate from another configuration, then activate with Confirm?', async () => {
  const p = page();
  await openGateway(p);
  const target = row(p, `${LONG_DESCRIPTION.slice(0, 50)}…`);
  const source = row(p, 'Source for duplication');
  const sourceVersion = Number(await source.locator('td').nth(1).textContent());
  await rowButton(source, 'Detail').click();
  await expect(p).toHaveURL(/\/master\/asset\/event\/\d+$/);
  await expect(p.getByRole('heading', { level: 1 })).toContainText(`${GATEWAY} · Version`);

  const available = p.locator('.ant-transfer-section').filter({ hasText: 'Available Events' });
  const selected = p.locator('.ant-transfer-section').filter({ hasText: 'Selected Events' });
  const transfer = p.locator('.asset-event-transfer');
  await available.locator('li').filter({ hasText: overspeed }).click();
  await available.locator('li').filter({ hasText: hot }).click();
  await transfer.getByRole('button', { name: /Add$/ }).click();
  await expectToast(p, '2 event(s) added.');
  await expect(selected.locator('li').filter({ hasText: overspeed })).toBeVisible();
  await selected.locator('li').filter({ hasText: hot }).click();
  await transfer.getByRole('button', { name: /Remove$/ }).click();
  await expectToast(p, '1 event(s) removed.');
  await expect(available.locator('li').filter({ hasText: hot })).toBeVisible();
  await p.getByRole('button', { name: 'Refresh' }).click();
  await expectToast(p, 'Refreshed');
  await expect(selected.locator('li')).toHaveCount(1);

  // the target: duplicate from an empty configuration, from the source, and once more
  await p.getByRole('button', { name: 'Back' }).click();
  await expect(p).toHaveURL(new RegExp(`/master/config/event/${GATEWAY}$`));
  const token = await apiToken(p.request, USERS.admin);
  const empty = await apiCall(p.request, token, 'POST', '/master/config_event', {
    mcevAssetId: GATEWAY,
    mcevDescription: 'Empty on purpose',
  });
  await rowButton(target, 'Detail').click();
  await expect(p.getByRole('heading', { level: 1 })).toContainText(GATEWAY);

  const duplicate = async (version: number) => {
    await p.getByRole('button', { name: 'Duplicate From...' }).click();
    const modal = dialog(p, 'Duplicate From...');
    const button = modal.getByRole('button', { name: 'Duplicate' });
    // Duplicate is enabled once a source is chosen; a pick the list swallowed (seen once in CI) is made again
    await expect(async () => {
      if (await button.isDisabled())
        await choose(p, modal.getByLabel('Source configuration'), `${GATEWAY} — Version ${version}`, { search: true });
      await expect(button).toBeEnabled({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await button.click();
    return modal;
  };
  const emptyModal = await duplicate(empty.body.data.mcevVersion);
  await expectToast(p, 'Source configuration has no events to duplicate.');
  await emptyModal.getByRole('button', { name: 'Cancel' }).click();

  await duplicate(sourceVersion);
  await expectToast(p, '1 event(s) have been duplicated successfully.');
  await expect(selected.locator('li').filter({ hasText: overspeed })).toBeVisible();

  const again = await duplicate(sourceVersion);
  await expect(again.getByText('Already included')).toBeVisible();
  await expectToast(p, 'All events from the source already exist in this configuration.');
  await again.getByRole('button', { name: 'Cancel' }).click();

  // now it has events: Activate → Confirm? → active, applied time shown, no delete
  await p.getByRole('button', { name: 'Back' }).click();
  await target.getByRole('button', { name: /\bActivate$/ }).click();
  await target.getByRole('button', { name: 'Confirm?' }).click();
  await expectToast(p, 'Event activated successfully');
  await expect(target).toContainText('Active');
  await expect(target).toContainText(/\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}:\d{2}/);
  await expect(rowButton(target, 'Delete')).toHaveCount(0);
  await expect(target.getByRole('button', { name: /\bActivate$/ })).toHaveCount(0);
  await expect(target.getByRole('button', { name: 'Deactivate' })).toBeVisible();

  // an inactive one is deleted through the confirmation
  await rowButton(row(p, 'Empty on purpose'), 'Delete').click();
  await confirmDelete(p);
  await expectToast(p, 'Deleted complete');
  await expect(row(p, 'Empty on purpose')).toHaveCount(0);
});
