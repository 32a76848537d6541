import { assetType } from './asset-type.ts';
import { company } from './company.ts';
import type { ResourceDef } from './define.ts';

export { assetType, company };

/** Every master resource, by name. The server registers a route for each; the web builds pages from them. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(
  [assetType, company].map((r) => [r.name, r as unknown as ResourceDef]),
);
