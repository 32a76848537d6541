import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import type { SessionStatus } from '@fleet/shared/answers/session.ts';
import type { ShareLinkCreated } from '@fleet/shared/answers/share-links.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { dataDir, enterApp, expect, shot, test, USERS } from './fixtures.ts';
import { apiGet, apiToken, BORNEO, demoAssets, ingestHours, num, tz, viewQuery } from './report-data.ts';

const Database: typeof import('better-sqlite3') = createRequire(new URL('../../server/package.json', import.meta.url))(
  'better-sqlite3',
);

/** The failure texts of the report link page (server: modules/share-links/link-scope.ts; web: link-session.ts). */
const TEXT = {
  invalid: 'This report link is not valid. Ask the sender for a new link.',
  expired: 'This report link has expired. Ask the sender for a new link.',
  revoked: 'This report link has been revoked. Ask the sender for a new link.',
  outOfScope: 'This report link opens only the report of its own vessel and period.',
  wrongPassword: 'Invalid Username or Password',
  vesselUnavailable: 'This vessel is not available to this account.',
};

test.describe.configure({ mode: 'serial' });

async function post<T>(request: APIRequestContext, token: string | null, path: string, data: unknown) {
  const r = await request.post(`/api${path}`, { headers: token ? { Authentication: token } : {}, data });
  return { status: r.status(), body: (await r.json()) as { status: { message: string }; data: T } };
}

/**
 * A twin-engine vessel of this spec's own (AE meters: the 'AE_IN/AE_OUT' layout) with two hours of readings, and
 * one without any readings; both deleted at the end, so no other spec's demo numbers change.
 */
const TWIN_AE: [string, string | null][] = [
  ['gateway', null],
  ['gps', null],
  ['rpm', 'PORT'],
  ['rpm', 'STARBOARD'],
  ['ae', 'AE1'],
  ['flowmeter', 'PORT_IN'],
  ['flowmeter', 'STARBOARD_IN'],
  ['flowmeter', 'AE_IN'],
  ['flowmeter', 'AE_OUT'],
];
const TWIN_NO_AE_METER = TWIN_AE.filter(([, label]) => label !== 'AE_IN' && label !== 'AE_OUT');
const SINGLE: [string, string | null][] = [
  ['gateway', null],
  ['gps', null],
  ['rpm', 'PORT'],
  ['ae', 'AE1'],
  ['flowmeter', 'PORT_IN'],
];
const IDLE: [string, string | null][] = [
  ['gateway', null],
  ['gps', null],
  ['rpm', 'PORT'],
];

async function ownVessel(
  request: APIRequestContext,
  token: string,
  name: string,
  devices: [string, string | null][],
  withReadings: boolean,
) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const asset = (await post<{ massId: number }>(request, token, '/master/asset', { massName: `ZZ ${name} ${tag}` }))
    .body.data;
  for (const [type, label] of devices) {
    const r = await post(request, token, '/master/device', {
      devcName: `${name} ${type} ${label ?? ''}`,
      devcType: type,
      devcLabel: label,
      devcStatus: '1',
      devcUniqueId: `rl-${tag}-${type}-${label ?? 'x'}`.toLowerCase(),
      devcMassId: asset.massId,
    });
    expect(r.status, JSON.stringify(r.body.status)).toBe(200);
  }
  const full = (await demoAssets(request, token)).find((a) => a.massId === asset.massId) as AssetRow;
  if (withReadings) await ingestHours(request, token, full, 120);
  return full;
}

/** The whole page, for review at 1440 and 390 px. */
async function fullShot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Opens the page in a fresh browser context: nobody signed in, as the link's receiver. */
async function openAsStranger(page: Page, path: string) {
  const ctx = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const p = await ctx.newPage();
  await p.goto(path);
  await expect(p.getByTestId('report-done')).toBeAttached();
  return { p, close: () => ctx.close() };
}

