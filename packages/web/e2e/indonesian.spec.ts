import { expect, shot, test, USERS } from './fixtures.ts';

/**
 * Issue 27: a browser that prefers Bahasa Indonesia gets the whole product in it before and after sign-in — texts,
 * numbers with a decimal comma, antd's own texts, the server's messages — and a user's choice in Profile wins over
 * the browser's. The stored choice is put back to "the browser's language" at the end (the other flows sign in as
 * the same administrator and read English).
 */
test.use({ locale: 'id-ID' });

test('the sign-in page, the screens and the server messages in Bahasa Indonesia; Profile switches to English', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Masuk' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
  // a server refusal in Indonesian: an empty form is refused by the page itself, a wrong password by the server
  await page.getByLabel('Nama Pengguna atau Email').fill(USERS.admin.name);
  await page.getByLabel('Kata Sandi', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('Nama Pengguna atau Kata Sandi salah').first()).toBeVisible();

  await page.getByLabel('Kata Sandi', { exact: true }).fill(USERS.admin.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/preference\/active-company$/);
  await expect(page.getByRole('heading', { name: 'Pilih Perusahaan' })).toBeVisible();
  await page.getByRole('button', { name: 'Konfirmasi', exact: true }).click();
  await page.locator('[data-app=fms]').click();
  await page.getByRole('button', { name: 'Konfirmasi Pilihan' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // the navigation and a screen with figures: Indonesian words, decimal commas
  const nav = page.getByRole('navigation').first();
  for (const item of ['Beranda', 'Dasbor', 'Laporan', 'Log Kejadian']) await expect(nav.getByText(item)).toBeVisible();
  await page.goto('/dashboard/fms');
  await expect(page.getByRole('heading', { name: 'Dasbor' })).toBeVisible();
  await expect(page.getByText('Rentang Tanggal')).toBeVisible();
  await shot(page, 'indonesian-dashboard');
  await page.goto('/bunkering-log');
  await expect(page.getByRole('heading', { name: 'Log Bunker' })).toBeVisible();
  // the seeded deliveries' targets in kilolitres, with a decimal comma
  await expect(page.getByRole('cell', { name: /^\d+,\d\d$/ }).first()).toBeVisible();

  // a master list and its form: labels of the resource definition, a server validation message in Indonesian
  await page.goto('/master/fuel-type');
  await expect(page.getByRole('heading', { name: 'Daftar Jenis BBM' })).toBeVisible();
  await page.getByRole('button', { name: 'Tambah' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nama Jenis BBM')).toBeVisible();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Nama Jenis BBM wajib diisi')).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();

  // the user's choice wins over the browser's
  await page.goto('/profile');
  const language = page.getByLabel('Bahasa', { exact: true });
  await language.click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('navigation').first().getByText('Home', { exact: true })).toBeVisible();

  // back to the browser's language: Indonesian again
  await page.goto('/profile');
  await page.getByLabel('Language', { exact: true }).click();
  await page.getByTitle("The browser's language").click();
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
});
