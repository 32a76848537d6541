import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '../api/client.ts';
import { useTexts } from '../api/i18n.ts';
import { storage } from '../api/session-storage.ts';
import { FullPageSpin } from '../components/FullPageSpin.tsx';
import { targetOf } from '../routing/return-to.ts';
import { useSession } from '../stores/session.ts';
import { mayRead, useRouteHandle } from './route-handle.ts';
import { appTexts } from './texts.ts';

/**
 * Every area but /auth needs a session (spec 000 §4): without the tab's authenticated flag → Login;
 * with it, the user is loaded once (status) before the screen renders. The page asked for is kept for after sign-in
 * and selection (issue 28: a link opened in a new tab).
 */
export function RequireSession() {
  const authenticated = useSession((s) => s.authenticated);
  const loaded = useSession((s) => s.loaded);
  const loadUser = useSession((s) => s.loadUser);
  const [failure, setFailure] = useState<'network' | 'auth' | null>(null);
  const location = useLocation();
  const t = useTexts(appTexts);

  const load = useCallback(() => {
    setFailure(null);
    loadUser().catch((e) => setFailure(isApiError(e) && e.kind === 'network' ? 'network' : 'auth'));
  }, [loadUser]);

  useEffect(() => {
    if (authenticated && !loaded) load();
  }, [authenticated, loaded, load]);

  if (!authenticated || failure === 'auth') {
    storage.setReturnTo(targetOf(location)); // idempotent: the same page every render
    return <Navigate to="/auth/login" replace />;
  }
  if (failure === 'network')
    return (
      <div className="full-page-message" role="alert">
        <h1>{t('serverUnreachable')}</h1>
        <p>{t('checkConnection')}</p>
        <button type="button" className="plain-button" onClick={load}>
          {t('tryAgain')}
        </button>
      </div>
    );
  if (!loaded) return <FullPageSpin />;
  return <Outlet />;
}

/**
 * The root and master areas also need an active company (spec 002 §4 Auth: without one the user is
 * marked unauthenticated and sent to Login) and an active application (chosen on the way in); the page asked for is
 * kept for after the choice.
 */
export function RequireCompany() {
  const activeCompany = useSession((s) => s.activeCompany);
  const activeApp = useSession((s) => s.activeApp);
  const location = useLocation();
  const missingCompany = !activeCompany;

  useEffect(() => {
    if (!missingCompany) return;
    storage.setAuthenticated(false);
    useSession.setState({ authenticated: false });
  }, [missingCompany]);

  if (missingCompany || !activeApp) storage.setReturnTo(targetOf(location));
  if (missingCompany) return <Navigate to="/auth/login" replace />;
  if (!activeApp) return <Navigate to="/preference/active-app" replace />;
  return <Outlet />;
}

/** A route whose read permission the user lacks leads to /401. */
export function PermissionGate({ children }: { children: React.ReactNode }) {
  const handle = useRouteHandle();
  const allowed = useSession((s) => mayRead(s.userAccess, handle?.permission));
  if (!allowed) return <Navigate to="/401" replace />;
  return children;
}
