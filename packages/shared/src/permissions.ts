/** Permission keys named by the three specs (spec 000 §6, 001 §6, 002 §6) and their operations. */
export const OPERATIONS = ['create', 'read', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const PERMISSION_KEYS = [
  'weather',
  'log_event_event',
  'teltonika_map',
  'summary_rob',
  'master_bunker_log',
  'master_bunker_adjustment',
  'master_rob_rob',
  'master_rob_adjustment',
  'master_user',
  'master_role',
  'master_permission',
  'master_group_company',
  'master_company',
  'master_fuel_type',
  'master_asset_type',
  'master_sensor_type',
  'master_sensor_category',
  'master_tank_header',
  'master_tank_detail',
  'master_bunker_location',
  'master_config_rpm',
  'master_config_ae',
  'master_config_tank',
  'master_config_event',
  'master_events',
  'master_asset',
  'master_device',
  'master_device_log',
  'voyages',
  'fleet_efficiency',
  'emissions',
  'api_token',
  'webhook',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** resource name → allowed operations, as `userAccess` in the session status. */
export type UserAccess = Partial<Record<string, Operation[]>>;

export function can(access: UserAccess | undefined, key: string, op: Operation): boolean {
  return !!access?.[key]?.includes(op);
}

/** Parses a JSON array of operations as stored in prmsOperations / rperOperations; unknown words are dropped. */
export function parseOperations(json: string | null | undefined): Operation[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? OPERATIONS.filter((o) => v.includes(o)) : [];
  } catch {
    return [];
  }
}
