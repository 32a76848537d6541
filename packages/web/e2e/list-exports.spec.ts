import type { Download, Locator, Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { signedInPage } from './admin/helpers.ts';
import { ingest } from './assets-data.ts';
import { eventVessel, type TestEvent } from './event-data.ts';
import { expect, test, USERS } from './fixtures.ts';

// Issue 31, "every list screen downloads CSV that a spreadsheet program opens with the right columns and numbers":
// each list screen of docs/api.md "Exports" is opened as the administrator, its CSV is downloaded and read as a
// spreadsheet reads it (byte-order mark, RFC 4180 quoting, CRLF), its header must be the titles the screen shows
// and its first row the first row on screen (a number column as a bare dot-decimal number); the XLSX beside it must
// open with the same header (read-excel-file) and hold the number as a number.
const page = signedInPage(USERS.admin);

/** the Event Log test's power sensor, whose readings the Device Log Detail test downloads */
let powerDevice = '';
const AC_LOST: TestEvent = {
  name: 'E2E export AC lost',
  duration: 0,
  high: false,
  thresholds: { power: { conditions_operator: 'or', data: { onAc: { operator: '==', value: 0 } } } },
};

type Cell = string | number | boolean | Date | null;

/** RFC 4180 as a spreadsheet reads it: the BOM, CRLF after every record, quoted fields with doubled quotes. */
export function parseCsv(bytes: Buffer): string[][] {
  expect(bytes.subarray(0, 3).toString('hex'), 'UTF-8 byte-order mark').toBe('efbbbf');
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n'), 'the last record ends with CRLF').toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      expect(field, 'a quote only opens a field').toBe('');
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r') {
      expect(text[i + 1], 'a record ends with CRLF').toBe('\n');
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      expect(c, 'a bare line feed ends no record').not.toBe('\n');
      field += c;
    }
  }
  expect(quoted, 'every quoted field is closed').toBe(false);
  return rows;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
/** a figure as the screen writes it (English marks: ',' thousands, '.' decimals; a unit after it) */
const shownNumber = (s: string) => {
  const m = /^-?[\d,]*\.?\d+/.exec(norm(s).replace(/^[^\d-]+/, ''));
  return m ? Number(m[0].replace(/,/g, '')) : Number.NaN;
};
const BARE_NUMBER = /^-?\d+(\.\d+)?$/;

type Compare = 'exact' | 'loose' | 'list' | 'shortened' | 'time';

/**
 * The file's cell equals what the screen shows ('-' on screen for an empty cell; a figure compared as a number);
 * `loose`: the screen's cell holds more (a name over its prefix); `list`: tags on screen, a comma list in the file;
 * `shortened`: the screen cuts the text with '…', the file holds it whole; `time`: the screen's "2026-11-27, 13:54:54"
 * is "2026-11-27 13:54:54" in the file (without the comma a spreadsheet reads a date-time: the Event Log's).
 */
function expectSame(title: string, shown: string, file: string, compare: Compare = 'exact') {
  const s = norm(shown);
  const f = norm(compare === 'list' ? file.replace(/,/g, ' ') : file);
  if (compare === 'time') return expect(s.replace(/^(\d{4}-\d{2}-\d{2}), /, '$1 '), title).toBe(f);
  if (f === '') expect(['', '-', '—'], `${title}: empty in the file, "${s}" on screen`).toContain(s);
  else if (BARE_NUMBER.test(f) && s !== f) expect(shownNumber(s), `${title}: ${s} on screen`).toBeCloseTo(Number(f), 9);
  else if (compare === 'loose') expect(s, title).toContain(f);
  else if (compare === 'shortened' && s.endsWith('…'))
    expect(f.startsWith(s.slice(0, -1)), `${title}: ${s} starts ${f}`).toBe(true);
  else expect(s, title).toBe(f);
}

/** Clicks a download button of `scope` and keeps the file. */
async function download(p: Page, scope: Locator, name: 'Download CSV' | 'Download XLSX'): Promise<Download> {
  const [file] = await Promise.all([
    p.waitForEvent('download'),
    // the icon names itself too ('download Download CSV')
    scope
      .getByRole('button', { name: name === 'Download XLSX' ? /Download (XLSX|Excel)$/ : /Download CSV$/ })
      .first()
      .click(),
  ]);
  return file;
}

