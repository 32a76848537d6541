import { assetHooks } from '../assets/asset.hooks.ts';
import { bunkerLogHooks } from '../bunker/bunker-log.hooks.ts';
import { eventConfigChanged } from '../event-engine/definitions.ts';
import { configEventHooks } from '../events/config-event.hooks.ts';
import { robAdjustmentHooks, robHooks } from '../rob/rob.hooks.ts';
import type { ResourceHooks } from './hooks.ts';
import { companyHooks } from './rules/company.hooks.ts';
import { deviceHooks } from './rules/device.hooks.ts';
import { groupHooks, roleHooks } from './rules/tenant.hooks.ts';
import { userHooks, userLoginHooks } from './rules/user.hooks.ts';
import { userAssetHooks } from './rules/user-asset.hooks.ts';

/** Writes of what the event engine evaluates: its per-process definition cache checks the database (issue 17). */
const eventConfig: ResourceHooks = { afterCommit: () => eventConfigChanged() };

/** Resource-specific behaviour by resource name; resources without an entry are plain CRUD. */
export const resourceHooks: Record<string, ResourceHooks> = {
  asset: assetHooks,
  asset_event: eventConfig,
  bunker_log: bunkerLogHooks,
  company: companyHooks,
  config_event: { ...configEventHooks, ...eventConfig },
  device: { ...deviceHooks, ...eventConfig },
  events: eventConfig,
  group_company: groupHooks,
  rob: robHooks,
  rob_adjustment: robAdjustmentHooks,
  roles: roleHooks,
  user: userHooks,
  user_login: userLoginHooks,
  user_asset: userAssetHooks,
};
