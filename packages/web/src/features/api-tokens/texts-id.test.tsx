import type { ApiToken } from '@fleet/shared/answers/api-tokens.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { setLocale } from '../../api/locale.ts';
import { setZone } from '../../api/zone.ts';
import { useSession } from '../../stores/session.ts';
import '../../test/setup.ts';
import ApiTokens from './ApiTokens.tsx';

const ROWS: ApiToken[] = [
  {
    tokenId: 1,
    name: 'Ekspor ERP',
    prefix: 'fmt_0123456789ab',
    accountId: 'api-token-0123456789ab@tokens.invalid',
    compId: 1,
    compName: 'PT Samudra',
    roleId: 2,
    roleName: 'Operator',
    createdUserId: 'admin@fleet.demo',
    createdTime: 1772334000,
    expiresTime: 1780110000,
    revokedTime: null,
    revokedUserId: null,
    lastUsedTime: null,
    lastUsedAddress: null,
    lastDay: { reads: 1500, writes: 0, limited: 2 },
    status: 'expired',
  },
];

// the machine running the tests may be busy
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

describe('API Tokens in Bahasa Indonesia (issue 31)', () => {
  afterEach(async () => {
    setLocale('en');
    await act(() => i18next.changeLanguage('en'));
  });

  it('the list, its states and the create form', async () => {
    setZone('Asia/Jakarta');
    vi.spyOn(api, 'get').mockImplementation(async (path: string) =>
      path.endsWith('/choices') ? ({ companies: [], roles: [] } as never) : (ROWS as never),
    );
    useSession.setState({ userAccess: { api_token: ['read', 'create', 'delete'] } });
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiTokens />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Token API' })).toBeTruthy();
    const row = (await screen.findByText('Ekspor ERP')).closest('tr') as HTMLElement;
    for (const header of ['Nama', 'Perusahaan', 'Peran', 'Dibuat', 'Berakhir', 'Terakhir dipakai', 'Status'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    for (const text of [
      'Belum pernah',
      'Kedaluwarsa',
      'oleh admin@fleet.demo',
      '24 jam terakhir — baca: 1.500, tulis: 0, ditolak batas laju: 2',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cabut Ekspor ERP' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Buat token/ }));
    const dialog = (await screen.findByText('Buat token API')).closest('.ant-modal') as HTMLElement;
    for (const label of ['Nama', 'Perusahaan', 'Peran', 'Berlaku selama', '90 hari', 'Batal'])
      expect(within(dialog).getByText(label)).toBeTruthy();
    expect((within(dialog).getByLabelText('Nama') as HTMLInputElement).placeholder).toBe('mis. Ekspor BBM ke ERP');
  });
});
