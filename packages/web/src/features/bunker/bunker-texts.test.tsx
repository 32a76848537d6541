import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { BunkerAdjustmentForm } from './BunkerAdjustmentForm.tsx';
import BunkeringLog from './BunkeringLog.tsx';
import { BunkerLogDetail } from './BunkerLogDetail.tsx';

const LOG = {
  bklgId: 7,
  bklgMassId: 1,
  bklgMbloId: 2,
  bklgMftyId: 3,
  bklgStartDatetime: '2026-03-01T01:00:00.000Z',
  bklgEndDatetime: '2026-03-01T05:00:00.000Z',
  bklgTargetBunker: 20000,
  bklgType: 'IN',
  bklgStartSounding: 1000,
  bklgEndSounding: 21000,
  bklgNote: null,
  bklgMass: { massName: 'TB Satu' },
  bklgMblo: { mbloName: 'Balikpapan' },
  bklgMfty: { mftyName: 'HSD' },
  bklgSummary: {
    finalBunker: 19500,
    totalBunkerFlowmeter: 19500,
    totalBunkerSounding: 20000,
    discrepancyPercentage: -2.5,
    toleranceBand: null,
    flagReset: 1,
    adjustmentCount: 1,
  },
};
const discrepancy = { amount: -500, percentage: -2.5 };
const DETAIL = {
  log: LOG,
  adjustments: {
    '1': {
      bklaId: 1,
      bklaBklgId: 7,
      bklaType: 1,
      bklaAmount: 19500,
      bklaReason: 'OTHERS',
      bklaDesc: 'Meter reset after the pump stop',
      bklaCreatedTime: '2026-03-01T06:00:00.000Z',
      bklaCreatedUserId: 'clerk',
      bklaUpdatedTime: null,
    },
  },
  finalBunker: 19500,
  targetBunker: 20000,
  totalBunkerFlowmeter: 19500,
  totalAdjustment: 0,
  totalBunkerSounding: 20000,
  discrepancyToTarget: discrepancy,
  discrepancyToSounding: discrepancy,
  flagReset: 1,
  adjustmentCount: 1,
  flowmeter: {
    deviceId: null,
    readings: 0,
    volume: null,
    mass: null,
    volume15: null,
    resets: 2,
    averageDensity: null,
    averageTemperature: null,
  },
  standard: { totalBunkerFlowmeter15: null, finalBunker15: null, discrepancyToTarget15: discrepancy },
  tolerance: { warning: 0.5, protest: 1, basis: 'observed', percentage: -2.5, band: null },
};

/** The bunker API: one vessel, one log of the period, its detail. */
function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path.startsWith('/api/master/bunker/log/detail/')) return jsonResponse(envelope(DETAIL));
    if (path.startsWith('/api/master/bunker/log/period/'))
      return jsonResponse(envelope([LOG], { pagination: { totalData: 1 } }));
    if (path === '/api/master/asset')
      return jsonResponse(envelope([{ massId: 1, massName: 'TB Satu' }], { pagination: { totalData: 1 } }));
    return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
  });
}

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  useSession.setState({
    userAccess: {
      master_bunker_log: ['create', 'read', 'update', 'delete'],
      master_bunker_adjustment: ['create', 'read', 'update', 'delete'],
    },
  });
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  fakeServer();
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('the bunker screens in Bahasa Indonesia (issue 27)', () => {
  it('Bunkering Log changes language at run time: title, filters, columns and the reset tag', async () => {
    render(withQueries(<BunkeringLog />));
    expect(await screen.findByText('TB Satu', { selector: 'td' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Bunkering Log', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('RESET')).toBeTruthy(); // a word, not 'RESETED' (issue 28)

    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Log Bunker', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByLabelText('Tampilkan Sounding')).toBeTruthy();
    expect(screen.getByText('Terapkan')).toBeTruthy();
    expect(screen.getByText('Atur Ulang')).toBeTruthy();
    expect(screen.getByText('Kapal', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText('Jenis BBM', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText('Bunker Akhir (KL)', { selector: 'th' })).toBeTruthy();
    expect(screen.getByLabelText('Lihat log bunker 7')).toBeTruthy();
    expect(screen.getByText('DIRESET')).toBeTruthy();
    expect(screen.getByText('Kustom')).toBeTruthy(); // the range type of the default one-year range
    expect(screen.queryByText('Show Sounding')).toBeNull();
  }, 60_000);

  it('the bunkering detail shows its cards, notes and adjustment tab in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(withQueries(<BunkerLogDetail logId={7} onClose={() => {}} onChanged={() => {}} />));
    expect(await screen.findByText('Bunker Akhir Diterima', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Total Bunker HSD (flowmeter)')).toBeTruthy();
    expect(screen.getByText('Selisih terhadap Target')).toBeTruthy();
    expect(screen.getByText('Catatan Laporan')).toBeTruthy();
    expect(screen.getByText('Tidak ada catatan.')).toBeTruthy();
    expect(screen.getByText(/Totaliser meter bunker direset 2 kali/)).toBeTruthy();
    expect(screen.getByText(/terhadap target \(teramati\); batas/)).toBeTruthy();
    expect(screen.getByText(/Catatan Penyesuaian Terakhir/)).toBeTruthy();
    expect(screen.getByText('Ringkasan Bunker')).toBeTruthy();
    expect(screen.getByText('Riwayat Penyesuaian')).toBeTruthy();
    expect(screen.getByText('DISESUAIKAN')).toBeTruthy();
    expect(screen.getByText('Tutup')).toBeTruthy();
    expect(screen.queryByText('Final Bunker Received')).toBeNull();
  }, 60_000);

  it('the adjustment history shows the reason in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(withQueries(<BunkerLogDetail logId={7} onClose={() => {}} onChanged={() => {}} />));
    fireEvent.click(await screen.findByText('Riwayat Penyesuaian', undefined, { timeout: 10_000 }));
    const row = (await screen.findByText('clerk')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Lainnya')).toBeTruthy();
    expect(within(row).queryByText('Others')).toBeNull();
  }, 60_000);

  it('the adjustment form in Indonesian: title, hint and reasons', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      withQueries(<BunkerAdjustmentForm open logId={7} adjustment={null} onClose={() => {}} onSaved={() => {}} />),
    );
    expect(await screen.findByText('Buat Penyesuaian Bunker')).toBeTruthy();
    expect(screen.getByText('Atur Ulang Nilai mengganti nilai saat ini dengan nilai yang ditentukan.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Alasan'));
    expect(await screen.findByText('Penambahan Manual (kebocoran pipa, dll.)')).toBeTruthy();
    expect(screen.getByText('Sengketa dengan Pemasok')).toBeTruthy();
  }, 60_000);
});
