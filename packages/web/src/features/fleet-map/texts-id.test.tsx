import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { text } from '../../api/i18n.ts';
import { fleet, gps, NOW } from '../../components/fleet-map/fleet-store.fixture.ts';
import { APPLY_MIN_MS } from '../../components/fleet-map/fleet-store.ts';
import { LENGTH_UNITS } from './measure.ts';
import { ShipPanel } from './ShipPanel.tsx';
import { fleetMapTexts } from './texts.ts';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const noop = () => {};

describe('the fleet map in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the ship panel and its cards change language at run time', async () => {
    const { clock, store } = fleet(2);
    store.merge([gps(1, NOW - 300, -6, 106)]);
    clock.advance(APPLY_MIN_MS);
    render(
      <ShipPanel
        store={store}
        isVisible={() => true}
        setVisible={noop}
        trailOn={() => false}
        setTrail={noop}
        onReport={noop}
        onDashboard={noop}
        onZoom={noop}
        onVoyage={noop}
      />,
    );
    expect(screen.getByRole('button', { name: /Ships \(2\)/ })).toBeTruthy();
    expect(screen.getAllByText('Last Update').length).toBeGreaterThan(0);

    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByRole('button', { name: /Kapal \(2\)/ })).toBeTruthy();
    expect(screen.getByPlaceholderText('Cari Nama Aset...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tampilkan Semua' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sembunyikan Semua' })).toBeTruthy();
    expect(screen.getAllByText('Pembaruan Terakhir').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lokasi').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Total Jarak Tempuh (NM)').length).toBeGreaterThan(0);
    expect(screen.queryByText('Last Update')).toBeNull();

    // the card's switches and buttons
    fireEvent.click(screen.getAllByRole('button', { name: 'Tampilkan sakelar' })[0]);
    expect(screen.getByRole('switch', { name: 'Jejak Kapal MV 1' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Tampilkan Kapal MV 1' })).toBeTruthy();
    for (const name of ['Laporan', 'Dasbor', 'Perbesar ke Kapal', 'Laporan Pelayaran'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('an empty search says so in the language in force', async () => {
    const { store } = fleet(1);
    await act(() => i18next.changeLanguage('id'));
    render(
      <ShipPanel
        store={store}
        isVisible={() => true}
        setVisible={noop}
        trailOn={() => false}
        setTrail={noop}
        onReport={noop}
        onDashboard={noop}
        onZoom={noop}
        onVoyage={noop}
      />,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Nama Aset' }), { target: { value: 'zzz' } });
    expect(screen.getByText('Tidak ada kapal')).toBeTruthy();
  });

  it("the measure tool's units and the coordinates file are named in the language in force", async () => {
    await act(() => i18next.changeLanguage('id'));
    expect(LENGTH_UNITS.map((u) => text(fleetMapTexts, u.label))).toEqual(['Kilometer', 'Mil darat', 'Mil laut']);
    expect(text(fleetMapTexts, 'coordinatesFile', { time: '20260101120000' })).toBe('20260101120000-koordinat.xlsx');
    await act(() => i18next.changeLanguage('en'));
    expect(LENGTH_UNITS.map((u) => text(fleetMapTexts, u.label))).toEqual([
      'Kilometres',
      'Land miles',
      'Nautical miles',
    ]);
  });
});
