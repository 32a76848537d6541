import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin.tsx';
import { routeNames, SCREEN_PATHS, type ScreenName } from '../routing/route-names.ts';
import { AuthLayout, BrowserLanguage } from './AuthLayout.tsx';
import { RequireCompany, RequireSession } from './guards.tsx';
import { RootBoundary, RouteError } from './RootBoundary.tsx';
import type { RouteHandle } from './route-handle.ts';
import { screens } from './screens.ts';

const NAMES = Object.keys(SCREEN_PATHS) as ScreenName[];

/** A lazily loaded screen: its code is fetched the first time the route is visited. */
function route(name: ScreenName, path: string): RouteObject {
  const { title, permission, page } = screens[name];
  const handle: RouteHandle = { name, title, permission };
  return { path, handle, lazy: async () => ({ Component: (await page()).default }) };
}

/** The areas of spec 002 §2.1 by their path; every other screen is in the root area ('/'). */
const AREAS = ['/auth/', '/preference/', '/master/'] as const;
const areaOf = (name: ScreenName) => AREAS.find((a) => SCREEN_PATHS[name].startsWith(a)) ?? '/';

/** The screens of an area (with `bare`, those outside its layout), their paths relative to it. */
function screensIn(area: (typeof AREAS)[number] | '/', bare = false): RouteObject[] {
  return NAMES.filter((n) => areaOf(n) === area && !!screens[n].bare === bare).map((n) =>
    route(n, SCREEN_PATHS[n].slice(area.length)),
  );
}

/** The full route table of spec 002 §2.1 (history mode, base /), from the screens' addresses. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootBoundary />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      {
        // before sign-in: the browser's language (AuthLayout.tsx)
        path: 'auth',
        element: <BrowserLanguage />,
        children: [
          {
            element: <AuthLayout />,
            children: [{ index: true, element: <Navigate to={routeNames.Login()} replace /> }, ...screensIn('/auth/')],
          },
          ...screensIn('/auth/', true),
        ],
      },
      {
        path: 'preference',
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./PreferenceLayout.tsx')).PreferenceLayout }),
            children: [
              { index: true, element: <Navigate to={routeNames.CompanyActiveSelection()} replace /> },
              ...screensIn('/preference/'),
            ],
          },
        ],
      },
      {
        // root area (spec 002 §2.1): authentication and an active company required; / redirects to /home
        element: <RequireSession />,
        children: [
          {
            element: <RequireCompany />,
            children: [
              {
                // the navigation bar and its menus load after sign-in, not with the sign-in page
                lazy: async () => ({ Component: (await import('./ShellLayout.tsx')).ShellLayout }),
                children: [
                  { index: true, element: <Navigate to={routeNames.Home()} replace /> },
                  ...screensIn('/'),
                  // the spec's placeholder Asset Type list at /asset/type is served by the real list (docs/spec-deviations.md)
                  { path: 'asset/type', element: <Navigate to={routeNames.MasterAssetType()} replace /> },
                  { path: 'master', children: screensIn('/master/') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={routeNames.Home()} replace /> },
    ],
  },
];
