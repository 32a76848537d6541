import { chromium } from 'playwright';
const base = 'http://127.0.0.1:5731';
const out = '/tmp/wt-lists-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${base}/auth/login`);
await page.getByLabel('Username or Email').fill('admin');
await page.getByLabel('Password').fill('Admin#2026');
await page.getByRole('button', { name: 'Sign In' }).click();
const confirm = page.getByRole('button', { name: /^(Confirm|Konfirmasi)$/ });
await confirm.waitFor({ timeout: 15000 }).then(() => confirm.click()).catch(() => {});
await page.locator('[data-app=fms]').click();
await page.getByRole('button', { name: /Confirm Selection|Konfirmasi Pilihan/ }).click();
await page.waitForURL(/home/);
const token = await page.evaluate(() => {
  for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) { const k = s.key(i); if (/token/i.test(k)) return s.getItem(k); }
});
const screens = [
  ['config-event', '/master/config/event/gateway-ot01'],
  ['asset-event', '/master/asset/event/1'],
  ['group-detail', '/master/group/detail/1'],
  ['asset-list', '/master/asset'],
  ['rob', '/remain-on-board'],
  ['audit', '/master/audit'],
  ['api-tokens', '/master/api-tokens'],
  ['webhooks', '/master/webhooks'],
  ['device-log', '/master/device/detail/102'],
  ['fuel-type', '/master/fuel-type'],
];
for (const lang of ['en', 'id']) {
  const r = await page.request.put(`${base}/api/account/language`, { headers: { authentication: token }, data: { language: lang } });
  if (!r.ok()) console.log('language', r.status());
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, path] of screens) {
      await page.goto(`${base}${path}`);
      await page.waitForTimeout(1800);
      if (name === 'rob') {
        await page.screenshot({ path: `${out}/${name}-${lang}-${width}.png` });
        await page.locator('tr.ant-table-row').first().getByRole('button').first().click();
        await page.waitForTimeout(1200);
        await page.locator('.rob-detail').getByRole('button', { name: /^(Adjustment|Penyesuaian)/ }).click();
        await page.waitForTimeout(1000);
        await page.locator('.rob-detail .ant-card').last().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${out}/rob-adj-${lang}-${width}.png` });
        continue;
      }
      await page.screenshot({ path: `${out}/${name}-${lang}-${width}.png` });
    }
  }
}
await page.request.put(`${base}/api/account/language`, { headers: { authentication: token }, data: { language: 'en' } });
await browser.close();
