import { resourceList } from '../../components/resource/resource-screen.tsx';
import { routeNames } from '../../routing/route-names.ts';
import { defineScreens } from '../../routing/screen.ts';

// Master data (/master). Its user-menu entries need read on their resource (spec 000 §2 "Navigation bar"); the
// lists that are only a ResourcePage over their definition are generated here, with no page file.
const def = {
  assetType: () => import('@fleet/shared/resources/asset-type.ts').then((m) => m.assetType),
  fuelType: () => import('@fleet/shared/resources/fuel-type.ts').then((m) => m.fuelType),
  bunkerLocation: () => import('@fleet/shared/resources/bunker-location.ts').then((m) => m.bunkerLocation),
  sensorType: () => import('@fleet/shared/resources/sensor-type.ts').then((m) => m.sensorType),
  sensorCategory: () => import('@fleet/shared/resources/sensor-category.ts').then((m) => m.sensorCategory),
  configRpm: () => import('@fleet/shared/resources/config-rpm.ts').then((m) => m.configRpm),
  configAe: () => import('@fleet/shared/resources/config-ae.ts').then((m) => m.configAe),
  configTank: () => import('@fleet/shared/resources/config-tank.ts').then((m) => m.configTank),
  groupCompany: () => import('@fleet/shared/resources/group-company.ts').then((m) => m.groupCompany),
  role: () => import('@fleet/shared/resources/role.ts').then((m) => m.role),
  tankHeader: () => import('@fleet/shared/resources/tank-header.ts').then((m) => m.tankHeader),
};

/** the device id itself, not the device's label */
const deviceId = (v: unknown) => v as number;

export const adminScreens = defineScreens({
  User: {
    title: 'Users List',
    permission: 'master_user',
    page: () => import('./users/User.tsx'),
    menu: { at: { userMaster: 10 } },
  },
  UserDetail: { title: 'User Detail', permission: 'master_user', page: () => import('./users/UserDetail.tsx') },
  Role: {
    // Role list (spec 001 §2): role name, 50 per page; add/edit modal; delete; view goes to Role Detail
    title: 'Role',
    permission: 'master_role',
    page: resourceList(def.role, { detail: (row) => routeNames.RoleDetail(row.roleId) }),
    menu: { at: { userMaster: 20 } },
  },
  RoleDetail: { title: 'Role Detail', permission: 'master_role', page: () => import('./roles/RoleDetail.tsx') },
  Permission: {
    title: 'Permission',
    permission: 'master_permission',
    page: () => import('./roles/Permission.tsx'),
    menu: { at: { userMaster: 30 } },
  },
  Group: {
    // Group list (spec 001 §2): nick, name, PIC phone; add/edit modal; delete; view goes to Group Detail
    title: 'Group List',
    permission: 'master_group_company',
    page: resourceList(def.groupCompany, { detail: (row) => routeNames.GroupDetail(row.grcpId) }),
    menu: { at: { userMaster: 40 }, label: 'Group' },
  },
  GroupDetail: {
    title: 'Group Detail',
    permission: 'master_group_company',
    page: () => import('./companies/GroupDetail.tsx'),
  },
  Company: {
    title: 'Company List',
    permission: 'master_company',
    page: () => import('./companies/Company.tsx'),
    menu: { at: { userMaster: 50 }, label: 'Company' },
  },
  CompanyDetail: {
    title: 'Company Detail',
    permission: 'master_company',
    page: () => import('./companies/CompanyDetail.tsx'),
  },
  MasterAssetType: {
    // Asset Type list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete
    title: 'Asset Type',
    permission: 'master_asset_type',
    page: resourceList(def.assetType),
    // spec 000 §6 gates this entry with master_fuel_type; the Asset Type screen's own key is used (spec-deviations.md)
    menu: { at: { userMaster: 60 } },
  },
  MasterSensorType: {
    // Sensor Type list (spec 001 §2): name, created by, created date; add/edit modal; delete
    title: 'Sensor Type',
    permission: 'master_sensor_type',
    page: resourceList(def.sensorType),
    menu: { at: { userMaster: 70 } },
  },
  MasterSensorCategory: {
    // Sensor Category list (spec 001 §2): filtered by sensor type; add/edit modal; delete
    title: 'Sensor Category',
    permission: 'master_sensor_category',
    page: resourceList(def.sensorCategory, { filters: ['mscaMstyId'] }),
    menu: { at: { userMaster: 80 } },
  },
  MasterTank: {
    // Tank Header list (spec 001 §2): company filter (All = no company filter); Detail opens its tank table
    title: 'Tank Header',
    permission: 'master_tank_header',
    page: resourceList(def.tankHeader, {
      filters: ['tahdCompId'],
      detail: (row) => routeNames.MasterTankDetail(row.tahdId),
      checkRequired: true,
    }),
    menu: { at: { userMaster: 90 }, label: 'Tank Header/Detail' },
  },
  MasterTankDetail: {
    title: 'Tank Detail',
    permission: 'master_tank_detail',
    page: () => import('./tanks/MasterTankDetail.tsx'),
  },
  MasterFuelType: {
    // Fuel Type list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete
    title: 'Fuel Type',
    permission: 'master_fuel_type',
    page: resourceList(def.fuelType),
    menu: { at: { userMaster: 100 } },
  },
  MasterBunkerLocation: {
    // Bunker Location list (spec 000 §2 "Master lists"): name, created by, created date; add, edit, delete
    title: 'Bunker Location',
    permission: 'master_bunker_location',
    page: resourceList(def.bunkerLocation),
    menu: { at: { userMaster: 110 } },
  },
  MasterConfigRpm: {
    // Config RPM list (spec 001 §2): device id, type (STARBOARD / PORT), unique id, number, min value, the three
    // consumption rates (step 0.1), single engine Yes/No; 50 per page; add/edit modal; delete
    title: 'Config RPM',
    permission: 'master_config_rpm',
    page: resourceList(def.configRpm, {
      search: false,
      render: { mcrpDevcId: deviceId },
      sheet: { mcrpDevcId: deviceId },
    }),
    menu: { at: { userMaster: 120 } },
  },
  MasterConfigAe: {
    // Config AE list (spec 001 §2): device id, unique id, number and the three rates (step 0.1); 50 per page
    title: 'Config AE',
    permission: 'master_config_ae',
    page: resourceList(def.configAe, {
      search: false,
      render: { mcaeDevcId: deviceId },
      sheet: { mcaeDevcId: deviceId },
    }),
    menu: { at: { userMaster: 130 } },
  },
  MasterConfigTank: {
    // Config Tank (spec 001 §2): device filter; device unique id, tank number, tank header, sensor category
    title: 'Config Tank',
    permission: 'master_config_tank',
    page: resourceList(def.configTank, { search: false, filters: ['mcotDeviceId'], checkRequired: true }),
    menu: { at: { userMaster: 140 } },
  },
  // Master Event and Config Event have no permission check on their menu entries (spec 000 §6)
  MasterEvent: { title: 'Master Event', page: () => import('./events/MasterEvent.tsx'), menu: { at: { user: 10 } } },
  MasterConfigEvent: {
    title: 'Config Event',
    page: () => import('./events/MasterConfigEvent.tsx'),
    menu: { at: { user: 20 } },
  },
  AssetEvent: { title: 'Asset Event', page: () => import('./events/AssetEvent.tsx') },
});
