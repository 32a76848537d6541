import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigation, useRouteError } from 'react-router';
import { useTexts } from '../api/i18n.ts';
import { useRouteHandle } from './route-handle.ts';
import { appTexts } from './texts.ts';
import { screenTexts } from './titles/texts.ts';

const PRODUCT = 'Fleet Monitoring';

/** The root of every route: the document title and a progress bar while a screen's code loads. */
export function RootBoundary() {
  const handle = useRouteHandle();
  const navigation = useNavigation();
  const t = useTexts(appTexts);
  const titles = useTexts(screenTexts);
  const title = handle?.name ? titles(handle.name) : null;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('loading')} />
      )}
      <Outlet />
    </>
  );
}

/** A screen that failed to load (a new deployment replaced its code, or it threw). */
export function RouteError() {
  const error = useRouteError();
  const t = useTexts(appTexts);
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('unexpectedError');
  console.error(error);
  return (
    <div className="full-page-message" role="alert">
      <h1>{t('pageFailed')}</h1>
      <p>{text}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}
