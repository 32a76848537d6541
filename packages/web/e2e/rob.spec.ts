import { enterApp, expect, shot, test, USERS } from './fixtures.ts';

test.describe('Remain On Board (spec 002 §2.16)', () => {
  test('admin: profiles, detail with summary and log, adjustments with two-step delete, overlap refused', async ({
    page,
  }) => {
    test.setTimeout(240_000); // a long flow on a shared machine
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/remain-on-board');
    await expect(page.getByRole('heading', { name: 'Remain On Board', level: 1 })).toBeVisible();
    // the first asset is selected by itself and has its demo profile
    await expect(page.getByRole('heading', { name: /^ROB Profile / })).toBeVisible();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);

    // a profile that overlaps the demo one is refused with the server's reason
    await page.getByRole('button', { name: 'Add New ROB' }).click();
    const form = page.getByRole('dialog', { name: 'Create New ROB Profile' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('All fields are required.')).toBeVisible();
    const date = async (label: string, text: string) => {
      const input = form.getByLabel(label);
      await input.click();
      await input.fill(text);
      await input.press('Enter');
    };
    const today = new Date();
    const dd = (d: Date) =>
      `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()} 00:00`;
    await date('Start Date & Time', dd(today));
    await date('End Date & Time', dd(new Date(today.getTime() + 5 * 86400000)));
    await form.getByRole('textbox', { name: /Initial Supply in Liters/ }).fill('1000');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(/overlaps the asset's ROB profile/)).toBeVisible();
    // two years ahead: no overlap
    const later = new Date(today.getTime() + 730 * 86400000);
    await date('Start Date & Time', dd(later));
    await date('End Date & Time', dd(new Date(later.getTime() + 5 * 86400000)));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(rows).toHaveCount(2);
    // two-step delete: leaving the button cancels, two clicks delete
    const del = rows.first().getByRole('button', { name: 'Delete' });
    await del.click();
    await expect(rows.first().getByRole('button', { name: 'Confirm?' })).toBeVisible();
    await page.getByRole('heading', { name: 'Remain On Board', level: 1 }).hover();
    await expect(rows.first().getByRole('button', { name: 'Delete' })).toBeVisible();
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await rows.first().getByRole('button', { name: 'Confirm?' }).click();
    await expect(rows).toHaveCount(1);

    // detail: profile card, summary cards, the daily log; weekly and monthly re-fetch
    await rows.first().getByRole('button', { name: 'Detail' }).click();
    await expect(page.getByText('ROB Profile', { exact: true })).toBeVisible();
    for (const c of [
      'Start Balance',
      'Last Balance',
      'Consumption (Total Volume)',
      'Total Adj. Vol',
      'Last Adj. Vol',
      'Bunker (IN)',
    ])
      await expect(page.getByText(c, { exact: true })).toBeVisible();
    await expect(page.getByText('Detail Log')).toBeVisible();
    await page.getByText('Weekly', { exact: true }).click();
    await page.getByText('Monthly', { exact: true }).click();
    await shot(page, 'rob-detail');

    // adjustment pill: add, '1 Adjusted', two-step delete
    await page.getByRole('button', { name: /^Adjustment/ }).click();
    await expect(page.getByText('No adjustment data available.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Adjustment' }).click();
    const adj = page.getByRole('dialog', { name: 'Add New Adjustment' });
    await expect(adj.getByText('Reset Value resets the current value to the specified value.')).toBeVisible();
    await adj.getByLabel('Time').click();
    await adj.getByLabel('Time').fill(dd(today));
    await adj.getByLabel('Time').press('Enter');
    await adj.getByRole('textbox', { name: /Value/ }).fill('5000');
    await adj.getByLabel('Note').fill('Stock-take by sounding');
    await adj.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('1 Adjusted')).toBeVisible();
    const adjRows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(adjRows).toHaveCount(1);
    await adjRows.first().getByRole('button', { name: 'Delete' }).click();
    await adjRows.first().getByRole('button', { name: 'Confirm?' }).click();
    await expect(page.getByText('No adjustment data available.')).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: /^ROB Profile / })).toBeVisible();
  });

  test('a late answer for the previous asset never shows under the current one (spec 002 §4)', async ({ page }) => {
    await enterApp(page, USERS.admin, 'bunkering');
    await page.goto('/remain-on-board');
    await expect(page.getByRole('heading', { name: /^ROB Profile / })).toBeVisible();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const asset = page.getByLabel('Asset');
    await asset.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // the options come with the asset list, which may still be on its way when the dropdown opens
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(3);
    const labels = await options.allTextContents();
    const [slow, current] = [labels[1], labels[2]];
    const idOf = (label: string) => /\((\d+)\)$/.exec(label)![1];
    // the slow asset's answer comes late and holds a profile no demo vessel has (initial value 987 654 321)
    let released!: () => void;
    const late = new Promise<void>((ok) => {
      released = ok;
    });
    let answered!: () => void;
    const lateAnswered = new Promise<void>((ok) => {
      answered = ok;
    });
    await page.route('**/api/master/rob/rob?*', async (route) => {
      if (!decodeURIComponent(route.request().url()).includes(`[mrobMassId]=${idOf(slow)}`)) return route.continue();
      const real = await route.fetch();
      const body = await real.json();
      body.data = [
        { ...(body.data[0] ?? {}), mrobId: 999999, mrobMassId: Number(idOf(slow)), mrobInitialValue: 987654321 },
      ];
      await late;
      // the page may have given up on the request (React Query aborts what nobody waits for): either way it is done
      await route.fulfill({ response: real, json: body }).catch(() => {});
      answered();
    });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: slow }).click();
    await asset.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: current }).click();
    await expect(page.getByRole('heading', { name: /^ROB Profile / })).toContainText(current.replace(/ \(\d+\)$/, ''));
    released();
    await lateAnswered;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const own = await page.request.get(`/api/master/rob/rob?finds[mrobMassId]=${idOf(current)}&max=1000`, {
      headers: { Authentication: token ?? '' },
    });
    await expect(rows).toHaveCount((await own.json()).data.length);
    await expect(page.getByText(/987,?654,?321/)).toHaveCount(0);
  });

  test('operator: reads profiles and the summary, changes nothing', async ({ page }) => {
    await enterApp(page, USERS.operator, 'bunkering');
    await page.goto('/remain-on-board');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add New ROB' })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await rows.first().getByRole('button', { name: 'Detail' }).click();
    await expect(page.getByText('Start Balance', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Adjustment/ }).click();
    await expect(page.getByRole('button', { name: 'Add Adjustment' })).toHaveCount(0);
  });
});