/** Both downloads of the list in `scope`: the CSV parsed, the XLSX read back; the header of both must agree. */
async function downloads(p: Page, scope: Locator) {
  const csvFile = await download(p, scope, 'Download CSV');
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const { readFileSync } = await import('node:fs');
  const csv = parseCsv(readFileSync(await csvFile.path()));
  const xlsxFile = await download(p, scope, 'Download XLSX');
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = (await readSheet(await xlsxFile.path(), 'Data')) as Cell[][];
  expect(xlsx[0], 'the XLSX has the CSV header').toEqual(csv[0]);
  expect(xlsx.length, 'the XLSX has the CSV rows').toBe(csv.length);
  return { csv, xlsx };
}

interface TableCheck {
  /** the titles on screen that are no column of the file (default: the actions, '', 'Action', 'Actions') */
  skip?: string[];
  /** composite cells (a name over its prefix): the file's text is part of the screen's */
  loose?: string[];
  /** tags on screen, listed with commas in the file */
  list?: string[];
  /** texts the screen shortens ('…'), whole in the file */
  shortened?: string[];
  /** times the screen writes "YYYY-MM-DD, HH:mm:ss" and the file "YYYY-MM-DD HH:mm:ss" */
  time?: string[];
  /**
   * columns of the file the screen writes inside another column's cell, by that column's title: the Bunkering
   * Log's discrepancy and reset tags under Final Bunker, the Event Log's reason under Event Type
   */
  within?: Record<string, string[]>;
  /** a column holding a figure: bare dot-decimal in the CSV, a number in the XLSX */
  number?: string;
}

/**
 * The table in `scope` against its download: the header equals the column titles on screen (but `skip`), the first
 * data row equals the first row on screen, cell by cell.
 */
async function checkTable(p: Page, scope: Locator, check: TableCheck = {}) {
  const table = scope.locator('.ant-table').first();
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  const skip = new Set(check.skip ?? ['', 'Action', 'Actions']);
  const ths = (await table.locator('thead th').allInnerTexts()).map(norm);
  const keep = ths.map((t, i) => (skip.has(t) ? -1 : i)).filter((i) => i >= 0);
  const titles = keep.map((i) => ths[i]);
  const first = (await table.locator('tr.ant-table-row').first().locator('> td').allInnerTexts()).map(norm);
  const { csv, xlsx } = await downloads(p, scope);
  const header = titles.flatMap((t) => [t, ...(check.within?.[t] ?? [])]);
  expect(csv[0], 'the header is the titles on screen').toEqual(header);
  expect(csv.length, 'at least one row').toBeGreaterThan(1);
  const compare = (title: string): Compare =>
    check.loose?.includes(title) || check.within?.[title]
      ? 'loose'
      : check.list?.includes(title)
        ? 'list'
        : check.shortened?.includes(title)
          ? 'shortened'
          : check.time?.includes(title)
            ? 'time'
            : 'exact';
  for (const [i, col] of keep.entries())
    expectSame(titles[i], first[col], csv[1][header.indexOf(titles[i])], compare(titles[i]));
  if (check.number) {
    const i = header.indexOf(check.number);
    expect(i, `${check.number} is a column`).toBeGreaterThanOrEqual(0);
    const row = csv.slice(1).findIndex((r) => r[i] !== '');
    expect(row, `a row with ${check.number}`).toBeGreaterThanOrEqual(0);
    expect(csv[row + 1][i], `${check.number}: a bare number in the CSV`).toMatch(BARE_NUMBER);
    expect(typeof xlsx[row + 1][i], `${check.number}: a number in the XLSX`).toBe('number');
    expect(xlsx[row + 1][i]).toBeCloseTo(Number(csv[row + 1][i]), 9);
  }
  return csv;
}

