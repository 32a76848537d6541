import './session-effects.ts';
import { Outlet } from 'react-router';
import { useLanguage, useTexts } from '../api/i18n.ts';
import { HighEventAlerts } from '../features/event-log/high-events.tsx';
import { NavBar } from '../features/navigation/NavBar.tsx';
import { useView } from '../stores/view.ts';
import { AntdProvider } from '../theme/AntdProvider.tsx';
import { PermissionGate } from './guards.tsx';
import { useMenus } from './menus.ts';
import { appTexts } from './texts.ts';

/** Signed-in screens: the navigation bar above the screen; the screen remounts when the company changes. */
export function ShellLayout() {
  const language = useLanguage();
  const t = useTexts(appTexts);
  const menus = useMenus();
  const viewKey = useView((s) => s.viewKey);
  return (
    <AntdProvider language={language}>
      <div className="shell">
        {/* the first Tab stop of every signed-in page (issue 27): past the navigation bar to the screen; a link to
            #main by its role, the click focuses main itself (the router would take a bare #main as a navigation) */}
        {/* biome-ignore lint/a11y/useValidAnchor: a same-page link whose click moves focus, the skip-link pattern */}
        <a
          className="skip-link"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          {t('skipToMain')}
        </a>
        <NavBar menus={menus} />
        <HighEventAlerts />
        <main id="main" tabIndex={-1} className="shell-content" key={viewKey}>
          <PermissionGate>
            <Outlet />
          </PermissionGate>
        </main>
      </div>
    </AntdProvider>
  );
}
