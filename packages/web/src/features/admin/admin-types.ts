import type { asset } from '@fleet/shared/resources/asset.ts';
import type { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import type { company } from '@fleet/shared/resources/company.ts';
import type { configEvent } from '@fleet/shared/resources/config-event.ts';
import type { FieldDef, ResourceDef } from '@fleet/shared/resources/define.ts';
import type { device } from '@fleet/shared/resources/device.ts';
import type { groupCompany } from '@fleet/shared/resources/group-company.ts';
import type { masterEvent } from '@fleet/shared/resources/master-event.ts';
import type { permission } from '@fleet/shared/resources/permission.ts';
import type { role } from '@fleet/shared/resources/role.ts';
import type { rolePermission } from '@fleet/shared/resources/role-permission.ts';
import type { tankHeader } from '@fleet/shared/resources/tank-header.ts';
import type { user } from '@fleet/shared/resources/user.ts';
import type { userAsset } from '@fleet/shared/resources/user-asset.ts';
import type { userCompany } from '@fleet/shared/resources/user-company.ts';
import type { userRole } from '@fleet/shared/resources/user-role.ts';
import type { z } from 'zod';

/**
 * Rows as /api/master answers them, inferred from the shared resource definitions: each field's type is its
 * schema's output (what the server stores and answers), except datetimes, which answers carry as ISO 8601
 * UTC text. The id, audit columns and nested joins, which the definitions name as text, are added per row, and
 * so is the number type of selects with numeric options (choice() is typed for text and number options alike).
 */
type FieldsOf<D> = D extends ResourceDef<infer F> ? F : never;
type AnswerValue<F extends FieldDef> = F['kind'] extends 'datetime' ? string | null : z.output<F['schema']>;
export type RowOf<D, Extra = unknown> = { [K in keyof FieldsOf<D>]: AnswerValue<FieldsOf<D>[K]> } & Extra;

/** A joined row nested under its `as` name; null when the reference is empty. */
type Join<As extends string, T> = { [K in As]: T | null };

export type MasterEventRow = RowOf<
  typeof masterEvent,
  { mevtId: number; mevtIsPriority: number; mevtCreatedTime: string | null; mevtCreatedUserId: string | null }
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
export type AssetRow = RowOf<
  typeof asset,
  { massId: number; massImage: string | null; massCompId: number | null } & Join<'massMaty', { matyName: string }>
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
export type TankHeaderRow = RowOf<typeof tankHeader, { tahdId: number } & Join<'tahdComp', { compName: string }>>;
