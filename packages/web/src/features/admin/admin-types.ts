/** Rows as /api/master answers them (times are ISO 8601 UTC text, joins nested). */

export interface MasterEventRow {
  mevtId: number;
  mevtType: string;
  mevtTriggerDuration: number;
  mevtIsPriority: number;
  mevtDescription: string | null;
  mevtThresholds: string;
  mevtCreatedTime: string | null;
  mevtCreatedUserId: string | null;
}

export interface ConfigEventRow {
  mcevId: number;
  mcevAssetId: string;
  mcevVersion: number;
  mcevDescription: string | null;
  mcevIsActive: number;
  mcevAppliedTime: string | null;
}

export interface AssetEventRow {
  asevId: number;
  asevMcevId: number;
  asevMevtId: number;
  asevMevt: {
    mevtType: string;
    mevtIsPriority: number;
    mevtTriggerDuration: number;
    mevtDescription: string | null;
  } | null;
  asevMcev: { mcevAssetId: string; mcevVersion: number; mcevIsActive: number } | null;
}

export interface DeviceRow {
  devcId: number;
  devcName: string;
  devcType: string;
  devcUniqueId: string;
  devcMassId: number | null;
  devcMass: { massName: string } | null;
}

export interface GroupRow {
  grcpId: number;
  grcpNickName: string | null;
  grcpName: string;
  grcpAddress: string | null;
  grcpCity: string | null;
  grcpFax: string | null;
  grcpTelp: string | null;
}

export interface CompanyRow {
  compId: number;
  compName: string;
  compGrcpId: number;
  compAddress: string | null;
  compStatus: string;
  compPhone: string | null;
  compPIC: string | null;
  compPICPhone: string | null;
  compCreatedTime: string | null;
  compGrcp: { grcpName: string } | null;
}

export interface AssetRow {
  massId: number;
  massName: string;
  massLabel: string | null;
  massImage: string | null;
  massSystemType: string | null;
  massCompId: number | null;
  massMaty: { matyName: string } | null;
}

export interface RoleRow {
  roleId: number;
  roleName: string;
}

export interface PermissionRow {
  prmsId: number;
  prmsName: string;
  prmsOperations: string;
  prmsCreatedTime: string | null;
}

export interface RolePermissionRow {
  rperId: number;
  rperRoleId: number;
  rperPrmsId: number;
  rperOperations: string;
  rperPrms: { prmsName: string; prmsOperations: string } | null;
}

export interface UserRow {
  userId: string;
  userStatus: number;
  userCreatedTime: string | null;
  userUslo: { usloId: number; usloUserName: string } | null;
}

export interface UserLoginRow {
  usloId: number;
  usloUserId: string;
  usloUserName: string;
}

export interface UserCompanyRow {
  uscoId: number;
  uscoUserId: string;
  uscoCompId: number;
  uscoAllAssets: number;
  uscoComp: { compName: string; compGrcpId: number | null } | null;
}

export interface UserRoleRow {
  usroId: number;
  usroUserId: string;
  usroRoleId: number;
  usroRole: { roleName: string } | null;
}

export interface UserAssetRow {
  uassId: number;
  uassUserId: string;
  uassMassId: number;
  uassMass: { massName: string } | null;
}

export interface TankHeaderRow {
  tahdId: number;
  tahdName: string;
  tahdUnit: string;
  tahdFuelType: string;
  tahdCompId: number;
  tahdComp: { compName: string } | null;
}
