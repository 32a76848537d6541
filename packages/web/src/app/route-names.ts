type Id = string | number;
const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '') as [
      string,
      string,
    ][],
  ).toString();
  return s ? `?${s}` : '';
};

/**
 * Route names of spec 000 §2 and spec 002 §2.1 → path. Screens navigate by name:
 * `navigate(routeNames.CompanyDetail(id))`.
 */
export const routeNames = {
  // auth area (no session needed)
  Login: () => '/auth/login',
  ForgotPassword: () => '/auth/forgot-password',
  UpdatePassword: (emailtoken: string, token: string) =>
    `/auth/update-password/${encodeURIComponent(emailtoken)}/${encodeURIComponent(token)}`,
  ReportExport: () => '/auth/export',
  // preference area
  CompanyActiveSelection: () => '/preference/active-company',
  AppActiveSelection: () => '/preference/active-app',
  // root area
  Home: () => '/home',
  FmsVoyageReport: () => '/voyage',
  Weather: () => '/weather',
  FmsDashboard: () => '/dashboard/fms',
  BunkerDashboard: () => '/dashboard/bunker',
  FmsReport: (query?: { massId?: Id; date?: string }) => `/report/fms${q({ ...query })}`,
  FmsDatalog: () => '/report/datalog/fms',
  BunkeringLog: () => '/bunkering-log',
  RemainOnBoard: () => '/remain-on-board',
  EventLog: () => '/event/log',
  Widgets: () => '/widgets',
  Forbidden: () => '/401',
  ReportWrapper: (menu?: 'ReportSummary' | 'VoyageReport' | 'Datalog' | 'CustomChart' | 'TeltonikaMap') =>
    `/report${q({ menu })}`,
  TeltonikaMap: () => '/teltonika-map',
  CustomChart: () => '/report/custom-chart',
  Profile: () => '/profile',
  // master area
  Asset: () => '/master/asset',
  AssetDevice: (id: Id) => `/master/device/${id}`,
  AssetDetail: (id: Id) => `/master/asset/detail/${id}`,
  /** the Data Analysis tab of Asset Detail (spec 000 names the route, its path is not shown) */
  AssetAnalytics: (id: Id) => `/master/asset/detail/${id}${q({ tab: 'analysis' })}`,
  Device: () => '/master/device',
  DeviceDetail: (id: Id) => `/master/device/detail/${id}`,
  User: () => '/master/user',
  UserDetail: (id: Id) => `/master/user/${encodeURIComponent(String(id))}`,
  Role: () => '/master/role',
  RoleDetail: (id: Id) => `/master/role/${id}`,
  Permission: () => '/master/permission',
  Group: () => '/master/group',
  GroupDetail: (id: Id) => `/master/group/detail/${id}`,
  Company: () => '/master/company',
  CompanyDetail: (id: Id) => `/master/company/detail/${id}`,
  MasterAssetType: () => '/master/asset-type',
  MasterSensorType: () => '/master/sensor_type',
  MasterSensorCategory: () => '/master/sensor_category',
  MasterTank: () => '/master/tank',
  MasterTankDetail: (id: Id) => `/master/tank/${id}`,
  MasterFuelType: () => '/master/fuel-type',
  MasterBunkerLocation: () => '/master/bunker-location',
  MasterConfigRpm: () => '/master/config/rpm',
  MasterConfigAe: () => '/master/config/ae',
  MasterConfigTank: () => '/master/config/tank',
  MasterEvent: () => '/master/event',
  MasterConfigEvent: (id?: Id) =>
    id === undefined || id === '' ? '/master/config/event' : `/master/config/event/${id}`,
  AssetEvent: (id: Id) => `/master/asset/event/${id}`,
} as const;

export type RouteName = keyof typeof routeNames;
