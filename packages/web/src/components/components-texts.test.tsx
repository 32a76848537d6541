import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/setup.ts';
import { AUTH_TEXTS, AUTH_TEXTS_EN, blankFieldErrors } from './auth-form.ts';
import { ButtonGroup } from './ButtonGroup.tsx';
import { ConfirmModal } from './ConfirmModal.tsx';
import { chartsFor } from './device/device-charts.ts';
import { fromQuery, PRESETS } from './device/device-range.ts';
import { typeLabel, typeTextKey } from './device/device-types.ts';
import { deviceTexts } from './device/texts.ts';
import { FilterBar } from './FilterBar.tsx';
import { PopupPages } from './fleet-map/VesselPopup.tsx';
import { DeviceGauge } from './gauges/DeviceGauge.tsx';
import { ageText } from './gauges/scales.ts';
import { NotFound } from './NotFound.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { AppSelector } from './selection/AppSelector.tsx';
import { APPLICATIONS } from './selection/applications.ts';
import { xlsxFileName, xlsxSheet } from './xlsx.ts';

const indonesian = () => act(() => i18next.changeLanguage('id'));

describe('shared components in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the delete confirmation, the not-found state and the button group follow the language', async () => {
    render(
      <>
        <ConfirmModal open onConfirm={() => {}} onCancel={() => {}} />
        <NotFound title="Asset not found" onBack={() => {}} />
        <ButtonGroup permission="asset" onBack={() => {}} compact subject="TB Alpha" />
      </>,
    );
    expect(screen.getByText('Delete this item ?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back TB Alpha' })).toBeTruthy();
    await indonesian();
    expect(screen.getByText('Hapus item ini?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hapus' })).toBeTruthy();
    expect(screen.getByText('Data ini tidak ada atau milik perusahaan yang tidak sedang Anda tangani.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali TB Alpha' })).toBeTruthy();
    // the feature's own title is left as given
    expect(screen.getByText('Asset not found')).toBeTruthy();
  });

  it('the filter bar and the range picker name their controls in the language in force', async () => {
    render(
      <>
        <FilterBar
          search={{ placeholder: 'Asset name', value: '', onChange: () => {}, onSearch: () => {} }}
          onApply={() => {}}
        />
        <PeriodPicker value={{ start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 2) }} onChange={() => {}} />
      </>,
    );
    expect(screen.getByLabelText('Search')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Period start' })).toBeTruthy();
    await indonesian();
    expect(screen.getByLabelText('Cari')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terapkan' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Awal Periode' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Akhir Periode' })).toBeTruthy();
  });

  it('texts read outside a component are in the language at the read', async () => {
    await indonesian();
    expect(AUTH_TEXTS.empty).toBe('Tidak boleh kosong');
    expect(blankFieldErrors({ username: '' })).toEqual([{ name: 'username', errors: ['Tidak boleh kosong'] }]);
    // what the server answers stays comparable
    expect(AUTH_TEXTS_EN.invalidLogin).toBe('Invalid Username or Password');
    expect(ageText(125)).toBe('2 menit lalu');
    expect(PRESETS.map((p) => p.label)).toContain('7 Hari Terakhir');
    expect(typeLabel('ae')).toBe('Mesin Bantu');
    expect(typeLabel('unknown')).toBe('unknown');
    expect(chartsFor('gps', false)[0].title).toBe('Kecepatan dan jarak');
    expect(fromQuery(new URLSearchParams('mode=custom'), 1_800_000_000, 7).problem).toBe(
      'Rentang kustom memerlukan awal dan akhir; menampilkan Hari Ini.',
    );
    expect(xlsxSheet([['A']], 'Asset Summary').options.sheet).toBe('Ringkasan Aset');
    expect(xlsxFileName('', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2))).toMatch(/^aset_/);
    expect(APPLICATIONS[0].name).toBe('Sistem Pemantauan BBM');
    await act(() => i18next.changeLanguage('en'));
    expect(AUTH_TEXTS.empty).toBe('Can not be empty');
    expect(PRESETS[0].label).toBe('Last 30 Days');
    expect(APPLICATIONS[0].name).toBe('Fuel Monitoring System');
  });

  it('names every device type of @fleet/shared, in English exactly as the shared list does', () => {
    for (const t of DEVICE_TYPES) {
      const key = typeTextKey(String(t.value));
      expect(deviceTexts.en[key], String(t.value)).toBe(t.label);
    }
  });

  it('the gauges, the vessel popup and the application cards show Indonesian', async () => {
    await indonesian();
    render(
      <>
        <DeviceGauge type="power" reading={{ onAc: 1, batteryFail: 0, batteryVoltage: 12.6 } as never} />
        <PopupPages
          title="TB Alpha"
          n={{
            location: 'Tanjung Priok',
            totalCruiseNm: 12,
            avgSpeedKnot: 8,
            ae: [{ label: 'AE1', running: true }],
            portRpm: null,
            starboardRpm: null,
            portInFlowrate: null,
            starboardInFlowrate: null,
          }}
        />
        <AppSelector onConfirm={async () => {}} />
      </>,
    );
    expect(screen.getByText('Daya AC')).toBeTruthy();
    expect(screen.getByText('Memakai AC')).toBeTruthy();
    expect(screen.getByText('Baterai baik')).toBeTruthy();
    expect(screen.getByText('Lokasi')).toBeTruthy();
    expect(screen.getByText('Kecepatan Rata-rata (knot)')).toBeTruthy();
    expect(screen.getByText('AE1 HIDUP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeTruthy();
    expect(screen.getByText('Pemantauan Bunker')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Konfirmasi Pilihan' })).toBeTruthy();
  });
});
