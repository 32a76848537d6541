import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import Login from './Login.tsx';
import Setup from './Setup.tsx';

const STATUS = {
  username: 'it-admin',
  userId: 'it@nusantara.example',
  activeApp: null,
  activeCompany: { compId: 1, compName: 'PT Nusantara Bahari', grcpId: 1 },
  activeGroup: { grcpId: 1, grcpName: 'Nusantara Shipping Group' },
  groups: [],
  companies: [],
  userAccess: {},
};

/** A fake server: `setupNeeded` until POST /api/setup is answered, and that answer. */
function fakeServer(o: { setupNeeded: boolean; setup?: () => Response }) {
  let needed = o.setupNeeded;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://t').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    if (path === '/api/setup' && method === 'GET') return jsonResponse(envelope({ setupNeeded: needed }));
    if (path === '/api/setup') {
      const answer = o.setup?.() ?? jsonResponse(failure('unexpected', 500), 500);
      if (answer.status === 200 || answer.status === 409) needed = false;
      return answer;
    }
    if (path.endsWith('/login'))
      return jsonResponse(envelope({ token: 't0k3n', userId: STATUS.userId, username: STATUS.username }));
    if (path.endsWith('/status')) return jsonResponse(envelope(STATUS));
    return jsonResponse(failure('not found', 404), 404);
  });
  return calls;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/login" element={<Login />} />
        <Route path="/auth/setup" element={<Setup />} />
        <Route path="/preference/active-company" element={<p>Select Company page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function fillForm(confirm = 'Pelabuhan#2026') {
  fill('Company Group', 'Nusantara Shipping Group');
  fill('Company', 'PT Nusantara Bahari');
  fill('Login Name', 'it-admin');
  fill('Email', 'it@nusantara.example');
  fill('Password', 'Pelabuhan#2026');
  fill('Confirm Password', confirm);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('first-run Setup page', () => {
  it('is where Login sends the visitor of an installation without users', async () => {
    fakeServer({ setupNeeded: true });
    renderAt('/auth/login');
    // the first page of the file: the first answer can take over a second on a busy machine
    expect(await screen.findByRole('heading', { name: 'Set up Fleet Monitoring' }, { timeout: 5000 })).toBeTruthy();
  });

  it('creates the administrator, signs in with the same login and goes on to company selection', async () => {
    const calls = fakeServer({
      setupNeeded: true,
      setup: () =>
        jsonResponse(
          envelope({ userId: STATUS.userId, username: 'it-admin', grcpId: 1, grcpName: 'G', companies: [] }),
        ),
    });
    renderAt('/auth/setup');
    await screen.findByRole('heading', { name: 'Set up Fleet Monitoring' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Administrator' }));
    expect(await screen.findByText('Select Company page')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/setup');
    // the confirmation stays on the page
    expect(post?.body).toEqual({
      groupName: 'Nusantara Shipping Group',
      companyName: 'PT Nusantara Bahari',
      username: 'it-admin',
      email: 'it@nusantara.example',
      password: 'Pelabuhan#2026',
    });
    expect(calls.some((c) => c.path.endsWith('/login'))).toBe(true);
    expect(localStorage.getItem('token') ?? sessionStorage.getItem('token')).toBeTruthy();
  });

  it('shows the server’s message under each field; a mismatch is never sent and keeps them', async () => {
    const calls = fakeServer({
      setupNeeded: true,
      setup: () =>
        jsonResponse(
          failure(
            {
              username: ['Login Name must not contain spaces'],
              password: ['Password must be at least 8 characters'],
            },
            400,
          ),
          400,
        ),
    });
    renderAt('/auth/setup');
    await screen.findByRole('heading', { name: 'Set up Fleet Monitoring' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Administrator' }));
    expect(await screen.findByText('Login Name must not contain spaces')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Login Name').getAttribute('aria-invalid')).toBe('true');

    fill('Confirm Password', 'something else');
    const posts = calls.filter((c) => c.method === 'POST').length;
    fireEvent.click(screen.getByRole('button', { name: 'Create Administrator' }));
    expect(await screen.findByText('Password does not match')).toBeTruthy();
    expect(screen.getByText('Login Name must not contain spaces')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(posts);
  });

  it('says the installation is set up, on opening and when another setup won the race (409)', async () => {
    fakeServer({ setupNeeded: false });
    const first = renderAt('/auth/setup');
    expect(await screen.findByRole('heading', { name: 'Already set up' })).toBeTruthy();
    first.unmount();

    vi.restoreAllMocks();
    fakeServer({
      setupNeeded: true,
      setup: () => jsonResponse(failure('This installation is already set up', 409), 409),
    });
    renderAt('/auth/setup');
    await screen.findByRole('heading', { name: 'Set up Fleet Monitoring' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Administrator' }));
    expect(await screen.findByRole('heading', { name: 'Already set up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy());
    // and stays there: the server no longer needs setup
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