/** The signed-in session's token, for the few records the demo data lacks. */
async function api(p: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const token = await p.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const res = await p.request.fetch(`/api${path}`, { method, headers: { Authentication: token ?? '' }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()).data;
}

// the generic lists (ResourcePage): one table, the downloads in the header
const RESOURCE_LISTS: [string, string, TableCheck?][] = [
  ['/master/user', 'Users List'],
  ['/master/role', 'Role'],
  ['/master/permission', 'Permission', { list: ['Operations'] }],
  ['/master/group', 'Group List'],
  ['/master/company', 'Company List'],
  ['/master/asset-type', 'Asset Type'],
  ['/master/sensor_type', 'Sensor Type'],
  ['/master/sensor_category', 'Sensor Category'],
  ['/master/tank', 'Tank Header'],
  ['/master/fuel-type', 'Fuel Type'],
  ['/master/bunker-location', 'Bunker Location'],
  ['/master/config/rpm', 'Config RPM', { number: 'Min Value' }],
  ['/master/config/ae', 'Config AE', { number: 'Number' }],
  ['/master/config/tank', 'Config Tank'],
  // the owner's tag ('Shared') under the type is no part of the type
  ['/master/event', 'Master Event', { number: 'Trigger Duration (s)', loose: ['Event Type'] }],
  ['/master/device', 'Device List'],
];

for (const [path, name, check] of RESOURCE_LISTS)
  test(`${name} (${path}): CSV and XLSX with the list's columns`, async () => {
    const p = page();
    await p.goto(path);
    await checkTable(p, p.locator('main'), check);
  });

test("Tank Detail: CSV and XLSX of a header's tanks", async () => {
  const p = page();
  await p.goto('/master/tank');
  await p
    .locator('tr.ant-table-row')
    .first()
    .getByRole('button', { name: /^Detail\b/ })
    .click();
  await expect(p).toHaveURL(/\/master\/tank\/\d+$/);
  await expect(p.getByRole('heading', { level: 1 })).toContainText('Tank Detail');
  await checkTable(p, p.locator('main'));
});

test("Config Event and Asset Event: the configurations of a gateway, then one configuration's events", async () => {
  const p = page();
  const [config] = await api(p, 'GET', '/master/config_event?max=1');
  await p.goto(`/master/config/event/${encodeURIComponent(config.mcevAssetId)}`);
  await checkTable(p, p.locator('main'), { number: 'Version' });

  await p
    .locator('tr.ant-table-row')
    .first()
    .getByRole('button', { name: /^Detail\b/ })
    .click();
  await expect(p).toHaveURL(/\/master\/asset\/event\/\d+$/);
  const selected = p.locator('.ant-transfer-section').nth(1);
  await expect(selected.locator('.ant-transfer-list-content-item').first()).toBeVisible();
  const items = (await selected.locator('.asset-event-item > span:first-child').allInnerTexts()).map(norm);
  const { csv } = await downloads(p, p.locator('main'));
  expect(csv[0]).toEqual(['Selected Events', 'Priority']);
  expect(csv.slice(1).map((r) => r[0])).toEqual(items);
});

test("Group Detail: CSV and XLSX of the group's company cards", async () => {
  const p = page();
  await p.goto('/master/group');
  await p
    .locator('tr.ant-table-row')
    .first()
    .getByRole('button', { name: /^Detail\b/ })
    .click();
  await expect(p).toHaveURL(/\/master\/group\/detail\/\d+$/);
  const card = p.getByTestId('company-card').first();
  await expect(card).toBeVisible();
  const { csv } = await downloads(p, p.locator('main'));
  expect(csv[0]).toEqual(['Name', 'Status', 'Address', 'Company Phone', 'PIC']);
  await expect(card.locator('strong').first()).toHaveText(csv[1][0]);
  await expect(card.locator('.ant-tag')).toHaveText(csv[1][1]);
});

test("Company Detail: CSV and XLSX of the company's asset cards", async () => {
  const p = page();
  const [asset] = await api(p, 'GET', '/master/asset?max=1&orders[massName]=asc');
  await p.goto(`/master/company/detail/${asset.massCompId}`);
  const card = p.getByTestId('asset-card').first();
  await expect(card).toBeVisible();
  const labels = (await card.locator('.ant-descriptions-item-label').allInnerTexts()).map(norm);
  const values = (await card.locator('.ant-descriptions-item-content').allInnerTexts()).map(norm);
  const { csv } = await downloads(p, p.locator('.admin-section-head'));
  expect(csv[0]).toEqual(['Asset Name', ...labels]);
  await expect(card.locator('.ant-card-meta-title')).toHaveText(csv[1][0]);
  for (const [i, v] of values.entries()) expectSame(labels[i], v, csv[1][i + 1]);
});

test('Asset List: CSV and XLSX of the asset cards', async () => {
  const p = page();
  await p.goto('/master/asset');
  const card = p.locator('.asset-grid > *').first();
  await expect(card).toBeVisible();
  const labels = (await card.locator('.ant-descriptions-item-label').allInnerTexts()).map(norm);
  const values = (await card.locator('.ant-descriptions-item-content').allInnerTexts()).map(norm);
  const { csv } = await downloads(p, p.locator('.page-header, main').first());
  expect(csv[0]).toEqual(['Asset Name', ...labels]);
  expect(norm((await card.locator('.asset-card-title').textContent()) ?? '')).toBe(csv[1][0]);
  for (const [i, v] of values.entries()) expectSame(labels[i], v, csv[1][i + 1]);
});

test('Audit Trail, API Tokens, Webhooks: CSV and XLSX of the integration lists', async () => {
  const p = page();
  // an integration token and a webhook, so that both lists (and the audit trail) have a row
  const choices = await api(p, 'GET', '/api-tokens/choices');
  await api(p, 'POST', '/api-tokens', {
    name: `ERP export ${Date.now().toString(36)}`,
    compId: choices.companies[0].compId,
    roleId: choices.roles[0].roleId,
    expiresInDays: 30,
  });
  await api(p, 'POST', '/webhooks', {
    name: 'Ticket desk, "urgent", events',
    url: 'https://example.com/fleet-hook',
    kinds: ['event.opened', 'event.closed'],
    active: true,
  });
  // a change the audit trail records
  await api(p, 'POST', '/master/bunker_location', { mbloName: `Export port ${Date.now().toString(36)}` });
  await p.goto('/master/api-tokens');
  await checkTable(p, p.locator('main'), { loose: ['Name', 'Created', 'Last use'] });
  await p.goto('/master/webhooks');
  await checkTable(p, p.locator('main'), { list: ['Notifications'], loose: ['Last delivery'] });
  await p.goto('/master/audit');
  // the audit trail's Action is a column (what was done); its restore button's column has no title
  const audit = await checkTable(p, p.locator('main'), { skip: [''], loose: ['Record', 'Changes'] });
  // streamed by the server: every entry, not only the page on screen (the list's total)
  const entries = shownNumber(
    (await p.locator('.audit-entries .ant-pagination-total-text').first().textContent()) ?? '',
  );
  expect(audit.length - 1, 'every entry of the trail').toBe(entries);
});

test('Remain On Board: profiles, the ledger and the adjustments', async () => {
  const p = page();
  await p.goto('/remain-on-board');
  await expect(p.getByRole('heading', { name: /^ROB Profile / })).toBeVisible();
  await checkTable(p, p.locator('main'), { number: 'Initial Value' });
  const profile = p.locator('tr.ant-table-row').first();
  // an adjustment with a comma, a quote and a line break in its note: RFC 4180 quoting
  const [asset] = await api(p, 'GET', '/master/asset?max=1&orders[massName]=asc');
  const profiles = await api(
    p,
    'GET',
    `/master/rob/rob?finds[mrobMassId]=${asset.massId}&max=1000&orders[mrobStartTime]=desc`,
  );
  const made = await api(p, 'POST', '/master/rob/adjustment', {
    robaMrobId: profiles[0].mrobId,
    robaType: 2,
    robaTime: profiles[0].mrobStartTime,
    robaValue: -1234.5,
    robaNote: 'Sounding, "port" tank\nchecked twice',
  });
  await profile.getByRole('button', { name: 'Detail' }).click();
  await checkLedger(p);
  await p
    .locator('.rob-detail')
    .getByRole('button', { name: /^Adjustment/ })
    .click();
  const adjustments = p.locator('.rob-detail .ant-card').filter({ hasText: 'Add Adjustment' });
  const csv = await checkTable(p, adjustments, { number: 'Value', shortened: ['Note'] });
  expect(
    csv.some((r) => r[3] === 'Sounding, "port" tank\nchecked twice'),
    'the whole note, quoted',
  ).toBe(true);
  // the server is shared by every spec: rob.spec.ts starts from the demo profile without adjustments
  await api(p, 'DELETE', `/master/rob/adjustment/${made.robaId}`);
});

/** The ROB ledger's file names its litres columns with the unit: the header is the titles with "(L)" after the figures. */
async function checkLedger(p: Page) {
  const card = p.locator('.rob-detail .ant-card').filter({ hasText: 'Detail Log' });
  const ths = (await card.locator('thead th').allInnerTexts()).map(norm);
  const { csv } = await downloads(p, card);
  expect(csv[0]).toEqual(ths.map((t, i) => (i >= 3 ? `${t} (L)` : t)));
  const first = (await card.locator('tr.ant-table-row').first().locator('> td').allInnerTexts()).map(norm);
  expectSame(ths[5], first[5], csv[1][5]);
  expect(csv[1][5]).toMatch(BARE_NUMBER);
}

test('Event Log and Bunkering Log: CSV and XLSX of the long lists', async () => {
  const p = page();
  await p.goto('/bunkering-log');
  // the Final Bunker cell's tags (discrepancy, reset) are columns of their own in the file
  await checkTable(p, p.locator('main'), {
    number: 'Target (KL)',
    within: { 'Final Bunker (KL)': ['Tolerance', 'RESET'] },
  });
  // an event of the test's own vessel (e2e/event-data.ts): AC power lost and back, from posted readings
  const v = await eventVessel(p, 'e2exp', ['power'], [AC_LOST]);
  powerDevice = `power-e2exp-${v.tag}`;
  const now = Math.floor(Date.now() / 1000);
  await ingest(p.request, v.gateway.devcId, [
    { device: `power-e2exp-${v.tag}`, ts: now - 120, data: { onAc: 1 } },
    { device: `power-e2exp-${v.tag}`, ts: now - 90, data: { onAc: 0 } },
    // closed again: a closed event's duration stands still between the screen and the file
    { device: `power-e2exp-${v.tag}`, ts: now - 60, data: { onAc: 1 } },
  ]);
  await p.goto('/event/log');
  await p.locator('#event-device').click();
  await p.locator('#event-device').fill(`e2exp-${v.tag}`);
  await p
    .locator('.ant-select-dropdown:visible')
    .getByTitle(new RegExp(`gateway-e2exp-${v.tag}`))
    .click();
  await p.getByRole('button', { name: 'Apply All' }).click();
  await expect(p.locator('.event-log-table tr.ant-table-row').first()).toContainText('Non Active');
  await checkTable(p, p.locator('.event-log-table').locator('..'), {
    within: { 'Event Type': ['Reason'] },
    time: ['Date Time'],
  });
});

test('Device Log Detail: CSV and XLSX of the readings', async () => {
  const p = page();
  expect(powerDevice, 'the Event Log test posted readings').not.toBe('');
  const [device] = await api(p, 'GET', `/master/device?findField=devcUniqueId&findValue=${powerDevice}&max=1`);
  await p.goto(`/master/device/detail/${device.devcId}`);
  await expect(p.getByRole('heading', { level: 1 })).toContainText('Device Log Detail');
  const csv = await checkTable(p, p.locator('main'), { number: 'onAc' });
  // streamed by the server: every reading of the screen's period (the table's total), named by the list, the period
  // and the device (docs/domain.md §44.2)
  const total = shownNumber((await p.locator('.ant-pagination-total-text').first().textContent()) ?? '');
  expect(csv.length - 1, 'every reading of the period').toBe(total);
  const file = await download(p, p.locator('main'), 'Download CSV');
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^device-log_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}_${powerDevice}\\.csv$`),
  );
});
