import {
  addButton,
  apiCall,
  apiToken,
  choose,
  dialog,
  expect,
  expectToast,
  field,
  row,
  signedInPage,
  test,
  USERS,
} from './helpers.ts';

// Administration console defects of issue 11 (items 2, 6, 7, 8, 9, 10, 11), as the demo administrator
// (active company PT Samudra Tirta Marine; also a member of PT Borneo Tug & Barge with all assets).
const page = signedInPage(USERS.admin);
const stamp = Date.now().toString(36).slice(-5);

async function adminToken(p: ReturnType<typeof page>) {
  return apiToken(p.request, USERS.admin);
}

async function companyId(p: ReturnType<typeof page>, name: string): Promise<number> {
  const list = await apiCall(p.request, await adminToken(p), 'GET', '/master/company?max=100');
  const c = list.body.data.find((x: { compName: string }) => x.compName === name);
  expect(c, name).toBeTruthy();
  return c.compId;
}

test("Company Detail lists the vessels of the company opened, not the active company's", async () => {
  const p = page();
  await p.goto(`/master/company/detail/${await companyId(p, 'PT Borneo Tug & Barge')}`);
  const cards = p.getByTestId('asset-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'MV Mahakam Express' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'TB Barito Tangguh 02' })).toHaveCount(1);
  await p.goto(`/master/company/detail/${await companyId(p, 'PT Samudra Tirta Marine')}`);
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'MV Mahakam Express' })).toHaveCount(0);
});

test('Fuel Type refuses a name that exists already, in any case, with the server message', async () => {
  const p = page();
  const name = `E2E Fuel ${stamp}`;
  await p.goto('/master/fuel-type');
  for (const [typed, toastText] of [
    [name, 'Saved'],
    [name.toUpperCase(), 'A fuel type with this name already exists'],
  ]) {
    await addButton(p).click();
    const add = dialog(p, 'Add');
    await add.getByRole('textbox').first().fill(typed);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(p, toastText);
    if (toastText !== 'Saved') await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
  }
  const list = await apiCall(p.request, await adminToken(p), 'GET', '/master/fuel_type?max=1000');
  const same = list.body.data.filter((f: { mftyName: string }) => f.mftyName.toLowerCase() === name.toLowerCase());
  expect(same).toHaveLength(1);
});

test('Config RPM → Add offers the RPM devices without a configuration only', async () => {
  const p = page();
  const token = await adminToken(p);
  const assets = await apiCall(p.request, token, 'GET', '/master/asset?max=1');
  const uniqueId = `rpm-free-${stamp}`;
  const created = await apiCall(p.request, token, 'POST', '/master/device', {
    devcName: `Free RPM ${stamp}`,
    devcType: 'rpm',
    devcUniqueId: uniqueId,
    devcMassId: assets.body.data[0].massId,
  });
  expect(created.status).toBe(200);
  const configured = await apiCall(p.request, token, 'GET', '/master/config_rpm?max=1000');
  const taken: string[] = configured.body.data.map(
    (c: { mcrpDevc: { devcUniqueId: string } }) => c.mcrpDevc.devcUniqueId,
  );
  expect(taken.length).toBeGreaterThan(0);

  await p.goto('/master/config/rpm');
  await addButton(p).click();
  const add = dialog(p, 'Add Config RPM');
  await field(add, 'Device').click();
  const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: uniqueId })).toHaveCount(1);
  for (const id of taken) await expect(options.filter({ hasText: new RegExp(`^${id}$`) })).toHaveCount(0);
  await p.keyboard.press('Escape');
  await choose(p, field(add, 'Device'), uniqueId, { search: true });
  await choose(p, field(add, 'Type'), 'PORT');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(p, 'Saved');
});

