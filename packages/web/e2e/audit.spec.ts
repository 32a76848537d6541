import {
  apiCall,
  apiToken,
  dialog,
  expect,
  expectToast,
  noModal,
  row,
  rowButton,
  search,
  signedInPage,
  test,
  USERS,
  unique,
} from './admin/helpers.ts';
import { openUserMenu, shot } from './fixtures.ts';

// Issue 28: a delete says what goes with it, the audit trail shows it, and a deleted record can be restored.
const page = signedInPage(USERS.admin);

test('deleting a tank header names its sounding rows; the Audit Trail restores it with them', async () => {
  const p = page();
  const token = await apiToken(p.request, USERS.admin);
  const companies = await apiCall(p.request, token, 'GET', '/master/company?max=1');
  const compId = companies.body.data[0].compId;
  const name = unique('Audit Tank');
  const fuel = await apiCall(p.request, token, 'GET', '/master/fuel_type?findField=mftyName&findValue=HSD');
  const header = await apiCall(p.request, token, 'POST', '/master/tank_header', {
    tahdCompId: compId,
    tahdName: name,
    tahdUnit: 'cm',
    tahdMftyId: fuel.body.data[0].mftyId,
  });
  expect(header.status, JSON.stringify(header.body)).toBe(200);
  const tahdId = header.body.data.tahdId;
  for (const [height, volume] of [
    [10, 1000],
    [20, 2000],
  ]) {
    const detail = await apiCall(p.request, token, 'POST', '/master/tank_detail', {
      tadtTahdId: tahdId,
      tadtHeight: height,
      tadtVolume: volume,
      tadtWeight: volume * 0.85,
    });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  }

  // the delete dialog says what goes with the header, and that it can be restored
  await p.goto('/master/tank');
  await search(p, name);
  await rowButton(row(p, name), 'Delete').click();
  const confirm = dialog(p, 'Delete this item ?');
  await expect(confirm).toContainText('This also deletes: Tank Detail (2)');
  await expect(confirm).toContainText('It can be restored from the Audit Trail.');
  await shot(p, 'audit-delete-dialog');
  await expect(confirm).not.toHaveClass(/ant-zoom-appear/);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expectToast(p, 'Tank Header Deleted');
  await expect(row(p, name)).toHaveCount(0);

  // the Audit Trail, from the user menu: the delete with what went with it
  await noModal(p);
  const menu = await openUserMenu(p);
  await menu.getByRole('menuitem', { name: 'Audit Trail', exact: true }).click();
  await expect(p).toHaveURL(/\/master\/audit$/);
  await expect(p.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  const deleted = p.locator('.audit-entries .ant-table-row').filter({ hasText: name }).filter({ hasText: 'Deleted' });
  await expect(deleted.first()).toContainText('Also deleted: Tank Detail (2)');
  await expect(deleted.first()).toContainText('Tank Header');
  await shot(p, 'audit-trail');
  await deleted
    .first()
    .getByRole('button', { name: `Restore ${name}` })
    .click();
  const restore = dialog(p, 'Restore this record?');
  await expect(restore).toContainText('Restored with it: Tank Detail (2)');
  await expect(restore).not.toHaveClass(/ant-zoom-appear/);
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore).toBeHidden();
  await expectToast(p, 'Restored');
  await expect(deleted.first()).toContainText('Restored since');
  await expect(p.locator('.audit-entries .ant-table-row').filter({ hasText: name }).first()).toContainText(
    'Also restored: Tank Detail (2)',
  );

  // back in the list, with its sounding table; its History shows the delete and the restore
  await p.goto('/master/tank');
  await search(p, name);
  await expect(row(p, name)).toBeVisible();
  await row(p, name)
    .getByRole('button', { name: `History of ${name}` })
    .click();
  const history = dialog(p, `History: ${name}`);
  for (const action of ['Created', 'Deleted', 'Restored'])
    await expect(history.getByText(action, { exact: true }).first()).toBeVisible();
  await history.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  const details = await apiCall(p.request, token, 'GET', `/master/tank_detail?finds[tadtTahdId]=${tahdId}`);
  expect(details.body.data).toHaveLength(2);
});
