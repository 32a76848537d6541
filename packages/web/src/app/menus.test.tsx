import type { UserAccess } from '@fleet/shared/permissions.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activeKey, NavBar } from '../features/navigation/NavBar.tsx';
import { useSession } from '../stores/session.ts';
import '../test/setup.ts';
import { MENU_ITEMS, useMenus } from './menus.ts';

/** The navigation bar as the shell shows it: the menus in the language in force. */
function Nav() {
  return <NavBar menus={useMenus()} />;
}

const company = (compId: number) => ({
  compId,
  compName: `Company ${compId}`,
  compStatus: '1',
  grcpId: 1,
  grcpName: 'G',
});

function renderNav(state: { activeApp: string; userAccess: UserAccess; companies?: number }) {
  useSession.setState({
    userId: 'ops@fleet.test',
    activeApp: state.activeApp,
    userAccess: state.userAccess,
    companies: Array.from({ length: state.companies ?? 1 }, (_, i) => company(i + 1)),
    activeCompany: { compId: 1, compName: 'Company 1', grcpId: 1, timezone: 'Asia/Jakarta' },
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/home']}>
        <Nav />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const FMS_WITH_WEATHER_AND_LOG = [
  'Home',
  'Dashboard',
  'Report',
  'Weather',
  'Event Log',
  'Asset',
  'Device',
  'Widgets',
  'Custom Chart',
];

const mainEntries = (name = 'Main') =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('menuitem')
    .map((e) => e.textContent);

describe('NavBar permission gates (spec 000 §2 Navigation bar)', () => {
  it('FMS: Weather, Event Log and Teltonika Map only with read on weather, log_event_event, teltonika_map', () => {
    renderNav({ activeApp: 'fms', userAccess: {} });
    expect(mainEntries()).toEqual(['Home', 'Dashboard', 'Report', 'Asset', 'Device', 'Widgets', 'Custom Chart']);
  });

  it('FMS with weather, log_event_event and teltonika_map read; the screens reached by address only before (issue 28)', () => {
    renderNav({
      activeApp: 'fms',
      userAccess: { weather: ['read'], log_event_event: ['read'], teltonika_map: ['read'] },
    });
    expect(mainEntries()).toEqual([...FMS_WITH_WEATHER_AND_LOG, 'Teltonika Map']);
  });

  it('bunkering: Home and Bunker Log need master_bunker_log, Remain On Board needs master_rob_rob', () => {
    const view = renderNav({ activeApp: 'bunkering', userAccess: { master_bunker_log: ['read'] } });
    expect(mainEntries()).toEqual(['Home', 'Bunker Log', 'Asset', 'Device']);
    view.unmount();
    renderNav({ activeApp: 'bunkering', userAccess: { master_rob_rob: ['read'] } });
    expect(mainEntries()).toEqual(['Remain On Board', 'Asset', 'Device']);
  });

  it('user menu: the user id, master entries by read access, and the four entries always shown', async () => {
    renderNav({ activeApp: 'fms', userAccess: { master_user: ['read'], master_config_ae: ['create'] } });
    fireEvent.click(screen.getByRole('button', { name: 'User menu of ops@fleet.test' }));
    await screen.findByText('Users List');
    const items = within(document.querySelector<HTMLElement>('.user-menu')!)
      .getAllByRole('menuitem')
      .map((e) => e.textContent);
    expect(items).toEqual([
      'Signed in asops@fleet.testCompany 1',
      'Users List',
      'Audit Trail',
      'Master Event',
      'Config Event',
      'Profile',
      'Sign Out',
    ]);
  });

  it('Audit Trail (issue 28): with read on any master resource, without master data entries of its own', async () => {
    const userMenu = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'User menu of ops@fleet.test' }));
      await screen.findByText('Master Event');
      return within(document.querySelector<HTMLElement>('.user-menu')!)
        .getAllByRole('menuitem')
        .map((e) => e.textContent);
    };
    const view = renderNav({ activeApp: 'fms', userAccess: { master_tank_detail: ['read'], weather: ['read'] } });
    expect(await userMenu()).toContain('Audit Trail');
    view.unmount();
    renderNav({ activeApp: 'fms', userAccess: { weather: ['read'], master_asset: ['create'] } });
    expect(await userMenu()).not.toContain('Audit Trail');
  });

  it('Select Company only with more than one company', async () => {
    const view = renderNav({ activeApp: 'fms', userAccess: {}, companies: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Select App/Company' }));
    expect(await screen.findByText('Select Application')).toBeTruthy();
    expect(screen.queryByText('Select Company')).toBeNull();
    view.unmount();
    renderNav({ activeApp: 'fms', userAccess: {}, companies: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Select App/Company' }));
    expect(await screen.findByText('Select Company')).toBeTruthy();
  });
});

describe('the entry shown as active (issue 28)', () => {
  it('an asset’s devices (/master/device/:id) are Asset’s, a device’s log detail and the list are Device’s', () => {
    expect(activeKey(MENU_ITEMS.fms, '/master/device/5')).toBe('Asset');
    expect(activeKey(MENU_ITEMS.bunkering, '/master/device/5')).toBe('Asset');
    expect(activeKey(MENU_ITEMS.fms, '/master/device/detail/9')).toBe('Device');
    expect(activeKey(MENU_ITEMS.fms, '/master/device')).toBe('Device');
    expect(activeKey(MENU_ITEMS.fms, '/master/asset/detail/5')).toBe('Asset');
    expect(activeKey(MENU_ITEMS.fms, '/master/asset/event/5')).toBeUndefined();
    expect(activeKey(MENU_ITEMS.fms, '/report/custom-chart')).toBe('CustomChart');
    expect(activeKey(MENU_ITEMS.fms, '/report')).toBe('ReportWrapper');
  });
});

describe('NavBar in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('shows the menus, the user menu and the selection dropdown in the language in force, switching at run time', async () => {
    renderNav({
      activeApp: 'fms',
      userAccess: {
        weather: ['read'],
        log_event_event: ['read'],
        master_user: ['read'],
        master_group_company: ['read'],
      },
      companies: 2,
    });
    expect(mainEntries()).toEqual(FMS_WITH_WEATHER_AND_LOG);
    await act(() => i18next.changeLanguage('id'));
    expect(mainEntries('Utama')).toEqual([
      'Beranda',
      'Dasbor',
      'Laporan',
      'Cuaca',
      'Log Kejadian',
      'Aset',
      'Perangkat',
      'Widget',
      'Grafik Kustom',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Menu pengguna ops@fleet.test' }));
    await screen.findByText('Daftar Pengguna');
    const items = within(document.querySelector<HTMLElement>('.user-menu')!)
      .getAllByRole('menuitem')
      .map((e) => e.textContent);
    expect(items).toEqual([
      'Masuk sebagaiops@fleet.testCompany 1',
      'Daftar Pengguna',
      'Grup',
      'Jejak Audit',
      'Master Kejadian',
      'Konfigurasi Kejadian',
      'Profil',
      'Keluar',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Pilih Aplikasi\/Perusahaan/ }));
    expect(await screen.findByText('Pilih Aplikasi')).toBeTruthy();
    expect(screen.getByText('Pilih Perusahaan')).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(mainEntries()).toEqual(FMS_WITH_WEATHER_AND_LOG);
  });

  it('the bunkering menu: its own labels (Home, Bunker Log) translated, not the screens’ titles', async () => {
    await act(() => i18next.changeLanguage('id'));
    renderNav({ activeApp: 'bunkering', userAccess: { master_bunker_log: ['read'], master_rob_rob: ['read'] } });
    expect(mainEntries('Utama')).toEqual(['Beranda', 'Log Bunker', 'Sisa BBM di Kapal (ROB)', 'Aset', 'Perangkat']);
  });
});
