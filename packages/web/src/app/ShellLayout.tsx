import { Outlet } from 'react-router';
import { HighEventAlerts } from '../features/event-log/high-events.tsx';
import { NavBar } from '../features/navigation/NavBar.tsx';
import { useView } from '../stores/view.ts';
import { AntdProvider } from '../theme/AntdProvider.tsx';
import { PermissionGate } from './guards.tsx';
import { MENUS } from './menus.ts';

/** Signed-in screens: the navigation bar above the screen; the screen remounts when the company changes. */
export function ShellLayout() {
  const viewKey = useView((s) => s.viewKey);
  return (
    <AntdProvider>
      <div className="shell">
        <NavBar menus={MENUS} />
        <HighEventAlerts />
        <main className="shell-content" key={viewKey}>
          <PermissionGate>
            <Outlet />
          </PermissionGate>
        </main>
      </div>
    </AntdProvider>
  );
}
