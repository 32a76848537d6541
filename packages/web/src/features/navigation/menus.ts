import type { PermissionKey } from '@fleet/shared/permissions.ts';
import { routeNames } from '../../app/route-names.ts';

/** A navigation entry; with `permission`, shown only with read on it (spec 000 §2 "Navigation bar"). */
export interface NavEntry {
  key: string;
  label: string;
  path: string;
  permission?: PermissionKey;
  /** paths under `path` that belong to another screen (Asset Event lives at /master/asset/event/:id) */
  notUnder?: string[];
}

/** The Asset Event screen (spec 002 route asset/event/:id) is not part of the Asset list. */
const ASSET_EVENT_PREFIX = `${routeNames.Asset()}/event/`;

/** Main navigation per application. */
export const APP_NAVIGATION: Record<'fms' | 'bunkering', NavEntry[]> = {
  fms: [
    { key: 'home', label: 'Home', path: routeNames.Home() },
    { key: 'dashboard', label: 'Dashboard', path: routeNames.FmsDashboard() },
    { key: 'report', label: 'Report', path: routeNames.ReportWrapper() },
    { key: 'weather', label: 'Weather', path: routeNames.Weather(), permission: 'weather' },
    { key: 'event-log', label: 'Event Log', path: routeNames.EventLog(), permission: 'log_event_event' },
    { key: 'asset', label: 'Asset', path: routeNames.Asset(), notUnder: [ASSET_EVENT_PREFIX] },
    { key: 'device', label: 'Device', path: routeNames.Device() },
  ],
  bunkering: [
    { key: 'home', label: 'Home', path: routeNames.BunkerDashboard(), permission: 'master_bunker_log' },
    { key: 'bunker-log', label: 'Bunker Log', path: routeNames.BunkeringLog(), permission: 'master_bunker_log' },
    { key: 'rob', label: 'Remain On Board', path: routeNames.RemainOnBoard(), permission: 'master_rob_rob' },
    { key: 'asset', label: 'Asset', path: routeNames.Asset(), notUnder: [ASSET_EVENT_PREFIX] },
    { key: 'device', label: 'Device', path: routeNames.Device() },
  ],
};

/** The user menu's master-data entries, each gated by read on its resource. */
export const USER_MENU_MASTER: NavEntry[] = [
  { key: 'users', label: 'Users List', path: routeNames.User(), permission: 'master_user' },
  { key: 'role', label: 'Role', path: routeNames.Role(), permission: 'master_role' },
  { key: 'permission', label: 'Permission', path: routeNames.Permission(), permission: 'master_permission' },
  { key: 'group', label: 'Group', path: routeNames.Group(), permission: 'master_group_company' },
  { key: 'company', label: 'Company', path: routeNames.Company(), permission: 'master_company' },
  // spec 000 §6 gates this entry with master_fuel_type; the Asset Type screen's own key is used (spec-deviations.md)
  { key: 'asset-type', label: 'Asset Type', path: routeNames.MasterAssetType(), permission: 'master_asset_type' },
  { key: 'sensor-type', label: 'Sensor Type', path: routeNames.MasterSensorType(), permission: 'master_sensor_type' },
  {
    key: 'sensor-category',
    label: 'Sensor Category',
    path: routeNames.MasterSensorCategory(),
    permission: 'master_sensor_category',
  },
  { key: 'tank', label: 'Tank Header/Detail', path: routeNames.MasterTank(), permission: 'master_tank_header' },
  { key: 'fuel-type', label: 'Fuel Type', path: routeNames.MasterFuelType(), permission: 'master_fuel_type' },
  {
    key: 'bunker-location',
    label: 'Bunker Location',
    path: routeNames.MasterBunkerLocation(),
    permission: 'master_bunker_location',
  },
  { key: 'config-rpm', label: 'Config RPM', path: routeNames.MasterConfigRpm(), permission: 'master_config_rpm' },
  { key: 'config-ae', label: 'Config AE', path: routeNames.MasterConfigAe(), permission: 'master_config_ae' },
  { key: 'config-tank', label: 'Config Tank', path: routeNames.MasterConfigTank(), permission: 'master_config_tank' },
];

/** Always shown (spec 000 §6: no permission check), before Profile and Sign Out. */
export const USER_MENU_ALWAYS: NavEntry[] = [
  { key: 'master-event', label: 'Master Event', path: routeNames.MasterEvent() },
  { key: 'config-event', label: 'Config Event', path: routeNames.MasterConfigEvent() },
  { key: 'profile', label: 'Profile', path: routeNames.Profile() },
];
