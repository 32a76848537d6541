import type { PermissionKey } from '@fleet/shared/permissions.ts';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { RequireCompany, RequireSession } from './guards.tsx';
import { RootBoundary, RouteError } from './RootBoundary.tsx';
import { type RouteName, routeNames } from './route-names.ts';

export { type RouteName, routeNames };

/** What a route tells the shell: its name, its page title, the permission (read) it needs. */
export interface RouteHandle {
  name: RouteName;
  title: string;
  permission?: PermissionKey;
}

type Importer = () => Promise<{ default: ComponentType }>;

/** A lazily loaded screen: its code is fetched the first time the route is visited. */
function screen(path: string, importer: Importer, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: async () => ({ Component: (await importer()).default }) };
}

/** Root area (spec 002 §2.1): authentication and an active company required; / redirects to /home. */
const rootScreens: RouteObject[] = [
  screen('home', () => import('../features/fleet-map/Home.tsx'), { name: 'Home', title: 'Home' }),
  screen('voyage', () => import('../features/voyage/VoyageReport.tsx'), {
    name: 'FmsVoyageReport',
    title: 'Voyage Report',
  }),
  screen('weather', () => import('../features/weather/Weather.tsx'), {
    name: 'Weather',
    title: 'Weather',
    permission: 'weather',
  }),
  screen('dashboard/fms', () => import('../features/dashboard/FmsDashboard.tsx'), {
    name: 'FmsDashboard',
    title: 'Dashboard',
  }),
  screen('dashboard/bunker', () => import('../features/bunker/BunkerDashboard.tsx'), {
    name: 'BunkerDashboard',
    title: 'Bunker Dashboard',
    permission: 'master_bunker_log',
  }),
  screen('report/fms', () => import('../features/daily-report/FmsReport.tsx'), {
    name: 'FmsReport',
    title: 'Daily Report',
  }),
  screen('report/datalog/fms', () => import('../features/datalog/FmsDatalog.tsx'), {
    name: 'FmsDatalog',
    title: 'Datalog',
  }),
  screen('bunkering-log', () => import('../features/bunker/BunkeringLog.tsx'), {
    name: 'BunkeringLog',
    title: 'Bunkering Log',
    permission: 'master_bunker_log',
  }),
  screen('remain-on-board', () => import('../features/rob/RemainOnBoard.tsx'), {
    name: 'RemainOnBoard',
    title: 'Remain On Board',
    permission: 'master_rob_rob',
  }),
  screen('event/log', () => import('../features/event-log/EventLog.tsx'), {
    name: 'EventLog',
    title: 'Event Log',
    permission: 'log_event_event',
  }),
  screen('widgets', () => import('../features/dashboard/Widgets.tsx'), { name: 'Widgets', title: 'Widgets' }),
  // the spec's placeholder Asset Type list at /asset/type is served by the real list (docs/spec-deviations.md)
  { path: 'asset/type', element: <Navigate to={routeNames.MasterAssetType()} replace /> },
  screen('401', () => import('../features/auth/Forbidden.tsx'), { name: 'Forbidden', title: 'Forbidden' }),
  screen('report', () => import('./ReportWrapper.tsx'), { name: 'ReportWrapper', title: 'Report' }),
  screen('teltonika-map', () => import('../features/tracker/TeltonikaMap.tsx'), {
    name: 'TeltonikaMap',
    title: 'Teltonika Map',
    permission: 'teltonika_map',
  }),
  screen('report/custom-chart', () => import('../features/custom-chart/CustomChart.tsx'), {
    name: 'CustomChart',
    title: 'Custom Chart',
  }),
  screen('profile', () => import('../features/profile/Profile.tsx'), { name: 'Profile', title: 'Profile' }),
];

