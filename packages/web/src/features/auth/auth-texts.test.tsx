import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import Forbidden from './Forbidden.tsx';
import ForgotPassword from './ForgotPassword.tsx';
import Login from './Login.tsx';
import Setup from './Setup.tsx';
import UpdatePassword from './UpdatePassword.tsx';

/** A server with users (no setup) whose sign-in answers `login`. */
function fakeServer(login: () => Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path === '/api/setup') return jsonResponse(envelope({ setupNeeded: false }));
    if (path.endsWith('/login')) return login();
    return jsonResponse(failure('not found', 404), 404);
  });
}

const renderAt = (path: string, state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/auth/login" element={<Login />} />
        <Route path="/auth/forgot-password" element={<ForgotPassword />} />
        <Route path="/401" element={<Forbidden />} />
        <Route path="/auth/setup" element={<Setup />} />
        <Route path="/auth/update-password/:emailtoken/:token" element={<UpdatePassword />} />
      </Routes>
    </MemoryRouter>,
  );

describe('sign-in pages in Bahasa Indonesia (issue 27)', () => {
  beforeEach(() => act(() => i18next.changeLanguage('id')));
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('Login: its texts, and the specs’ messages — the page’s own and the server’s English — in Indonesian', async () => {
    let answer = () =>
      jsonResponse(failure({ username: ['Can not be empty'], password: ['Can not be empty'] }, 400), 400);
    fakeServer(() => answer());
    renderAt('/auth/login');
    expect(screen.getByRole('heading', { name: 'Masuk' })).toBeTruthy();
    expect(screen.getByText('Pantau BBM, mesin, dan posisi seluruh armada Anda.')).toBeTruthy();
    expect(screen.getByLabelText('Nama Pengguna atau Email')).toBeTruthy();
    expect(screen.getByLabelText('Kata Sandi')).toBeTruthy();
    expect(screen.getByText('Ingat email saya')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lupa Kata Sandi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tampilkan' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(screen.getAllByText('Tidak boleh kosong')).toHaveLength(2));
    expect(screen.queryByText('Can not be empty')).toBeNull();

    answer = () => jsonResponse(failure('Invalid Username or Password', 401), 401);
    fireEvent.change(screen.getByLabelText('Nama Pengguna atau Email'), { target: { value: 'ops' } });
    fireEvent.change(screen.getByLabelText('Kata Sandi'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(screen.getAllByText('Nama Pengguna atau Kata Sandi salah')).toHaveLength(2));

    // and back in English at run time
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getAllByText('Invalid Username or Password')).toHaveLength(2);
  });

  it('Login: the message Setup hands over, by its key', () => {
    fakeServer(() => jsonResponse(failure('unexpected', 500), 500));
    renderAt('/auth/login', { notice: 'setupDoneSignIn' });
    expect(screen.getByRole('status').textContent).toBe(
      'Administrator telah dibuat. Silakan masuk dengan nama login atau e-mail-nya.',
    );
  });

  it('Forgot Password and the 401 page', async () => {
    fakeServer(() => jsonResponse(failure('unexpected', 500), 500));
    const view = renderAt('/auth/forgot-password');
    expect(screen.getByRole('heading', { name: 'Lupa Kata Sandi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke Halaman Masuk' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Minta Atur Ulang Kata Sandi' }));
    // antd validates and renders slowly in jsdom
    expect(await screen.findByText('Tidak boleh kosong', {}, { timeout: 5000 })).toBeTruthy();
    // a malformed address goes to the server and its message shows under the field: the browser's own tooltip
    // (type="email" checked on submit) must not stop the form first (issue 28)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(failure({ email: ['Masukkan alamat e-mail yang valid'] }, 1), 400),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Minta Atur Ulang Kata Sandi' }));
    expect(await screen.findByText('Masukkan alamat e-mail yang valid', {}, { timeout: 5000 })).toBeTruthy();
    view.unmount();

    renderAt('/401');
    expect(screen.getByText('Maaf, Anda tidak memiliki akses ke fitur ini')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeTruthy();
  });

  it('first-run Setup and Update Password', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(envelope({ setupNeeded: true })));
    const view = renderAt('/auth/setup');
    expect(screen.getByRole('heading', { name: 'Siapkan Fleet Monitoring' })).toBeTruthy();
    expect(screen.getByText('Minimal 8 karakter.')).toBeTruthy();
    expect(screen.getByLabelText('Grup Perusahaan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buat Administrator' })).toBeTruthy();
    view.unmount();

    renderAt('/auth/update-password/e/t');
    expect(screen.getByRole('heading', { name: 'Perbarui Kata Sandi' })).toBeTruthy();
    expect(screen.getByText('Pilih kata sandi baru minimal 8 karakter.')).toBeTruthy();
    expect(screen.getByLabelText('Konfirmasi Kata Sandi')).toBeTruthy();
  });
});
