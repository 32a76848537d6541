import {
  addButton,
  addFindEditDelete,
  choose,
  dialog,
  expect,
  expectToast,
  field,
  fieldError,
  row,
  signedInPage,
  test,
  USERS,
  unique,
} from './helpers.ts';

// The basic master lists of spec 000 §2 and the sensor lists of spec 001 §2, as an administrator.
const page = signedInPage(USERS.admin);

test('Asset Type: add, find, edit, delete with the spec toasts', async () => {
  const name = unique('Crew Boat');
  await addFindEditDelete(page(), {
    route: '/master/asset-type',
    addTitle: 'Add New Asset Type',
    editTitle: 'Edit Asset Type',
    nameLabel: 'Asset Type Name',
    name,
    renamed: `${name} II`,
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Asset Type Deleted',
  });
});

test('Asset Type: the server refusal shows under the field with Error found', async () => {
  const p = page();
  await p.goto('/master/asset-type');
  await expect(p.getByRole('columnheader', { name: 'Created Date' })).toBeVisible();
  // created dates read 'DD MMMM YYYY'
  await expect(p.locator('.ant-table-row').first()).toContainText(/\d{2} [A-Z][a-z]+ \d{4}/);
  await addButton(p).click();
  const add = dialog(p, 'Add New Asset Type');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Error found');
  await expect(fieldError(add, 'Asset Type Name is required')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
});

test('Bunker Location: add, find, edit, delete', async () => {
  const name = unique('Pelabuhan Bontang');
  await addFindEditDelete(page(), {
    route: '/master/bunker-location',
    addTitle: 'Add New Bunker Location',
    editTitle: 'Edit Bunker Location',
    nameLabel: 'Bunker Location Name',
    name,
    renamed: `${name} Jetty 2`,
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Bunker Location Deleted',
  });
});

test('Fuel Type: add, find, edit, delete', async () => {
  const name = unique('Biosolar B40');
  await addFindEditDelete(page(), {
    route: '/master/fuel-type',
    addTitle: 'Add New Fuel Type',
    editTitle: 'Edit Fuel Type',
    nameLabel: 'Fuel Type Name',
    name,
    renamed: `${name} Low Sulphur`,
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Fuel Type Deleted',
  });
});

test('Sensor Type: add, find, edit, delete', async () => {
  const name = unique('Ultrasonic Level');
  await addFindEditDelete(page(), {
    route: '/master/sensor_type',
    addTitle: 'Add New Sensor Type',
    editTitle: 'Edit Sensor Type',
    nameLabel: 'Sensor Type Name',
    name,
    renamed: `${name} v2`,
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Sensor Type Deleted',
  });
});

test('Sensor Category: add with its sensor type, filter by sensor type, edit, delete', async () => {
  const p = page();
  const type = unique('Radar Gauge');
  await p.goto('/master/sensor_type');
  await addButton(p).click();
  const addType = dialog(p, 'Add New Sensor Type');
  await field(addType, 'Sensor Type Name').fill(type);
  await addType.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');

  const name = unique('Day Tank Radar');
  await addFindEditDelete(p, {
    route: '/master/sensor_category',
    addTitle: 'Add New Sensor Category',
    editTitle: 'Edit Sensor Category',
    nameLabel: 'Sensor Category Name',
    name,
    renamed: `${name} Aft`,
    fill: async (modal) => choose(p, field(modal, 'Sensor Type'), type, { search: true }),
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Sensor Category Deleted',
  });

  // the list filtered by a sensor type shows only its categories
  await p.goto('/master/sensor_category');
  const first = p.locator('.ant-table-row').first();
  await expect(first).toBeVisible();
  // data cells only: the row-selection checkbox comes first
  const typeOfFirst = ((await first.locator('td:not(.ant-table-selection-column)').nth(1).textContent()) ?? '').trim();
  await choose(p, p.locator('.filter-bar').getByLabel('Sensor Type', { exact: true }), typeOfFirst, { search: true });
  const typesShown = () =>
    p
      .locator('.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((r) => r.querySelectorAll('td:not(.ant-table-selection-column)')[1]?.textContent?.trim()),
      );
  await expect.poll(async () => (await typesShown())[0]).toBe(typeOfFirst);
  for (const text of await typesShown()) expect(text).toBe(typeOfFirst);
  await expect(row(p, type)).toHaveCount(0);
});
