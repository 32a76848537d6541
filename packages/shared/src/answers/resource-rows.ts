import type { z } from 'zod';
import type { bunkerRowSummarySchema } from '../bunker.ts';
import type { asset } from '../resources/asset.ts';
import type { assetEvent } from '../resources/asset-event.ts';
import type { assetType } from '../resources/asset-type.ts';
import type { bunkerLocation } from '../resources/bunker-location.ts';
import type { bunkerLog } from '../resources/bunker-log.ts';
import type { company } from '../resources/company.ts';
import type { configEvent } from '../resources/config-event.ts';
import type { FieldDef, ResourceDef } from '../resources/define.ts';
import type { device } from '../resources/device.ts';
import type { fuelType } from '../resources/fuel-type.ts';
import type { groupCompany } from '../resources/group-company.ts';
import type { masterEvent } from '../resources/master-event.ts';
import type { permission } from '../resources/permission.ts';
import type { rob } from '../resources/rob.ts';
import type { robAdjustment } from '../resources/rob-adjustment.ts';
import type { role } from '../resources/role.ts';
import type { rolePermission } from '../resources/role-permission.ts';
import type { tankHeader } from '../resources/tank-header.ts';
import type { user } from '../resources/user.ts';
import type { userAsset } from '../resources/user-asset.ts';
import type { userCompany } from '../resources/user-company.ts';
import type { userRole } from '../resources/user-role.ts';
import type { AssetDevice } from './assets.ts';

/**
 * Rows as /api/master answers them, inferred from the shared resource definitions: each field's type is its
 * schema's output (what the server stores and answers; an optional field answers null, never leaves it out),
 * except datetimes, which answers carry as ISO 8601 UTC text. The id, audit columns and nested joins, which the
 * definitions name as text, are added per row, and so is the number type of selects with numeric options
 * (choice() is typed for text and number options alike) and what a resource's hooks add (`massDevice`).
 */
type FieldsOf<D> = D extends ResourceDef<infer F> ? F : never;
type Stored<T> = undefined extends T ? Exclude<T, undefined> | null : T;
type AnswerValue<F extends FieldDef> = F['kind'] extends 'datetime' ? string | null : Stored<z.output<F['schema']>>;
export type RowOf<D, Extra = unknown> = { [K in keyof FieldsOf<D>]: AnswerValue<FieldsOf<D>[K]> } & Extra;

/** A joined row nested under its `as` name; null when the reference is empty. */
type Join<As extends string, T> = { [K in As]: T | null };

export type MasterEventRow = RowOf<
  typeof masterEvent,
  { mevtId: number; mevtIsPriority: number; mevtCreatedTime: string | null; mevtCreatedUserId: string | null } & Join<
    'mevtComp',
    { compName: string }
  >
>;
export type ConfigEventRow = RowOf<
  typeof configEvent,
  { mcevId: number; mcevIsActive: number; mcevAppliedTime: string | null }
>;
export type AssetEventRow = RowOf<
  typeof assetEvent,
  { asevId: number } & Join<
    'asevMevt',
    Pick<MasterEventRow, 'mevtType' | 'mevtIsPriority' | 'mevtTriggerDuration' | 'mevtDescription'>
  > &
    Join<'asevMcev', Pick<ConfigEventRow, 'mcevAssetId' | 'mcevVersion' | 'mcevIsActive'>>
>;
export type DeviceRow = RowOf<typeof device, { devcId: number } & Join<'devcMass', { massName: string }>>;
export type GroupRow = RowOf<typeof groupCompany, { grcpId: number }>;
export type CompanyRow = RowOf<
  typeof company,
  { compId: number; compCreatedTime: string | null } & Join<'compGrcp', { grcpName: string }>
>;
export type AssetTypeRow = RowOf<typeof assetType, { matyId: number }>;
export type FuelTypeRow = RowOf<typeof fuelType, { mftyId: number }>;
export type BunkerLocationRow = RowOf<typeof bunkerLocation, { mbloId: number }>;
/** A row of /api/master/asset, …/asset/{id} and /api/master/company_asset: with its devices (asset.hooks.ts). */
export type AssetRow = RowOf<
  typeof asset,
  { massId: number; massType: number; massMaintenance: number; massDevice: AssetDevice[] } & Join<
    'massMaty',
    Pick<AssetTypeRow, 'matyName'>
  > &
    Join<'massMfty', Pick<FuelTypeRow, 'mftyName' | 'mftyCo2Factor' | 'mftyDensity'>> &
    Join<'massComp', Pick<CompanyRow, 'compName'>>
>;
/** A row of /api/master/bunker/log (and …/period/…), with the figures of docs/domain.md §24 (bunker-log.hooks.ts). */
export type BunkerLogRow = RowOf<
  typeof bunkerLog,
  { bklgId: number; bklgType: 'IN' | 'OUT'; bklgSummary: z.infer<typeof bunkerRowSummarySchema> | null } & Join<
    'bklgMass',
    Pick<AssetRow, 'massName'>
  > &
    Join<'bklgMblo', Pick<BunkerLocationRow, 'mbloName'>> &
    Join<'bklgMfty', Pick<FuelTypeRow, 'mftyName'>>
>;
export type RobRow = RowOf<
  typeof rob,
  { mrobId: number; mrobCreatedUserId: string | null; mrobCreatedTime: string | null } & Join<
    'mrobMass',
    Pick<AssetRow, 'massName'>
  >
>;
export type RobAdjustmentRow = RowOf<
  typeof robAdjustment,
  { robaId: number; robaType: number; robaCreatedUserId: string | null; robaCreatedTime: string | null }
>;
export type RoleRow = RowOf<typeof role, { roleId: number }>;
export type PermissionRow = RowOf<typeof permission, { prmsId: number; prmsCreatedTime: string | null }>;
export type RolePermissionRow = RowOf<
  typeof rolePermission,
  { rperId: number } & Join<'rperPrms', { prmsName: string; prmsOperations: string }>
>;
export type UserRow = RowOf<
  typeof user,
  { userStatus: number; userCreatedTime: string | null } & Join<'userUslo', { usloId: number; usloUserName: string }>
>;
export type UserCompanyRow = RowOf<
  typeof userCompany,
  { uscoId: number } & Join<'uscoComp', { compName: string; compGrcpId: number | null }>
>;
export type UserRoleRow = RowOf<typeof userRole, { usroId: number } & Join<'usroRole', { roleName: string }>>;
export type UserAssetRow = RowOf<typeof userAsset, { uassId: number } & Join<'uassMass', { massName: string }>>;
export type TankHeaderRow = RowOf<
  typeof tankHeader,
  { tahdId: number } & Join<'tahdComp', { compName: string }> & Join<'tahdMfty', { mftyName: string }>
>;
