import { adminScreens } from '../features/admin/screens.ts';
import { apiTokenScreens } from '../features/api-tokens/screens.ts';
import { assetScreens } from '../features/assets/screens.ts';
import { auditScreens } from '../features/audit/screens.ts';
import { authScreens } from '../features/auth/screens.ts';
import { bunkerScreens } from '../features/bunker/screens.ts';
import { customChartScreens } from '../features/custom-chart/screens.ts';
import { dailyReportScreens } from '../features/daily-report/screens.ts';
import { dashboardScreens } from '../features/dashboard/screens.ts';
import { datalogScreens } from '../features/datalog/screens.ts';
import { deviceScreens } from '../features/devices/screens.ts';
import { emissionsScreens } from '../features/emissions/screens.ts';
import { eventLogScreens } from '../features/event-log/screens.ts';
import { fleetEfficiencyScreens } from '../features/fleet-efficiency/screens.ts';
import { fleetMapScreens } from '../features/fleet-map/screens.ts';
import { profileScreens } from '../features/profile/screens.ts';
import { reportLinkScreens } from '../features/report-link/screens.ts';
import { robScreens } from '../features/rob/screens.ts';
import { selectionScreens } from '../features/selection/screens.ts';
import { trackerScreens } from '../features/tracker/screens.ts';
import { voyageScreens } from '../features/voyage/screens.ts';
import { voyagesScreens } from '../features/voyages/screens.ts';
import { weatherScreens } from '../features/weather/screens.ts';
import { webhookScreens } from '../features/webhooks/screens.ts';
import type { ScreenName } from '../routing/route-names.ts';
import type { Screen } from '../routing/screen.ts';
import { appScreens } from './app-screens.ts';

/** Every feature's screens (a name declared twice is refused by screens.test.ts). */
export const FEATURE_SCREENS = [
  authScreens,
  selectionScreens,
  fleetMapScreens,
  dashboardScreens,
  appScreens,
  reportLinkScreens,
  voyageScreens,
  voyagesScreens,
  dailyReportScreens,
  datalogScreens,
  customChartScreens,
  weatherScreens,
  eventLogScreens,
  emissionsScreens,
  trackerScreens,
  fleetEfficiencyScreens,
  bunkerScreens,
  robScreens,
  assetScreens,
  deviceScreens,
  adminScreens,
  auditScreens,
  apiTokenScreens,
  webhookScreens,
  profileScreens,
] as const;

type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/** Every address of SCREEN_PATHS with what is shown there; the compiler refuses an address without a screen. */
export const screens: Record<ScreenName, Screen> = Object.assign({}, ...FEATURE_SCREENS) as Merged<
  (typeof FEATURE_SCREENS)[number]
>;
