import type { ApiToken } from '@fleet/shared/answers/api-tokens.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { setZone } from '../../api/zone.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import ApiTokens, { SecretModal } from './ApiTokens.tsx';

// the machine running the tests may be busy
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const time = (iso: string) => Date.parse(iso) / 1000;

const ROW: ApiToken = {
  tokenId: 3,
  name: 'ERP fuel export',
  prefix: 'fmt_0123456789ab',
  accountId: 'api-token-0123456789ab@tokens.invalid',
  compId: 1,
  compName: 'PT Samudra',
  roleId: 2,
  roleName: 'Operator',
  createdUserId: 'admin@fleet.demo',
  createdTime: time('2026-03-01T03:00:00Z'),
  expiresTime: time('2026-05-30T03:00:00Z'),
  revokedTime: null,
  revokedUserId: null,
  lastUsedTime: time('2026-03-05T02:15:00Z'),
  lastUsedAddress: '10.0.0.7',
  lastDay: { reads: 1200, writes: 3, limited: 0 },
  status: 'active',
};
const TOKEN = `fmt_fedcba987654_${'x'.repeat(43)}`;

/** GET/POST /api/api-tokens, GET …/choices, DELETE …/{id}: one token, then the one made. */
function fakeServer() {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let rows: ApiToken[] = [ROW];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://t');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === 'GET' && url.pathname === '/api/api-tokens') return jsonResponse(envelope(rows));
    if (method === 'GET' && url.pathname === '/api/api-tokens/choices')
      return jsonResponse(
        envelope({ companies: [{ compId: 1, compName: 'PT Samudra' }], roles: [{ roleId: 2, roleName: 'Operator' }] }),
      );
    if (method === 'POST' && url.pathname === '/api/api-tokens') {
      const made = { ...ROW, tokenId: 4, name: body.name, prefix: 'fmt_fedcba987654', lastUsedTime: null };
      rows = [made, ...rows];
      return jsonResponse(envelope({ ...made, token: TOKEN }));
    }
    if (method === 'DELETE' && url.pathname === '/api/api-tokens/3') {
      rows = rows.map((r) =>
        r.tokenId === 3 ? { ...r, status: 'revoked', revokedTime: time('2026-03-06T00:00:00Z') } : r,
      );
      return jsonResponse(envelope(rows.find((r) => r.tokenId === 3)));
    }
    return jsonResponse(failure('unexpected', 500), 500);
  });
  return calls;
}

function renderScreen() {
  useSession.setState({ userAccess: { api_token: ['read', 'create', 'delete'] } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiTokens />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setZone('Asia/Jakarta');
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('API Tokens (issue 31)', () => {
  it('lists each token: name and prefix, company, role, created by and when, expiry, last use, status', async () => {
    fakeServer();
    renderScreen();
    const row = (await screen.findByText('ERP fuel export')).closest('tr') as HTMLElement;
    for (const text of [
      'fmt_0123456789ab…',
      'PT Samudra',
      'Operator',
      '01 March 2026 10:00',
      'by admin@fleet.demo',
      '30 May 2026 10:00',
      '05 March 2026 09:15',
      'Last 24 h — reads: 1,200, writes: 3',
      'Active',
    ])
      expect(within(row).getByText(text, { exact: false })).toBeTruthy();
    expect(within(row).getByText('· 10.0.0.7', { exact: false })).toBeTruthy();
  });

  it('checks the create form: nothing is sent without a name, a company and a role', async () => {
    const calls = fakeServer();
    renderScreen();
    await screen.findByText('ERP fuel export');
    fireEvent.click(screen.getByRole('button', { name: /Create token/ }));
    const dialog = (await screen.findByText('Create API token')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('90 days')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the new secret once, with a warning and a copy button; closed only by its button', async () => {
    const issued = { ...ROW, name: 'BI dashboard', token: TOKEN };
    const onClose = vi.fn();
    render(<SecretModal issued={issued} onClose={onClose} />);
    expect(((await screen.findByTestId('issued-token')) as HTMLInputElement).value).toBe(TOKEN);
    expect(screen.getByText('Copy this token now: it is shown only this once and cannot be shown again.')).toBeTruthy();
    expect(
      screen.getByText(
        'Store it as a secret in the other system. Anyone holding it can use the API as “BI dashboard” until 30 May 2026 10:00.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('revokes after a confirmation', async () => {
    const calls = fakeServer();
    renderScreen();
    await screen.findByText('ERP fuel export');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke ERP fuel export' }));
    expect(
      await screen.findByText('Revoke “ERP fuel export”? Every system using it is refused from its next request.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/api-tokens/3')).toBe(true));
    expect(await screen.findByText('Revoked 06 March 2026 07:00')).toBeTruthy();
  });
});