/** Master area (/master). Entries of the user menu need read on their resource (spec 000 §2 "Navigation bar"). */
const masterScreens: RouteObject[] = [
  screen('config/rpm', () => import('../features/admin/configs/MasterConfigRpm.tsx'), {
    name: 'MasterConfigRpm',
    title: 'Config RPM',
    permission: 'master_config_rpm',
  }),
  screen('config/ae', () => import('../features/admin/configs/MasterConfigAe.tsx'), {
    name: 'MasterConfigAe',
    title: 'Config AE',
    permission: 'master_config_ae',
  }),
  screen('config/tank', () => import('../features/admin/configs/MasterConfigTank.tsx'), {
    name: 'MasterConfigTank',
    title: 'Config Tank',
    permission: 'master_config_tank',
  }),
  // Master Event and Config Event have no permission check on their menu entries (spec 000 §6)
  screen('config/event/:id?', () => import('../features/admin/events/MasterConfigEvent.tsx'), {
    name: 'MasterConfigEvent',
    title: 'Config Event',
  }),
  screen('company', () => import('../features/admin/companies/Company.tsx'), {
    name: 'Company',
    title: 'Company List',
    permission: 'master_company',
  }),
  screen('group', () => import('../features/admin/companies/Group.tsx'), {
    name: 'Group',
    title: 'Group List',
    permission: 'master_group_company',
  }),
  screen('asset', () => import('../features/assets/Asset.tsx'), { name: 'Asset', title: 'Asset List' }),
  screen('device', () => import('../features/devices/Device.tsx'), { name: 'Device', title: 'Device List' }),
  screen('device/:id', () => import('../features/assets/AssetDevice.tsx'), {
    name: 'AssetDevice',
    title: 'Asset Device',
  }),
  screen('device/detail/:id', () => import('../features/devices/DeviceDetail.tsx'), {
    name: 'DeviceDetail',
    title: 'Device Log Detail',
  }),
  screen('event', () => import('../features/admin/events/MasterEvent.tsx'), {
    name: 'MasterEvent',
    title: 'Master Event',
  }),
  screen('asset/event/:id', () => import('../features/admin/events/AssetEvent.tsx'), {
    name: 'AssetEvent',
    title: 'Asset Event',
  }),
  screen('group/detail/:id', () => import('../features/admin/companies/GroupDetail.tsx'), {
    name: 'GroupDetail',
    title: 'Group Detail',
    permission: 'master_group_company',
  }),
  screen('company/detail/:id', () => import('../features/admin/companies/CompanyDetail.tsx'), {
    name: 'CompanyDetail',
    title: 'Company Detail',
    permission: 'master_company',
  }),
  screen('asset/detail/:id', () => import('../features/assets/AssetDetail.tsx'), {
    name: 'AssetDetail',
    title: 'Asset Detail',
  }),
  screen('user', () => import('../features/admin/users/User.tsx'), {
    name: 'User',
    title: 'Users List',
    permission: 'master_user',
  }),
  screen('user/:id', () => import('../features/admin/users/UserDetail.tsx'), {
    name: 'UserDetail',
    title: 'User Detail',
    permission: 'master_user',
  }),
  screen('role', () => import('../features/admin/roles/Role.tsx'), {
    name: 'Role',
    title: 'Role',
    permission: 'master_role',
  }),
  screen('role/:id', () => import('../features/admin/roles/RoleDetail.tsx'), {
    name: 'RoleDetail',
    title: 'Role Detail',
    permission: 'master_role',
  }),
  screen('asset-type', () => import('../features/admin/lists/MasterAssetType.tsx'), {
    name: 'MasterAssetType',
    title: 'Asset Type',
    permission: 'master_asset_type',
  }),
  screen('fuel-type', () => import('../features/admin/lists/MasterFuelType.tsx'), {
    name: 'MasterFuelType',
    title: 'Fuel Type',
    permission: 'master_fuel_type',
  }),
  screen('bunker-location', () => import('../features/admin/lists/MasterBunkerLocation.tsx'), {
    name: 'MasterBunkerLocation',
    title: 'Bunker Location',
    permission: 'master_bunker_location',
  }),
  screen('permission', () => import('../features/admin/roles/Permission.tsx'), {
    name: 'Permission',
    title: 'Permission',
    permission: 'master_permission',
  }),
  screen('sensor_type', () => import('../features/admin/lists/MasterSensorType.tsx'), {
    name: 'MasterSensorType',
    title: 'Sensor Type',
    permission: 'master_sensor_type',
  }),
  screen('sensor_category', () => import('../features/admin/lists/MasterSensorCategory.tsx'), {
    name: 'MasterSensorCategory',
    title: 'Sensor Category',
    permission: 'master_sensor_category',
  }),
  screen('tank', () => import('../features/admin/tanks/MasterTank.tsx'), {
    name: 'MasterTank',
    title: 'Tank Header',
    permission: 'master_tank_header',
  }),
  screen('tank/:id', () => import('../features/admin/tanks/MasterTankDetail.tsx'), {
    name: 'MasterTankDetail',
    title: 'Tank Detail',
    permission: 'master_tank_detail',
  }),
];

/** The full route table of spec 002 §2.1 (history mode, base /). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootBoundary />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      {
        path: 'auth',
        children: [
          {
            element: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to={routeNames.Login()} replace /> },
              screen('login', () => import('../features/auth/Login.tsx'), { name: 'Login', title: 'Sign In' }),
              screen('forgot-password', () => import('../features/auth/ForgotPassword.tsx'), {
                name: 'ForgotPassword',
                title: 'Forgot Password',
              }),
              screen('update-password/:emailtoken/:token', () => import('../features/auth/UpdatePassword.tsx'), {
                name: 'UpdatePassword',
                title: 'Update Password',
              }),
            ],
          },
          screen('export', () => import('../features/report-link/ReportLinkPage.tsx'), {
            name: 'ReportExport',
            title: 'Report Summary',
          }),
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
              screen('active-company', () => import('../features/selection/CompanySelectionPage.tsx'), {
                name: 'CompanyActiveSelection',
                title: 'Select Company',
              }),
              screen('active-app', () => import('../features/selection/AppSelectionPage.tsx'), {
                name: 'AppActiveSelection',
                title: 'Select Application',
              }),
            ],
          },
        ],
      },
      {
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
                  ...rootScreens,
                  { path: 'master', children: masterScreens },
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