test("User Detail → User Asset offers the vessels of the user's companies", async () => {
  const p = page();
  const token = await adminToken(p);
  const email = `borneo.${stamp}@fleet.demo`;
  const made = await apiCall(p.request, token, 'POST', '/master/user_account', {
    userId: email,
    usloUserName: `borneo_${stamp}`,
    usloPassword: 'Harbour#2026',
  });
  expect(made.status).toBe(200);
  const borneo = await companyId(p, 'PT Borneo Tug & Barge');
  await apiCall(p.request, token, 'POST', '/master/user_company', {
    uscoUserId: email,
    uscoCompId: borneo,
    uscoAllAssets: 0,
  });
  await p.goto(`/master/user/${encodeURIComponent(email)}`);
  const tabs = p.locator('.ant-tabs');
  await tabs.getByRole('tab', { name: 'User Asset' }).click();
  const assetTab = tabs.getByRole('tabpanel', { name: 'User Asset' });
  await assetTab.getByRole('combobox').click();
  const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'MV Mahakam Express' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'TB Barito Tangguh 02' })).toHaveCount(1);
  await expect(options).toHaveCount(2);
  await options.filter({ hasText: 'MV Mahakam Express' }).click();
  await assetTab.getByRole('button', { name: 'Add' }).click();
  await expectToast(p, 'Asset added');
  await expect(row(assetTab, 'MV Mahakam Express')).toBeVisible();
});

test('A user or an event configuration that is missing (or not visible) shows a not-found state', async () => {
  const p = page();
  await p.goto('/master/user/nobody.here@fleet.demo');
  await expect(p.getByText('User not found')).toBeVisible();
  await expect(p.locator('form#user-detail')).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(p.getByRole('tab', { name: 'User Asset' })).toHaveCount(0);

  await p.goto('/master/asset/event/987654');
  await expect(p.getByText('Event configuration not found')).toBeVisible();
  await expect(p.locator('.ant-transfer')).toHaveCount(0);
  await p.getByRole('button', { name: 'Back' }).click();
  await expect(p).toHaveURL(/\/master\/config\/event/);
});

test('Asset Event: "Asset" is not highlighted and the counters read the real count with its plural', async () => {
  const p = page();
  const token = await adminToken(p);
  // a configuration of the demo gateway tb04 with exactly one event (the singular)
  const made = await apiCall(p.request, token, 'POST', '/master/config_event', {
    mcevAssetId: 'tb04',
    mcevDescription: `Counter check ${stamp}`,
  });
  expect(made.status).toBe(200);
  const config = made.body.data;
  const created: number[] = [];
  for (const n of [1, 2]) {
    const event = await apiCall(p.request, token, 'POST', '/master/events', {
      mevtType: `Counter ${n} ${stamp}`,
      mevtTriggerDuration: 60,
      mevtIsPriority: 0,
      mevtThresholds: '{}',
    });
    expect(event.status).toBe(200);
    created.push(event.body.data.mevtId);
  }
  // one of the events made here (the list's first may be a system event, which no configuration may hold)
  const link = await apiCall(p.request, token, 'POST', '/master/asset_event', {
    asevMcevId: config.mcevId,
    asevMevtId: created[0],
  });
  expect(link.status).toBe(200);
  const links = await apiCall(
    p.request,
    token,
    'GET',
    `/master/asset_event?max=1000&finds[asevMcevId]=${config.mcevId}`,
  );
  const events = await apiCall(p.request, token, 'GET', '/master/events?max=1000');
  const selected = links.body.pagination.totalData as number;
  // a system event (ROB Below Zero) is never offered: the server writes it itself
  const offered = (events.body.data as { mevtSystem: string | null }[]).filter((e) => !e.mevtSystem).length;
  const available = offered - selected;
  const plural = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

  await p.goto(`/master/asset/event/${config.mcevId}`);
  await expect(p.locator('.ant-transfer')).toBeVisible();
  await expect(p.locator('.navbar .ant-menu-item-selected')).toHaveCount(0);
  expect(selected).toBe(1);
  const headers = p.locator('.ant-transfer-list-header-selected');
  await expect(headers.nth(0)).toHaveText(plural(available));
  await expect(headers.nth(1)).toHaveText('1 event');
});

test('Tank Header List: the search placeholder is shown whole', async () => {
  const p = page();
  await p.goto('/master/tank');
  const box = p.locator('.filter-bar input').first();
  await expect(box).toHaveAttribute('placeholder', 'Search Tank Header Name');
  const fits = await box.evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return false;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return ctx.measureText(input.placeholder).width <= input.clientWidth;
  });
  expect(fits).toBe(true);
});
