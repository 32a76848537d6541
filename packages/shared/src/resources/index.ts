import { asset } from './asset.ts';
import { assetEvent } from './asset-event.ts';
import { assetType } from './asset-type.ts';
import { bunkerAdjustment } from './bunker-adjustment.ts';
import { bunkerLocation } from './bunker-location.ts';
import { bunkerLog } from './bunker-log.ts';
import { company } from './company.ts';
import { configAe } from './config-ae.ts';
import { configEvent } from './config-event.ts';
import { configRpm } from './config-rpm.ts';
import { configTank } from './config-tank.ts';
import type { ResourceDef } from './define.ts';
import { device } from './device.ts';
import { deviceLog } from './device-log.ts';
import { fuelType } from './fuel-type.ts';
import { groupCompany } from './group-company.ts';
import { masterEvent } from './master-event.ts';
import { permission } from './permission.ts';
import { rob } from './rob.ts';
import { robAdjustment } from './rob-adjustment.ts';
import { role } from './role.ts';
import { rolePermission } from './role-permission.ts';
import { sensorCategory } from './sensor-category.ts';
import { sensorType } from './sensor-type.ts';
import { tankDetail } from './tank-detail.ts';
import { tankHeader } from './tank-header.ts';
import { user } from './user.ts';
import { userAsset } from './user-asset.ts';
import { userCompany } from './user-company.ts';
import { userLogin } from './user-login.ts';
import { userRole } from './user-role.ts';

export * from './asset.ts';
export * from './asset-event.ts';
export * from './asset-type.ts';
export * from './bunker-adjustment.ts';
export * from './bunker-location.ts';
export * from './bunker-log.ts';
export * from './company.ts';
export * from './config-ae.ts';
export * from './config-event.ts';
export * from './config-rpm.ts';
export * from './config-tank.ts';
export * from './device.ts';
export * from './device-log.ts';
export * from './fuel-type.ts';
export * from './group-company.ts';
export * from './master-event.ts';
export * from './options.ts';
export * from './permission.ts';
export * from './ranges.ts';
export * from './rob.ts';
export * from './rob-adjustment.ts';
export * from './role.ts';
export * from './role-permission.ts';
export * from './sensor-category.ts';
export * from './sensor-type.ts';
export * from './tank-detail.ts';
export * from './tank-header.ts';
export * from './user.ts';
export * from './user-asset.ts';
export * from './user-company.ts';
export * from './user-login.ts';
export * from './user-role.ts';

/** Every master resource, in menu order. */
export const resourceList: ResourceDef[] = [
  assetType,
  fuelType,
  bunkerLocation,
  groupCompany,
  company,
  asset,
  device,
  deviceLog,
  masterEvent,
  configEvent,
  assetEvent,
  role,
  permission,
  rolePermission,
  user,
  userLogin,
  userCompany,
  userRole,
  userAsset,
  configRpm,
  configAe,
  configTank,
  sensorType,
  sensorCategory,
  tankHeader,
  tankDetail,
  bunkerLog,
  bunkerAdjustment,
  rob,
  robAdjustment,
] as unknown as ResourceDef[];

/** Every master resource, by name. The server registers a route for each; the web builds pages from them. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(resourceList.map((r) => [r.name, r]));
