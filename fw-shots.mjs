import { chromium } from 'playwright';
const base = 'http://localhost:4105';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function run(width, lang, gateway, company) {
  const ctx = await browser.newContext({ viewport: { width, height: width > 800 ? 1000 : 1600 } });
  const page = await ctx.newPage();
  await page.goto(base + '/auth/login');
  await page.getByLabel('Username or Email').fill('admin');
  await page.getByLabel('Password').fill('Admin#2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/active-company/);
  await page.getByText(company, { exact: true }).last().click();
  await page.getByRole('button', { name: /^(Confirm|Konfirmasi)$/ }).click();
  await page.locator('[data-app=fms]').click();
  await page.getByRole('button', { name: /^(Confirm Selection|Konfirmasi Pilihan)$/ }).click();
  await page.waitForURL(/home/);
  const token = await page.evaluate(() => {
    for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) { const v = s.getItem(s.key(i)); if (v && v.length > 20 && /^[A-Za-z0-9._-]+$/.test(v)) return v; }
    return null;
  });
  const r = await page.request.put(base + '/api/account/language', { data: { language: lang }, headers: { authentication: token ?? '' } });
  console.log('lang', r.status());
  await page.goto(base + '/event/log');
  await page.reload();
  await page.waitForTimeout(1500);
  const start = page.locator('#event-range');
  await start.click();
  await start.press('Control+a');
  await start.fill('13-11-2026 00:00');
  await start.press('Enter');
  const end = page.locator('.ant-picker-input input').nth(1);
  await end.click();
  await end.press('Control+a');
  await end.fill('27-11-2026 23:59');
  await end.press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('#event-device').click();
  await page.locator('#event-device').fill(gateway);
  await page.waitForTimeout(1500);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByRole('button', { name: lang === 'id' ? /Terapkan/ : 'Apply All' }).click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/fw-shots/${gateway}-${width}-${lang}.png`, fullPage: true });
  await ctx.close();
}
const [w, lang, gw, company] = process.argv.slice(2);
await run(Number(w), lang, gw, company);
await browser.close();