test.describe('Report Summary opened by link (spec 002 §2.4, §7.1)', () => {
  let token: string;
  let twin: AssetRow;
  let empty: AssetRow;
  let twinNa: AssetRow;
  let single: AssetRow;
  let v: ReturnType<typeof viewQuery>;
  let company: NonNullable<SessionStatus['activeCompany']>;

  test.beforeAll(async ({ request }) => {
    token = await apiToken(request);
    twin = await ownVessel(request, token, 'Link Twin', TWIN_AE, true);
    empty = await ownVessel(request, token, 'Link Idle', IDLE, false);
    twinNa = await ownVessel(request, token, 'Link Twin NA', TWIN_NO_AE_METER, true);
    single = await ownVessel(request, token, 'Link Single', SINGLE, true);
    v = viewQuery(twin.massId, 3);
    const status = await apiGet<SessionStatus>(request, token, '/security/authentication/status');
    if (!status.activeCompany) throw new Error('no active company');
    company = status.activeCompany;
  });

  test.afterAll(async ({ request }) => {
    for (const a of [twin, empty, twinNa, single])
      if (a) await request.delete(`/api/master/asset/${a.massId}`, { headers: { Authentication: token } });
  });

  test('Share report link on /report makes a password-free link that shows the whole report', async ({
    page,
    request,
  }) => {
    await enterApp(page, USERS.admin);
    await page.goto(`/report?menu=ReportSummary&${v.qs}`);
    await page.getByTestId('share-link-open').click();
    const dialog = page.getByRole('dialog', { name: 'Share report link' });
    await dialog.getByTestId('share-link-create').click();
    const input = dialog.getByTestId('share-link-url');
    await expect(input).toHaveValue(/\/auth\/export\?link=/);
    const url = await input.inputValue();
    expect(url).not.toContain(USERS.admin.password);
    expect(url).not.toMatch(/[?&](u|p)=/);
    await expect(dialog.getByTestId('share-link-list')).toContainText(twin.massName);
    await shot(page, 'report-link-share-dialog-1440');

    const api = await apiGet<Summary>(
      request,
      token,
      `/summary/aggregated/period/${v.start}/${v.end}?devcMassId=${twin.massId}&aggregatedUnit=HOUR&timezone=${tz()}`,
    );
    const { p, close } = await openAsStranger(page, new URL(url).pathname + new URL(url).search);
    try {
      await p.setViewportSize({ width: 1440, height: 900 });
      await expect(p.getByTestId('rl-vessel')).toContainText(twin.massName);
      await expect(p.getByTestId('rl-range')).toContainText('GMT');
      const table = p.getByTestId('rl-summary-table');
      await expect(table).toHaveAttribute('data-layout', 'twin-ae');
      await expect(table.getByRole('columnheader', { name: 'AE (AE_IN/AE_OUT)' })).toBeVisible();
      expect(api.flowmeter!.summary.totalFuelCons).toBeGreaterThan(0);
      await expect(p.getByTestId('rl-total-fuel')).toHaveText(num(api.flowmeter!.summary.totalFuelCons));
      await expect(table.getByRole('row', { name: /Average RPM/ })).toContainText(num(api.rpm!.summary.PORT!.average));
      await expect(table.getByRole('row', { name: /Fuel In/ })).toContainText(num(api.flowmeter!.summary.AE_IN));
      await expect(p.getByTestId('vessel-map')).toBeVisible();
      await expect(p.getByRole('img', { name: 'RPM vs Speed', exact: true })).toBeVisible();
      for (const k of ['ME', 'PORT', 'STARBOARD', 'AE']) await expect(p.getByTestId(`rl-engine-${k}`)).toBeVisible();
      await expect(p.getByTestId('rl-footer')).toContainText('Read-only report link, valid until');
      await expect(p.getByTestId('rl-maintenance')).toHaveCount(0);
      await fullShot(p, 'report-link-1440');
      await p.setViewportSize({ width: 390, height: 844 });
      await fullShot(p, 'report-link-390');
    } finally {
      await close();
    }

    // revoked from the list: the same address now shows why, and no data
    await dialog.getByRole('button', { name: 'Revoke' }).first().click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(dialog.getByTestId('share-link-list')).toContainText('revoked');
    const again = await openAsStranger(page, new URL(url).pathname + new URL(url).search);
    try {
      await expect(again.p.getByTestId('rl-failure')).toHaveText(TEXT.revoked);
      await expect(again.p.getByTestId('rl-summary-table')).toHaveCount(0);
    } finally {
      await again.close();
    }
  });

  test('the other two summary-table layouts: twin with a centre N/A column, and a single engine', async ({
    page,
    request,
  }) => {
    for (const [vessel, layout, centre] of [
      [twinNa, 'twin-na', 'N/A'],
      [single, 'single', 'Auxiliary Engine'],
    ] as const) {
      const r = await post<{ path: string }>(request, token, '/share-links', {
        massId: vessel.massId,
        start: v.start,
        end: v.end,
      });
      const { p, close } = await openAsStranger(page, r.body.data.path);
      try {
        const table = p.getByTestId('rl-summary-table');
        await expect(table).toHaveAttribute('data-layout', layout);
        await expect(table.getByRole('columnheader', { name: centre, exact: true })).toBeVisible();
        if (layout === 'single') {
          await expect(table.getByRole('columnheader', { name: 'Starboard' })).toHaveCount(0);
          await expect(p.getByTestId('rl-engine-PORT')).toContainText('Main Engine (Single Engine)');
          await expect(p.getByTestId('rl-engine-STARBOARD')).toHaveCount(0);
        } else {
          await expect(table.getByRole('row', { name: /Fuel In/ })).toContainText('N/A');
        }
        await fullShot(p, `report-link-${layout}-1440`);
      } finally {
        await close();
      }
    }
  });

  test('an idle vessel is marked under maintenance with No Data', async ({ page, request }) => {
    const r = await post<{ path: string }>(request, token, '/share-links', {
      massId: empty.massId,
      start: v.start,
      end: v.end,
    });
    const { p, close } = await openAsStranger(page, r.body.data.path);
    try {
      await expect(p.getByTestId('rl-maintenance')).toHaveText('Under Maintenance');
      await expect(p.getByTestId('rl-table-empty')).toContainText('No Data');
      await expect(p.getByTestId('rl-footer')).toBeVisible();
    } finally {
      await close();
    }
  });

  test('tampered and expired links, and reads outside the link, fail with a clear message and no data', async ({
    page,
    request,
  }) => {
    const made = await post<ShareLinkCreated>(request, token, '/share-links', {
      massId: twin.massId,
      start: v.start,
      end: v.end,
      expiresInHours: 1,
    });
    const [kid, claims, sig] = made.body.data.token.split('.');
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...c, massId: empty.massId })).toString('base64url');
    const tampered = await openAsStranger(page, `/auth/export?link=${kid}.${forged}.${sig}`);
    try {
      await expect(tampered.p.getByTestId('rl-failure')).toHaveText(TEXT.invalid);
      await expect(tampered.p.getByTestId('rl-summary')).toHaveCount(0);
      await tampered.p.setViewportSize({ width: 390, height: 844 });
      await shot(tampered.p, 'report-link-invalid-390');
    } finally {
      await tampered.close();
    }

    // a session opened with the link reads its own vessel only
    const opened = await post<{ token: string }>(request, null, '/share-links/open', { token: made.body.data.token });
    const other = await request.get(
      `/api/summary/aggregated/period/${v.start}/${v.end}?devcMassId=${empty.massId}&aggregatedUnit=HOUR`,
      { headers: { Authentication: opened.body.data.token } },
    );
    expect(other.status()).toBe(403);
    const otherBody = await other.json();
    expect(otherBody.status.message).toBe(TEXT.outOfScope);
    expect(otherBody.data ?? null).toBeNull();

    const db = new Database(join(dataDir(), 'fleet.db'));
    try {
      db.prepare('UPDATE share_link SET slnk_expires_time = ? WHERE slnk_id = ?').run(
        Math.floor(Date.now() / 1000) - 60,
        made.body.data.id,
      );
    } finally {
      db.close();
    }
    const expired = await openAsStranger(page, made.body.data.path);
    try {
      await expect(expired.p.getByTestId('rl-failure')).toHaveText(TEXT.expired);
      await expect(expired.p.getByTestId('rl-summary')).toHaveCount(0);
    } finally {
      await expired.close();
    }
  });

  test('the spec’s u/p link signs in, leaves no password in the address, and sets the company', async ({ page }) => {
    const qs = `grcpId=${company.grcpId}&compId=${company.compId}&devcMassId=${twin.massId}&start=${v.start}&end=${v.end}`;
    const pw = encodeURIComponent(USERS.admin.password);
    const { p, close } = await openAsStranger(page, `/auth/export?u=${USERS.admin.name}&p=${pw}&${qs}`);
    try {
      expect(new URL(p.url()).searchParams.has('p')).toBe(false);
      expect(new URL(p.url()).searchParams.has('u')).toBe(false);
      expect(p.url()).toContain(`devcMassId=${twin.massId}`);
      await expect(p.getByTestId('rl-vessel')).toContainText(twin.massName);
      await expect(p.getByTestId('rl-summary-table')).toHaveAttribute('data-layout', 'twin-ae');
      // the page's session is its own: nothing is stored for the next visit
      expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // going back does not bring the password back either
      const history = await p.evaluate(() => window.location.href);
      expect(history).not.toContain(pw);
    } finally {
      await close();
    }
  });

  test('a wrong password or a vessel outside the account shows a clear message and no data', async ({
    page,
    request,
  }) => {
    const qs = `compId=${company.compId}&devcMassId=${twin.massId}&start=${v.start}&end=${v.end}`;
    const wrong = await openAsStranger(page, `/auth/export?u=${USERS.admin.name}&p=not-the-password&${qs}`);
    try {
      await expect(wrong.p.getByTestId('rl-failure')).toHaveText(TEXT.wrongPassword);
      await expect(wrong.p.getByTestId('rl-summary')).toHaveCount(0);
      expect(wrong.p.url()).not.toContain('not-the-password');
    } finally {
      await wrong.close();
    }
    const borneo = await demoAssets(request, await apiToken(request, BORNEO));
    const foreign = borneo[0];
    const pw = encodeURIComponent(USERS.admin.password);
    const outside = await openAsStranger(
      page,
      `/auth/export?u=${USERS.admin.name}&p=${pw}&compId=${company.compId}&devcMassId=${foreign.massId}&start=${v.start}&end=${v.end}`,
    );
    try {
      await expect(outside.p.getByTestId('rl-failure')).toHaveText(TEXT.vesselUnavailable);
      await expect(outside.p.getByTestId('rl-summary')).toHaveCount(0);
    } finally {
      await outside.close();
    }
  });
});
