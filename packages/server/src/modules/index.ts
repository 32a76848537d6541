import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { assetImageRoutes } from './assets/asset-image.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { bunkerRoutes } from './bunker/bunker.routes.ts';
import { companyAssetRoutes } from './companies/company-assets.routes.ts';
import { crudRoutes } from './crud/crud.routes.ts';
import { dailyReportRoutes } from './daily-report/daily-report.routes.ts';
import { dailyReportSubscriptionRoutes } from './daily-report/subscriptions.routes.ts';
import { eventEngineModule } from './event-engine/index.ts';
import { configEventRoutes } from './events/config-event.routes.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { mailOutboxPlugin } from './mail/mailer.ts';
import { robRoutes } from './rob/rob.routes.ts';
import { shareLinkRoutes } from './share-links/share-links.routes.ts';
import { summaryRoutes } from './summary/summary.routes.ts';
import { telemetryRoutes } from './telemetry/telemetry.routes.ts';
import { trackerRoutes } from './tracker/tracker.routes.ts';
import { userAccountRoutes } from './users/user-account.routes.ts';

/** Every HTTP module, registered under /api in this order. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  mailOutboxPlugin,
  authRoutes,
  accountRoutes,
  telemetryRoutes,
  summaryRoutes,
  crudRoutes,
  assetImageRoutes,
  configEventRoutes,
  geoRoutes,
  liveRoutes,
  trackerRoutes,
  userAccountRoutes,
  companyAssetRoutes,
  bunkerRoutes,
  robRoutes,
  dailyReportRoutes,
  dailyReportSubscriptionRoutes,
  shareLinkRoutes,
  eventEngineModule,
];
