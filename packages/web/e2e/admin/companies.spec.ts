import {
  addButton,
  addFindEditDelete,
  choose,
  dialog,
  expect,
  expectToast,
  field,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './helpers.ts';

// Group list and detail (spec 001 §2), Company List and Company Detail (spec 000 §2), as an administrator.
const page = signedInPage(USERS.admin);

test('Group: add, find, edit, delete; telp is labelled PIC Phone', async () => {
  const p = page();
  await p.goto('/master/group');
  await expect(p.getByRole('columnheader', { name: 'PIC Phone' })).toBeVisible();
  const name = unique('Nusantara Shipping Group');
  await addFindEditDelete(p, {
    route: '/master/group',
    addTitle: 'Add New Group',
    editTitle: 'Edit Group',
    nameLabel: 'Name',
    name,
    renamed: `${name} Holding`,
    fill: async (modal) => {
      await field(modal, 'Nick Name').fill('NSG');
      await field(modal, 'City').fill('Surabaya');
      await expect(field(modal, 'PIC Phone')).toHaveAttribute('placeholder', /^0852/);
      await field(modal, 'PIC Phone').fill('0852 1234 5678');
    },
    created: 'Saved',
    updated: 'Updated',
    deleted: 'Deleted complete',
  });
});

test('Company List: add with the searchable group select, filter by group and status, edit, delete', async () => {
  const p = page();
  const name = unique('PT Laut Biru Perkasa');
  await p.goto('/master/company');
  for (const header of ['Name', 'Link to Group', 'Status'])
    await expect(p.getByRole('columnheader', { name: header, exact: true })).toBeVisible();

  await addButton(p).click();
  const add = dialog(p, 'Add New Company');
  for (const label of ['Name', 'Group', 'Address', 'Status', 'Company Phone', 'PIC', 'PIC Phone', 'Time Zone'])
    await expect(field(add, label)).toBeVisible();
  await expect(field(add, 'Company Phone')).toHaveAttribute('placeholder', /^0852/);
  await expect(field(add, 'PIC Phone')).toHaveAttribute('placeholder', /^0852/);
  await field(add, 'Name').fill(name);
  await choose(p, field(add, 'Group'), 'Demo Maritime', { search: true, partial: true });
  await choose(p, field(add, 'Status'), 'Approved');
  await field(add, 'PIC').fill('Rudi Hartono');
  // docs/domain.md §1: the company's days are cut at its own midnight (a searchable list of IANA zones)
  await choose(p, field(add, 'Time Zone'), 'Asia/Makassar (GMT +008)', { search: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Company added');
  await expect(add).toBeHidden();

  // the status filter: the new company is Approved, not Not Approved
  const filters = p.locator('.filter-bar');
  await search(p, name);
  await expect(row(p, name)).toContainText('Demo Maritime Group');
  await choose(p, filters.getByLabel('Status', { exact: true }), 'Not Approved');
  await expect(row(p, name)).toHaveCount(0);
  await choose(p, filters.getByLabel('Status', { exact: true }), 'Approved');
  await expect(row(p, name)).toBeVisible();
  await choose(p, filters.getByLabel('Group', { exact: true }), 'Demo Maritime Group', { search: true });
  await expect(row(p, name)).toBeVisible();

  await rowButton(row(p, name), 'Edit').click();
  const edit = dialog(p, 'Edit Company');
  await expect(edit.locator('.ant-form-item').filter({ hasText: 'Time Zone' })).toContainText(
    'Asia/Makassar (GMT +008)',
  );
  await field(edit, 'Address').fill('Jl. Perak Timur No. 10, Surabaya');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Updated');
  await expect(edit).toBeHidden();

  await rowButton(row(p, name), 'Detail').click();
  await expect(p.getByRole('heading', { name })).toBeVisible();
  await expect(p.getByText('Jl. Perak Timur No. 10, Surabaya')).toBeVisible();
  await expect(p.getByText('Asia/Makassar', { exact: true })).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Company Asset List' })).toBeVisible();
  await expect(p.getByText('No data to be displayed')).toBeVisible();

  await p.goBack();
  await search(p, name);
  await rowButton(row(p, name), 'Delete').click();
  await p
    .locator('.ant-modal')
    .filter({ hasText: 'Delete this item ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(p, 'Deleted complete');
  await expect(row(p, name)).toHaveCount(0);
});

test('Group Detail shows company cards; a card opens Company Detail with asset cards that open Asset Detail', async () => {
  const p = page();
  await p.goto('/master/group');
  await search(p, 'Demo Maritime Group');
  await rowButton(row(p, 'Demo Maritime Group'), 'Detail').click();
  await expect(p).toHaveURL(/\/master\/group\/detail\/\d+$/);
  const cards = p.getByTestId('company-card');
  await expect(cards.filter({ hasText: 'PT Samudra Tirta Marine' })).toBeVisible();
  await cards.filter({ hasText: 'PT Samudra Tirta Marine' }).click();

  await expect(p).toHaveURL(/\/master\/company\/detail\/\d+$/);
  await expect(p.getByRole('heading', { name: 'PT Samudra Tirta Marine' })).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Company Asset List' })).toBeVisible();
  const assets = p.getByTestId('asset-card');
  await expect(assets.first()).toBeVisible();
  // three per row
  const boxes = await Promise.all((await assets.all()).slice(0, 3).map((a) => a.boundingBox()));
  expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1);
  await assets.first().click();
  await expect(p).toHaveURL(/\/master\/asset\/detail\/\d+$/);
});
