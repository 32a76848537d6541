import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import RemainOnBoard from './RemainOnBoard.tsx';
import { RobAdjustmentForm, RobProfileForm } from './RobForms.tsx';

const T0 = Date.UTC(2026, 2, 1, 0, 0, 0) / 1000;
const PROFILE = {
  mrobId: 4,
  mrobMassId: 1,
  mrobStartTime: '2026-03-01T00:00:00.000Z',
  mrobEndTime: '2026-03-31T23:59:59.000Z',
  mrobInitialValue: 12000,
  mrobCreatedUserId: 'clerk',
  mrobCreatedTime: '2026-03-01T00:00:00.000Z',
  mrobMass: { massName: 'TB Satu' },
};
const SUMMARY = {
  master: PROFILE,
  summary: {
    rob: {
      balances: { start: 12000, last: -300 },
      consumption: { totalVolume: 12300 },
      adjustments: { totalVolume: 0, lastVolume: 0, count: 0 },
      bunker: {},
      belowZero: [{ start: T0 + 7200, end: null, entry: { time: T0, type: 'fuelcons' }, before: 12000, lowest: -300 }],
    },
    interval: 'daily',
    timezone: 7,
    until: T0 + 86400,
    details: [
      {
        time: T0,
        startInventory: 12000,
        endInventory: -300,
        logs: { [T0]: { fuelcons: { note: 'Main engines', inventoryChange: -12300, endInventory: -300 } } },
      },
    ],
  },
};

/** The ROB API: one vessel, one profile, its summary, no adjustments. */
function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path === '/api/master/asset')
      return jsonResponse(envelope([{ massId: 1, massName: 'TB Satu' }], { pagination: { totalData: 1 } }));
    if (path === '/api/master/rob/rob') return jsonResponse(envelope([PROFILE], { pagination: { totalData: 1 } }));
    if (path.startsWith('/api/summary/rob/')) return jsonResponse(envelope(SUMMARY));
    return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
  });
}

beforeEach(() => {
  useSession.setState({
    userAccess: {
      master_rob_rob: ['create', 'read', 'update', 'delete'],
      summary_rob: ['read'],
      master_rob_adjustment: ['create', 'read', 'update', 'delete'],
    },
  });
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  fakeServer();
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('Remain On Board in Bahasa Indonesia (issue 27)', () => {
  it('shows the profiles, then a profile’s detail, in Indonesian; back in English at run time', async () => {
    await act(() => i18next.changeLanguage('id'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RemainOnBoard />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('Hapus profil ROB 4', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Profil ROB TB Satu')).toBeTruthy();
    expect(screen.getByText('Sisa BBM di Kapal (ROB)', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Tambah ROB Baru')).toBeTruthy();
    expect(screen.getByText('Nilai Awal', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText('Dibuat Oleh', { selector: 'th' })).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Detail profil ROB 4'));
    expect(await screen.findByText('Saldo Awal', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Kembali')).toBeTruthy();
    expect(screen.getByText('Konsumsi (Total Volume)')).toBeTruthy();
    expect(screen.getByText('Log Rinci')).toBeTruthy();
    expect(screen.getByText('Harian')).toBeTruthy();
    expect(screen.getByText('Saldo ROB', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText('BBM di kapal di bawah nol')).toBeTruthy();
    expect(screen.getByText(/^Pertama kali di bawah nol pada /)).toBeTruthy();
    expect(screen.getByText(/^Di bawah nol mulai /)).toBeTruthy(); // the ledger row's tag

    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Start Balance')).toBeTruthy();
    expect(screen.getByText('Detail Log')).toBeTruthy();
    expect(screen.getByText('Fuel on board below zero')).toBeTruthy();
    expect(screen.queryByText('Saldo Awal')).toBeNull();
  }, 60_000);

  it("the forms show the definitions' words: a type's hint, a value's range message", async () => {
    await act(() => i18next.changeLanguage('id'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RobAdjustmentForm open profileId={4} adjustment={null} onClose={() => {}} onSaved={() => {}} />
        <RobProfileForm
          open
          massId={1}
          profile={{ ...PROFILE, mrobInitialValue: 2_000_000_000 }}
          onClose={() => {}}
          onSaved={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Tambah Penyesuaian Baru')).toBeTruthy();
    // Reset Value is chosen first: its hint
    expect(screen.getByText('Atur Ulang Nilai mengganti nilai saat ini dengan nilai yang ditentukan.')).toBeTruthy();
    expect(screen.getByText('Ubah Profil ROB')).toBeTruthy();
    const profileForm = screen.getByText('Ubah Profil ROB').closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(profileForm).getByText('Simpan'));
    expect(
      await within(profileForm).findByText('Pasokan Awal dalam Liter harus antara 0 dan 1.000.000.000 L'),
    ).toBeTruthy();
  }, 60_000);
});
