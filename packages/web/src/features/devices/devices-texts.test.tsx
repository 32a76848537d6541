import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { DeviceKeys } from './DeviceKeys.tsx';
import { tilesFor } from './device-tiles.ts';
import { RangeBar } from './RangeBar.tsx';

const KEYS = [
  {
    keyId: 1,
    label: 'default',
    createdTime: 1772326800,
    createdUserId: 'admin',
    revokedTime: null,
    lastUsedTime: null,
  },
  {
    keyId: 2,
    label: 'old',
    createdTime: 1772326800,
    createdUserId: 'admin',
    revokedTime: 1772330400,
    lastUsedTime: null,
  },
];

beforeEach(() => {
  useSession.setState({ userAccess: { master_device: ['read', 'update'] } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(envelope(KEYS)));
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('the device screens in Bahasa Indonesia (issue 27)', () => {
  it('the ingest keys of a gateway, the endpoint and header kept as code', async () => {
    await act(() => i18next.changeLanguage('id'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DeviceKeys devcId={5} devcName="GW-01" open onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Aktif', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Kunci ingest GW-01')).toBeTruthy();
    expect(screen.getByText(/^Gateway mengirim pembacaan semua perangkat/)).toBeTruthy();
    expect(screen.getByText('POST /api/ingest', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText('X-Device-Key', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText(/^Dicabut /)).toBeTruthy();
    expect(screen.getByText('Terakhir dipakai', { selector: 'th' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Label (bawaan: default)')).toBeTruthy();
    expect(screen.getByText('Terbitkan kunci')).toBeTruthy();
    expect(screen.getByLabelText('Cabut kunci default')).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Ingest keys of GW-01')).toBeTruthy();
    expect(screen.getByText(/^A gateway sends the readings of every device of its asset to/)).toBeTruthy();
    expect(screen.getByText('POST /api/ingest', { selector: 'code' })).toBeTruthy();
  }, 60_000);

  it('the range bar and the summary tiles in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      <RangeBar
        value={{ mode: 'custom', start: 1772326800, end: 1772413200, aggregatedUnit: 'HOUR' }}
        onApply={() => {}}
      />,
    );
    expect(screen.getByText('Jam')).toBeTruthy();
    expect(screen.getByText('Terapkan')).toBeTruthy();
    expect(screen.getByLabelText('Interval data')).toBeTruthy();

    const rows: AggregatedRow[] = [];
    expect(tilesFor('power', rows).map((t) => t.label)).toEqual([
      'Memakai daya AC',
      'Baterai gagal',
      'Tegangan terendah',
    ]);
    expect(tilesFor('rpm', [], { state: 'loading' }).map((t) => t.label)).toEqual([
      'RPM rata-rata',
      'RPM tertinggi',
      'Waktu jalan',
    ]);
  });
});
