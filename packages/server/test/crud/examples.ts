import type { World } from './world.ts';

type Row = Record<string, unknown>;

/** Example payloads of one resource, for the contract suite. */
export interface Example {
  /** valid create payload number i (1, 2, 3 …) of tenant A, posted by admin A */
  create(w: World, i: number): Row;
  /** a valid change of the first created row */
  update(w: World): Row;
  /** an invalid change, and the field its message must be under */
  invalid(w: World): [body: Row, field: string];
  /** a valid create payload of tenant B, posted by admin B; absent for shared catalogues */
  foreign?(w: World): Row;
}

const thresholds = JSON.stringify({
  'rpm-a1': { conditions_operator: 'and', data: { rpm: { operator: '>', value: 1500 } } },
});

/** One entry per resource definition: the suite fails when a definition has none. */
export const examples: Record<string, Example> = {
  asset_type: {
    create: (_w, i) => ({ matyName: `Tug Boat ${i}` }),
    update: () => ({ matyName: 'Crew Boat' }),
    invalid: () => [{ matyName: '   ' }, 'matyName'],
  },
  fuel_type: {
    create: (_w, i) => ({ mftyName: `MFO ${i}` }),
    update: () => ({ mftyName: 'Biosolar B40' }),
    invalid: () => [{ mftyName: '' }, 'mftyName'],
  },
  bunker_location: {
    create: (_w, i) => ({ mbloName: `Pelabuhan Balikpapan ${i}` }),
    update: () => ({ mbloName: 'Pelabuhan Tanjung Perak' }),
    invalid: () => [{ mbloName: null }, 'mbloName'],
  },
  group_company: {
    create: (_w, i) => ({ grcpName: `Samudra Group ${i}`, grcpNickName: `SG${i}`, grcpTelp: '085211112222' }),
    update: () => ({ grcpCity: 'Surabaya' }),
    invalid: () => [{ grcpName: '' }, 'grcpName'],
  },
  company: {
    create: (w, i) => ({ compName: `PT Bahari ${i}`, compGrcpId: w.groupA, compStatus: '1', compPIC: 'Andi' }),
    update: () => ({ compStatus: '0', compPICPhone: '085233334444' }),
    invalid: () => [{ compStatus: '7' }, 'compStatus'],
    foreign: (w) => ({ compName: 'PT Nusantara', compGrcpId: w.groupB }),
  },
  asset: {
    create: (_w, i) => ({ massName: `KM Bahari ${i}`, massType: 1, massSystemType: 'FMS' }),
    update: () => ({ massSystemType: 'FMS + Bunker', massMaintenance: 1 }),
    invalid: () => [{ massType: 5 }, 'massType'],
    foreign: () => ({ massName: 'KM Nusantara' }),
  },
  device: {
    create: (w, i) => ({ devcName: `GPS ${i}`, devcType: 'gps', devcMassId: w.assetA1, devcUniqueId: `gps-new-${i}` }),
    update: () => ({ devcLabel: 'PORT_IN', devcStatus: '0' }),
    invalid: () => [{ devcType: 'radar' }, 'devcType'],
    foreign: (w) => ({ devcName: 'GPS B', devcType: 'gps', devcMassId: w.assetB1, devcUniqueId: 'gps-b-new' }),
  },
  device_log: {
    create: (w, i) => ({ dvlgDevcId: w.a.gps, dvlgTime: `2026-10-0${i} 08:00:00`, dvlgType: 'CALIBRATION' }),
    update: () => ({ dvlgNote: 'Calibrated against the sounding table' }),
    invalid: () => [{ dvlgTime: 'yesterday' }, 'dvlgTime'],
    foreign: (w) => ({ dvlgDevcId: w.b.gps, dvlgTime: 1790000000, dvlgType: 'INSTALL' }),
  },
  events: {
    create: (_w, i) => ({
      mevtType: `Overheat ${i}`,
      mevtTriggerDuration: 60,
      mevtIsPriority: 1,
      mevtThresholds: thresholds,
    }),
    update: () => ({ mevtDescription: 'Port engine above 1500 rpm for a minute' }),
    invalid: () => [{ mevtThresholds: '{"rpm-a1":{"conditions_operator":"xor","data":{}}}' }, 'mevtThresholds'],
    // a tenant administrator's event is their company's own (issue 28)
    foreign: () => ({ mevtType: 'Overheat B', mevtThresholds: thresholds }),
  },
  config_event: {
    create: (w, i) => ({ mcevAssetId: w.a.gatewayKey, mcevDescription: `Harbour rules ${i}` }),
    update: () => ({ mcevDescription: 'Harbour rules, revised' }),
    invalid: () => [{ mcevDescription: 'x'.repeat(2001) }, 'mcevDescription'],
    foreign: (w) => ({ mcevAssetId: w.b.gatewayKey }),
  },
  asset_event: {
    create: (w, i) => ({ asevMcevId: w.a.configEvent, asevMevtId: w.events[i - 1] }),
    update: (w) => ({ asevMevtId: w.events[3] }),
    invalid: () => [{ asevMevtId: 999999 }, 'asevMevtId'],
    foreign: (w) => ({ asevMcevId: w.b.configEvent, asevMevtId: w.events[0] }),
  },
  roles: {
    create: (_w, i) => ({ roleName: `Captain ${i}` }),
    update: () => ({ roleName: 'Chief Engineer' }),
    invalid: () => [{ roleName: '' }, 'roleName'],
    foreign: () => ({ roleName: 'Captain B' }),
  },
  permission: {
    create: (_w, i) => ({ prmsName: `custom_report_${i}`, prmsOperations: '["create","read"]' }),
    update: () => ({ prmsOperations: '["read"]' }),
    invalid: () => [{ prmsOperations: '["fly"]' }, 'prmsOperations'],
  },
  role_permission: {
    create: (w, i) => ({ rperRoleId: w.roles[i - 1], rperPrmsId: w.fuelPermission, rperOperations: '["read"]' }),
    update: () => ({ rperOperations: '["create","read","update"]' }),
    invalid: () => [{ rperOperations: 'read' }, 'rperOperations'],
  },
  user: {
    create: (_w, i) => ({ userId: `new${i}@a.test`, userStatus: 1 }),
    update: () => ({ userStatus: 0 }),
    invalid: () => [{ userStatus: 3 }, 'userStatus'],
    foreign: () => ({ userId: 'new@b.test' }),
  },
  user_login: {
    create: (w, i) => ({ usloUserId: w.loginless[i - 1], usloUserName: `login${i}`, usloPassword: 'Harbour#2026' }),
    update: () => ({ usloUserName: 'renamed.login' }),
    invalid: () => [{ usloUserName: 'has space' }, 'usloUserName'],
    foreign: (w) => ({ usloUserId: w.loginlessB, usloUserName: 'loginb', usloPassword: 'Harbour#2026' }),
  },
  user_company: {
    create: (w, i) => ({ uscoUserId: w.members[i - 1], uscoCompId: w.compA2, uscoAllAssets: 0 }),
    update: () => ({ uscoAllAssets: 1 }),
    invalid: () => [{ uscoAllAssets: 2 }, 'uscoAllAssets'],
    foreign: (w) => ({ uscoUserId: w.memberB, uscoCompId: w.compB2 }),
  },
  user_role: {
    create: (w, i) => ({ usroUserId: w.members[i - 1], usroRoleId: w.roles[0] }),
    update: (w) => ({ usroRoleId: w.roles[1] }),
    invalid: () => [{ usroRoleId: 'captain' }, 'usroRoleId'],
    foreign: (w) => ({ usroUserId: w.memberB, usroRoleId: w.builtInRole }),
  },
  user_asset: {
    create: (w, i) => ({ uassUserId: w.members[i - 1], uassMassId: w.assetA1 }),
    update: (w) => ({ uassMassId: w.assetA1b }),
    invalid: () => [{ uassMassId: 0 }, 'uassMassId'],
    foreign: (w) => ({ uassUserId: w.memberB, uassMassId: w.assetB1 }),
  },
  config_rpm: {
    create: (w, i) => ({ mcrpDevcId: w.a.rpm[i - 1], mcrpType: 'PORT', mcrpNo: '1', mcrpMinValue: 350 }),
    update: () => ({ mcrpType: 'STARBOARD', mcrpConsumptRateByTime: 120.5 }),
    invalid: () => [{ mcrpType: 'BOW' }, 'mcrpType'],
    foreign: (w) => ({ mcrpDevcId: w.b.rpm[0], mcrpType: 'PORT' }),
  },
  config_ae: {
    create: (w, i) => ({ mcaeDevcId: w.a.ae[i - 1], mcaeNo: i, mcaeConsumptRateByTime: 5 }),
    update: () => ({ mcaeConsumptRateByTime: 3.6 }),
    invalid: () => [{ mcaeNo: 7 }, 'mcaeNo'],
    foreign: (w) => ({ mcaeDevcId: w.b.ae[0], mcaeNo: 1 }),
  },
  config_tank: {
    create: (w, i) => ({
      mcotDeviceId: w.a.tank[i - 1],
      mcotNo: `FO ${i}P`,
      mcotMscaId: w.sensorCategory,
      mcotTahdId: w.a.tankHeader,
    }),
    update: () => ({ mcotNo: 'FO 2S' }),
    invalid: () => [{ mcotNo: '' }, 'mcotNo'],
    foreign: (w) => ({
      mcotDeviceId: w.b.tank[0],
      mcotNo: 'FO 1P',
      mcotMscaId: w.sensorCategory,
      mcotTahdId: w.b.tankHeader,
    }),
  },
  sensor_type: {
    create: (_w, i) => ({ mstyName: `Pressure ${i}` }),
    update: () => ({ mstyName: 'Temperature' }),
    invalid: () => [{ mstyName: '' }, 'mstyName'],
  },
  sensor_category: {
    create: (w, i) => ({ mscaName: `Ballast Level ${i}`, mscaMstyId: w.sensorType }),
    update: () => ({ mscaName: 'Fresh Water Level' }),
    invalid: () => [{ mscaMstyId: 999999 }, 'mscaMstyId'],
  },
  tank_header: {
    create: (w, i) => ({ tahdName: `FO Tank ${i}`, tahdUnit: 'cm', tahdMftyId: w.fuelType, tahdCompId: w.compA1 }),
    update: () => ({ tahdUnit: 'mm' }),
    invalid: () => [{ tahdUnit: '' }, 'tahdUnit'],
    foreign: (w) => ({ tahdName: 'FO Tank B', tahdUnit: 'cm', tahdMftyId: w.fuelType, tahdCompId: w.compB1 }),
  },
  tank_detail: {
    create: (w, i) => ({ tadtTahdId: w.a.tankHeader, tadtHeight: i * 10, tadtVolume: i * 100.5, tadtWeight: i * 85.4 }),
    update: () => ({ tadtVolume: 123.45 }),
    invalid: () => [{ tadtWeight: 'heavy' }, 'tadtWeight'],
    foreign: (w) => ({ tadtTahdId: w.b.tankHeader, tadtHeight: 10, tadtVolume: 100, tadtWeight: 85 }),
  },
  bunker_log: {
    create: (w, i) => ({
      bklgMassId: w.assetA1,
      bklgMbloId: w.bunkerLocation,
      bklgMftyId: w.fuelType,
      bklgStartDatetime: `2026-10-0${i + 1} 08:00:00`,
      bklgEndDatetime: `2026-10-0${i + 1}T10:00:00Z`,
      bklgTargetBunker: 20000,
      bklgType: 'IN',
      bklgNote: `Barge ${i}`,
    }),
    update: () => ({ bklgNote: 'Received in full', bklgEndSounding: 19850.5 }),
    invalid: () => [{ bklgEndDatetime: '2026-10-01 07:00:00' }, 'bklgEndDatetime'],
    foreign: (w) => ({
      bklgMassId: w.assetB1,
      bklgMbloId: w.bunkerLocation,
      bklgMftyId: w.fuelType,
      bklgStartDatetime: 1790000000,
      bklgEndDatetime: 1790003600,
      bklgTargetBunker: 5000,
    }),
  },
  bunker_adjustment: {
    create: (w, i) => ({
      bklaBklgId: w.a.bunkerLog,
      bklaAmount: -25.5,
      bklaReason: 'LOSS_DUE_TO_SPILLAGE',
      bklaType: 2,
      bklaDesc: `Spill at the manifold ${i}`,
    }),
    update: () => ({ bklaDesc: 'Spill measured again' }),
    invalid: () => [{ bklaAmount: 0 }, 'bklaAmount'],
    foreign: (w) => ({ bklaBklgId: w.b.bunkerLog, bklaAmount: 10, bklaReason: 'OTHERS', bklaDesc: 'B side' }),
  },
  rob: {
    create: (w, i) => ({
      mrobMassId: w.assetA1,
      mrobStartTime: `2026-11-0${i} 00:00:00`,
      mrobEndTime: `2026-11-0${i} 23:59:59`,
      mrobInitialValue: 12000,
    }),
    update: () => ({ mrobInitialValue: 12500.5 }),
    invalid: () => [{ mrobInitialValue: -1 }, 'mrobInitialValue'],
    foreign: (w) => ({
      mrobMassId: w.assetB1,
      mrobStartTime: 1790000000,
      mrobEndTime: 1790086399,
      mrobInitialValue: 8000,
    }),
  },
  rob_adjustment: {
    create: (w, i) => ({
      robaMrobId: w.a.rob,
      robaType: 1,
      robaTime: `2026-10-0${i + 1} 12:00:00`,
      robaValue: 9000,
      robaNote: 'Sounding',
    }),
    update: () => ({ robaValue: -150, robaType: 2 }),
    invalid: () => [{ robaNote: 'x'.repeat(256) }, 'robaNote'],
    foreign: (w) => ({ robaMrobId: w.b.rob, robaTime: '2026-10-05 12:00:00', robaValue: 100 }),
  },
};
