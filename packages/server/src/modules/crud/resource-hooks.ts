import { assetHooks } from '../assets/asset.hooks.ts';
import { configEventHooks } from '../events/config-event.hooks.ts';
import type { ResourceHooks } from './hooks.ts';
import { companyHooks } from './rules/company.hooks.ts';
import { userHooks, userLoginHooks } from './rules/user.hooks.ts';

/** Resource-specific behaviour by resource name; resources without an entry are plain CRUD. */
export const resourceHooks: Record<string, ResourceHooks> = {
  asset: assetHooks,
  company: companyHooks,
  config_event: configEventHooks,
  user: userHooks,
  user_login: userLoginHooks,
};
