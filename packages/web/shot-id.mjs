import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3999';
const routes = (process.env.ROUTES ?? '/home /dashboard/fms /dashboard/bunker /report/fms /report/datalog/fms /bunkering-log /remain-on-board /event/log /voyage /weather /widgets /teltonika-map /report/custom-chart /profile /master/asset /master/device /master/user /master/role /master/permission /master/group /master/company /master/asset-type /master/sensor_type /master/sensor_category /master/tank /master/fuel-type /master/bunker-location /master/config/rpm /master/config/ae /master/config/tank /master/event /report').split(' ');
const width = Number(process.env.WIDTH ?? 1440);
const lang = process.env.LANG_UI ?? 'id';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'id-ID', timezoneId: 'Asia/Makassar' });
await page.goto(`${BASE}/auth/login`);
await page.getByLabel(/Username or Email|Nama Pengguna/).fill('admin');
await page.getByLabel(/^Password|Kata Sandi/).fill('Admin#2026');
await page.keyboard.press('Enter');
await page.waitForURL(/preference\/active-company/);

await page.getByRole('button', { name: /Confirm|Konfirmasi/ }).first().click();
await page.waitForURL(/active-app/);
await page.locator('[data-app=fms]').click();
await page.getByRole('button', { name: /Confirm Selection|Konfirmasi/ }).click();
await page.waitForURL(/home/);
const token = await page.evaluate(() => localStorage.getItem('token'));
const r = await page.request.put(`${BASE}/api/account/language`, { headers: { authentication: token }, data: { language: lang } }).catch((e) => e);
console.log('language', r.status?.());
const ENGLISH = /\b(the|and|of|with|No data|Loading|Search|Add|Edit|Delete|Save|Cancel|Close|Download|Refresh|Select|Date|Time|Total|Average|Speed|Distance|Fuel|Engine|Report|Vessel|Device|Company|Created|Updated|Name|Status|Action|Please|Filter|Start|End|Hours?|Minutes?|Days?|Today|Yesterday|Week|Month)\b/g;
for (const route of routes) {
  await page.goto(`${BASE}${route}`);
  await page.waitForTimeout(2500);
  const name = route.replace(/\//g, '_') || 'root';
  await page.screenshot({ path: `/tmp/shots/${lang}${width}${name}.png` });
  const text = await page.evaluate(() => document.body.innerText);
  const hits = [...new Set(text.match(ENGLISH) ?? [])];
  const lines = text.split('\n').filter((l) => ENGLISH.test(l)).slice(0, 12);
  console.log(`${route}: ${hits.join(', ')}`);
  for (const l of lines) console.log('   |', l.slice(0, 140));
}
await browser.close();
