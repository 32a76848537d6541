/**
 * Every screen's name and URL (spec 000 §2, spec 002 §2.1): the one table of addresses. Pages link by name
 * (`navigate(routeNames.CompanyDetail(id))`); app/ builds the router from the same patterns and each feature's
 * `screens.ts` says what is shown there. Pure data: any layer may import it.
 */
export const SCREEN_PATHS = {
  // auth area (no session needed)
  Login: '/auth/login',
  // first run: only while the installation has no user (docs/operations.md "Real install")
  Setup: '/auth/setup',
  ForgotPassword: '/auth/forgot-password',
  UpdatePassword: '/auth/update-password/:emailtoken/:token',
  ReportExport: '/auth/export',
  // preference area
  CompanyActiveSelection: '/preference/active-company',
  AppActiveSelection: '/preference/active-app',
  // root area
  Home: '/home',
  FmsVoyageReport: '/voyage',
  Voyages: '/voyages',
  Weather: '/weather',
  FmsDashboard: '/dashboard/fms',
  BunkerDashboard: '/dashboard/bunker',
  FmsReport: '/report/fms',
  FmsDatalog: '/report/datalog/fms',
  BunkeringLog: '/bunkering-log',
  RemainOnBoard: '/remain-on-board',
  EventLog: '/event/log',
  Widgets: '/widgets',
  Forbidden: '/401',
  ReportWrapper: '/report',
  TeltonikaMap: '/teltonika-map',
  // issue 30: every vessel's fuel per mile and hour, change and rank
  FleetEfficiency: '/fleet-efficiency',
  CustomChart: '/report/custom-chart',
  // issue 30: CO₂ of a period, the DCS year, AER, cgDIST and CII (docs/domain.md §39)
  Emissions: '/emissions',
  Profile: '/profile',
  // master area
  Asset: '/master/asset',
  AssetDevice: '/master/device/:id',
  AssetDetail: '/master/asset/detail/:id',
  Device: '/master/device',
  DeviceDetail: '/master/device/detail/:id',
  User: '/master/user',
  UserDetail: '/master/user/:id',
  Role: '/master/role',
  RoleDetail: '/master/role/:id',
  Permission: '/master/permission',
  Group: '/master/group',
  GroupDetail: '/master/group/detail/:id',
  Company: '/master/company',
  CompanyDetail: '/master/company/detail/:id',
  MasterAssetType: '/master/asset-type',
  MasterSensorType: '/master/sensor_type',
  MasterSensorCategory: '/master/sensor_category',
  MasterTank: '/master/tank',
  MasterTankDetail: '/master/tank/:id',
  MasterFuelType: '/master/fuel-type',
  MasterBunkerLocation: '/master/bunker-location',
  MasterConfigRpm: '/master/config/rpm',
  MasterConfigAe: '/master/config/ae',
  MasterConfigTank: '/master/config/tank',
  MasterEvent: '/master/event',
  MasterConfigEvent: '/master/config/event/:id?',
  AssetEvent: '/master/asset/event/:id',
  // issue 28: who changed master data and access; restore of deleted records
  AuditTrail: '/master/audit',
  // issue 31: API tokens of integrations
  ApiTokens: '/master/api-tokens',
  // issue 31: a company's webhook subscriptions, their delivery log, send test
  Webhooks: '/master/webhooks',
} as const;

/** A screen: one entry of the router, declared in its feature's `screens.ts`. */
export type ScreenName = keyof typeof SCREEN_PATHS;

type Id = string | number;
/** The arguments of a pattern's path: one per `:param`, optional for `:param?`. */
type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [Id, ...PathArgs<Rest>]
  : P extends `${string}:${string}?`
    ? [id?: Id]
    : P extends `${string}:${string}`
      ? [Id]
      : [];

/** The path of a pattern with its parameters filled in order; an optional one left blank drops its segment. */
function fill(pattern: string, args: (Id | undefined)[]): string {
  let i = 0;
  return pattern.replace(/\/:\w+(\?)?/g, (_, optional) => {
    const v = args[i++];
    if (optional && (v === undefined || v === '')) return '';
    return `/${encodeURIComponent(String(v))}`;
  });
}

const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '') as [
      string,
      string,
    ][],
  ).toString();
  return s ? `?${s}` : '';
};

type PathBuilders = { [K in ScreenName]: (...args: PathArgs<(typeof SCREEN_PATHS)[K]>) => string };
const paths = Object.fromEntries(
  Object.entries(SCREEN_PATHS).map(([name, pattern]) => [name, (...args: Id[]) => fill(pattern, args)]),
) as PathBuilders;

/** Route name → path. The screens' paths, and the links that carry a query. */
export const routeNames = {
  ...paths,
  FmsReport: (query?: { massId?: Id; date?: string }) => `${paths.FmsReport()}${q({ ...query })}`,
  ReportWrapper: (menu?: 'ReportSummary' | 'VoyageReport' | 'Datalog' | 'CustomChart' | 'TeltonikaMap') =>
    `${paths.ReportWrapper()}${q({ menu })}`,
  /** the Data Analysis tab of Asset Detail (spec 000 names the route, its path is not shown) */
  AssetAnalytics: (id: Id) => `${paths.AssetDetail(id)}${q({ tab: 'analysis' })}`,
};

export type RouteName = keyof typeof routeNames;
