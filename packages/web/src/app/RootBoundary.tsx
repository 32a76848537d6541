import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigation, useRouteError } from 'react-router';
import { useRouteHandle } from './route-handle.ts';

const PRODUCT = 'Fleet Monitoring';

/** The root of every route: the document title and a progress bar while a screen's code loads. */
export function RootBoundary() {
  const handle = useRouteHandle();
  const navigation = useNavigation();
  useEffect(() => {
    document.title = handle?.title ? `${handle.title} · ${PRODUCT}` : PRODUCT;
  }, [handle?.title]);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading" />}
      <Outlet />
    </>
  );
}

/** A screen that failed to load (a new deployment replaced its code, or it threw). */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  console.error(error);
  return (
    <div className="full-page-message" role="alert">
      <h1>This page could not be shown</h1>
      <p>{text}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
