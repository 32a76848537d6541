import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import Asset from './Asset.tsx';
import { AssetFormModal } from './AssetFormModal.tsx';
import { DeviceTrend, TrendRange } from './device-trends.tsx';

const FIELDS = [{ Field: 'massName', Label: 'Asset Name', Type: 'varchar', Required: true }];
const ASSET = { massId: 1, massName: 'TB Satu', massSystemType: 'FMS', massMaty: { matyName: 'Tug Boat' } };

/** The asset list: one asset and its fields schema; every other list empty. */
function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (path === '/api/master/asset')
      return jsonResponse(envelope([ASSET], { pagination: { totalData: 1 }, fields: FIELDS }));
    return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
  });
}

function withProviders(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  useSession.setState({ userAccess: { master_asset: ['create', 'read', 'update', 'delete'] } });
  fakeServer();
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('the asset screens in Bahasa Indonesia (issue 27)', () => {
  it('Asset List: search, card and pager change language at run time', async () => {
    render(withProviders(<Asset />));
    expect(await screen.findByText('See Device', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('1 item')).toBeTruthy();

    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Lihat Perangkat')).toBeTruthy();
    expect(screen.getByText('Jenis Instalasi')).toBeTruthy();
    expect(screen.getByText('Jenis Aset')).toBeTruthy();
    expect(screen.getByLabelText('Cari berdasarkan')).toBeTruthy();
    expect(screen.getByPlaceholderText('Cari')).toBeTruthy();
    expect(screen.getByText('Nama')).toBeTruthy(); // the search field chosen
    expect(screen.getByLabelText('Buka TB Satu')).toBeTruthy();
    expect(screen.queryByText('See Device')).toBeNull();
  }, 60_000);

  it('the asset form and the Analytics trends in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      withProviders(
        <>
          <AssetFormModal open row={null} fields={FIELDS} onClose={() => {}} onSaved={() => {}} />
          <TrendRange value={1} onChange={() => {}} />
          <DeviceTrend type="flowmeter" points={[]} days={3} />
          <DeviceTrend type="compass" points={[]} days={1} />
        </>,
      ),
    );
    expect(await screen.findByText('Tambah Aset Baru')).toBeTruthy();
    expect(screen.getByText('Gambar')).toBeTruthy();
    expect(screen.getByText('.jpeg, .jpg, .png; maksimal 5 MB')).toBeTruthy();
    expect(screen.getByText('Pilih gambar')).toBeTruthy();
    expect(screen.getByText('Simpan')).toBeTruthy();
    expect(screen.getByText('Analitik')).toBeTruthy();
    expect(screen.getByText('1 hari')).toBeTruthy();
    expect(screen.getByText('5 hari')).toBeTruthy();
    expect(screen.getByText('Tidak ada pembacaan dalam 3 hari terakhir')).toBeTruthy();
    expect(screen.getByText('Tidak ada tren untuk jenis perangkat ini')).toBeTruthy();
  }, 60_000);
});
