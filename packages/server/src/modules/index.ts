import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { apiDocsRoutes } from './api-docs/api-docs.routes.ts';
import { apiTokenRoutes } from './api-tokens/api-tokens.routes.ts';
import { assetHooks } from './assets/asset.hooks.ts';
import { assetImageRoutes } from './assets/asset-image.routes.ts';
import { deviceHooks } from './assets/device.hooks.ts';
import { tankHeaderHooks } from './assets/tank-header.hooks.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { bunkerRoutes } from './bunker/bunker.routes.ts';
import { bunkerLogHooks } from './bunker/bunker-log.hooks.ts';
import { companyHooks } from './companies/company.hooks.ts';
import { companyAssetRoutes } from './companies/company-assets.routes.ts';
import { groupHooks, roleHooks } from './companies/tenant.hooks.ts';
import { crudRoutes } from './crud/crud.routes.ts';
import { combineHooks } from './crud/hooks.ts';
import { dailyReportRoutes } from './daily-report/daily-report.routes.ts';
import { dailyReportSubscriptionRoutes } from './daily-report/subscriptions.routes.ts';
import { efficiencyRoutes } from './efficiency/efficiency.routes.ts';
import { emissionsRoutes } from './emissions/emissions.routes.ts';
import { eventDefinitionHooks } from './event-engine/config-event.hooks.ts';
import { configEventRoutes } from './event-engine/config-event.routes.ts';
import { eventEngineModule } from './event-engine/index.ts';
import { fuelWatchPlugin, withFuelWatch } from './fuel-watch/fuel-watch.plugin.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { lifecyclePlugin } from './lifecycle/lifecycle.plugin.ts';
import { liveRoutes } from './live/live.routes.ts';
import { mailOutboxPlugin } from './mail/mailer.ts';
import { configTankHooks } from './rob/config-tank.hooks.ts';
import { robAdjustmentHooks, robHooks } from './rob/rob.hooks.ts';
import { robRoutes } from './rob/rob.routes.ts';
import { robEventHooks, robEventsPlugin } from './rob/rob-events.ts';
import { setupRoutes } from './setup/setup.routes.ts';
import { shareLinkRoutes } from './share-links/share-links.routes.ts';
import { summaryRoutes } from './summary/summary.routes.ts';
import { telemetryRoutes } from './telemetry/telemetry.routes.ts';
import { trackRoutes } from './track/track.routes.ts';
import { trackerRoutes } from './tracker/tracker.routes.ts';
import { userHooks, userLoginHooks } from './users/user.hooks.ts';
import { userAccessRoutes } from './users/user-access.routes.ts';
import { userAccountRoutes } from './users/user-account.routes.ts';
import { userAssetHooks } from './users/user-asset.hooks.ts';
import { voyagePassPlugin } from './voyages/voyage-pass.ts';
import { voyagesRoutes } from './voyages/voyages.routes.ts';
import { webhookResourceHooks } from './webhooks/sources.ts';
import { webhookRoutes } from './webhooks/webhooks.routes.ts';

/**
 * The features' behaviour around the generic master routes, by resource name: crud knows no feature, each feature
 * exports its hooks and they are wired here. Resources without an entry are plain CRUD.
 */
export const resourceHooks = combineHooks(
  {
    asset: assetHooks,
    bunker_log: bunkerLogHooks,
    company: companyHooks,
    config_tank: configTankHooks,
    device: deviceHooks,
    group_company: groupHooks,
    rob: robHooks,
    rob_adjustment: robAdjustmentHooks,
    roles: roleHooks,
    tank_header: tankHeaderHooks,
    user: userHooks,
    user_login: userLoginHooks,
    user_asset: userAssetHooks,
  },
  eventDefinitionHooks,
  // the fuel watch runs after the same bunkering writes as the ROB events (docs/domain.md §41.5)
  withFuelWatch(robEventHooks),
  webhookResourceHooks,
);

/** Every HTTP module, registered under /api in this order. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  apiDocsRoutes,
  mailOutboxPlugin,
  authRoutes,
  setupRoutes,
  accountRoutes,
  telemetryRoutes,
  summaryRoutes,
  efficiencyRoutes,
  crudRoutes(resourceHooks),
  assetImageRoutes,
  configEventRoutes,
  geoRoutes,
  liveRoutes,
  trackerRoutes,
  trackRoutes,
  userAccountRoutes,
  userAccessRoutes,
  companyAssetRoutes,
  bunkerRoutes,
  robRoutes,
  robEventsPlugin,
  fuelWatchPlugin,
  dailyReportRoutes,
  dailyReportSubscriptionRoutes,
  shareLinkRoutes,
  apiTokenRoutes,
  eventEngineModule,
  lifecyclePlugin,
  voyagesRoutes,
  voyagePassPlugin,
  emissionsRoutes,
  webhookRoutes,
];
