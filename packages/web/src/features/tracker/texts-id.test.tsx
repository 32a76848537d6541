import type { TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { CommandModal } from './CommandModal.tsx';
import { DatalogPanel } from './DatalogPanel.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const TRACKER: TrackerStatus = {
  devcId: 5,
  devcUniqueId: '356307042441013',
  devcName: 'FMB920 Alpha',
  devcMassId: null,
  online: true,
  connectedTime: null,
  lastFrameTime: null,
};

describe('the Teltonika Map in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the datalog trail panel: filter, columns and empty table', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ series: [] } as never);
    await act(() => i18next.changeLanguage('id'));
    render(<DatalogPanel tracker={TRACKER} onClose={() => {}} onShowPoint={() => {}} />);
    const panel = screen.getByRole('complementary', { name: 'Jejak Datalog' });
    expect(within(panel).getByRole('heading', { name: 'Jejak Datalog (Perangkat: 356307042441013)' })).toBeTruthy();
    for (const label of ['Rentang', 'Satuan Agregasi', 'Panjang Agregasi'])
      expect(within(panel).getByText(label)).toBeTruthy();
    expect(within(panel).getByText('Terapkan Filter')).toBeTruthy();
    expect(within(panel).getByText('MENIT')).toBeTruthy();
    for (const column of ['Tanggal & Waktu', 'Lintang', 'Bujur', 'Laju', 'Sudut'])
      expect(within(panel).getAllByText(column).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(panel).getAllByText('Tidak ada data.').length).toBeGreaterThan(0));
    expect(within(panel).queryByText('Apply Filter')).toBeNull();
  });

  it('the command window, back in English after the switch', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(<CommandModal tracker={TRACKER} onClose={() => {}} />);
    expect(await screen.findByText('Perintah ke FMB920 Alpha (356307042441013)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Command to FMB920 Alpha (356307042441013)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
