import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../api/i18n.ts';
import Login from '../features/auth/Login.tsx';
import { envelope, jsonResponse } from '../test/setup.ts';
import { BrowserLanguage } from './AuthLayout.tsx';
import { RootBoundary, RouteError } from './RootBoundary.tsx';

function browserPrefers(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
}

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/auth/login']}>
      <Routes>
        <Route path="/auth" element={<BrowserLanguage />}>
          <Route path="login" element={<Login />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

afterEach(async () => {
  delete (navigator as { languages?: unknown }).languages;
  await act(() => i18next.changeLanguage('en'));
});

describe("before sign-in: the browser's language (issue 27)", () => {
  it("shows the sign-in page in the browser's language", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(envelope({ setupNeeded: false })));
    browserPrefers(['id-ID', 'en-US']);
    try {
      renderLogin();
      expect(screen.getByRole('heading', { name: 'Masuk' })).toBeTruthy();
      expect(i18next.language).toBe('id');
      expect(document.documentElement.lang).toBe('id');
    } finally {
      setLanguage('en');
    }
  });
});

describe('the shell in Bahasa Indonesia (issue 27)', () => {
  it('the document title follows the screen and the language', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <RootBoundary />,
          children: [{ path: 'home', handle: { name: 'Home' }, element: <p /> }],
        },
      ],
      { initialEntries: ['/home'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Home · Fleet Monitoring');
    await act(() => i18next.changeLanguage('id'));
    expect(document.title).toBe('Beranda · Fleet Monitoring');
  });

  it('the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => i18next.changeLanguage('id'));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p />,
          loader: () => {
            throw 'broken';
          },
          element: <p />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Halaman ini tidak dapat ditampilkan' })).toBeTruthy();
    expect(screen.getByText('Terjadi kesalahan yang tidak terduga')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat Ulang' })).toBeTruthy();
  });
});
