import type { UserAccess } from '@fleet/shared/permissions.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavBar } from '../features/navigation/NavBar.tsx';
import { useSession } from '../stores/session.ts';
import '../test/setup.ts';
import { MENUS } from './menus.ts';

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
        <NavBar menus={MENUS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const mainEntries = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('menuitem')
    .map((e) => e.textContent);

describe('NavBar permission gates (spec 000 §2 Navigation bar)', () => {
  it('FMS: Weather and Event Log only with read on weather and log_event_event', () => {
    renderNav({ activeApp: 'fms', userAccess: {} });
    expect(mainEntries()).toEqual(['Home', 'Dashboard', 'Report', 'Asset', 'Device']);
  });

  it('FMS with weather and log_event_event read', () => {
    renderNav({ activeApp: 'fms', userAccess: { weather: ['read'], log_event_event: ['read'] } });
    expect(mainEntries()).toEqual(['Home', 'Dashboard', 'Report', 'Weather', 'Event Log', 'Asset', 'Device']);
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
      'Master Event',
      'Config Event',
      'Profile',
      'Sign Out',
    ]);
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
