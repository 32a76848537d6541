import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Every master entity of the three specs. Column names are the specs' field names; Kysely's
 * CamelCasePlugin stores them snake_case (massCompId → mass_comp_id). Times are UTC epoch seconds.
 */
type Col = [name: string, type: 'text' | 'integer' | 'bigint' | 'double precision', opts?: ColOpts];
interface ColOpts {
  notNull?: boolean;
  unique?: boolean;
  ref?: string; // "table.column", on delete behaviour below
  onDelete?: 'cascade' | 'set null' | 'restrict';
  default?: string | number;
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = async (name: string, prefix: string, id: string, cols: Col[], indexes: string[][] = []) => {
    let t = db.schema.createTable(name);
    t = t.addColumn(id, 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
    for (const [col, type, o = {}] of cols) {
      t = t.addColumn(col, type, (c) => {
        let b = c;
        if (o.notNull) b = b.notNull();
        if (o.unique) b = b.unique();
        if (o.default !== undefined) b = b.defaultTo(o.default);
        if (o.ref) b = b.references(o.ref).onDelete(o.onDelete ?? 'restrict');
        return b;
      });
    }
    for (const audit of ['CreatedUserId', 'UpdatedUserId'] as const) t = t.addColumn(prefix + audit, 'text');
    for (const audit of ['CreatedTime', 'UpdatedTime'] as const) t = t.addColumn(prefix + audit, 'bigint');
    await t.execute();
    const fkCols = cols.filter(([, , o]) => o?.ref).map(([c]) => [c]);
    for (const cols of [...fkCols, ...indexes]) {
      await db.schema
        .createIndex(`${name}_${cols.join('_')}_idx`)
        .on(name)
        .columns(cols)
        .execute();
    }
  };
  const uniqueIndex = (name: string, cols: string[]) =>
    db.schema
      .createIndex(`${name}_${cols.join('_')}_uq`)
      .on(name)
      .columns(cols)
      .unique()
      .execute();

  // ---- spec 000 §3: basic master data, companies, assets, devices
  await table('asset_type', 'maty', 'matyId', [['matyName', 'text', { notNull: true }]], [['matyName']]);
  await table('fuel_type', 'mfty', 'mftyId', [['mftyName', 'text', { notNull: true }]], [['mftyName']]);
  await table('bunker_location', 'mblo', 'mbloId', [['mbloName', 'text', { notNull: true }]], [['mbloName']]);
  await table(
    'group_company',
    'grcp',
    'grcpId',
    [
      ['grcpNickName', 'text'],
      ['grcpName', 'text', { notNull: true }],
      ['grcpAddress', 'text'],
      ['grcpCity', 'text'],
      ['grcpFax', 'text'],
      ['grcpTelp', 'text'],
    ],
    [['grcpName']],
  );
  await table(
    'company',
    'comp',
    'compId',
    [
      ['compName', 'text', { notNull: true }],
      ['compGrcpId', 'integer', { ref: 'group_company.grcp_id' }],
      ['compAddress', 'text'],
      ['compPIC', 'text'],
      ['compPICPhone', 'text'],
      ['compPhone', 'text'],
      ['compStatus', 'text', { notNull: true, default: '0' }],
    ],
    [['compName'], ['compStatus']],
  );
  await table(
    'asset',
    'mass',
    'massId',
    [
      ['massName', 'text', { notNull: true }],
      ['massLabel', 'text'],
      ['massDescription', 'text'],
      ['massCompId', 'integer', { notNull: true, ref: 'company.comp_id' }],
      ['massDataId', 'integer'],
      ['massType', 'integer', { notNull: true, default: 0 }],
      ['massSystemType', 'text'],
      ['massMatyId', 'integer', { ref: 'asset_type.maty_id', onDelete: 'set null' }],
      ['massImage', 'text'],
      ['massFileId', 'text'],
      ['massSatDeviceId', 'text'],
      // 1 = under maintenance: reports show the maintenance notice (spec 002 §2.3)
      ['massMaintenance', 'integer', { notNull: true, default: 0 }],
    ],
    [['massName'], ['massType']],
  );
  await table(
    'device',
    'devc',
    'devcId',
    [
      ['devcName', 'text', { notNull: true }],
      ['devcType', 'text', { notNull: true }],
      ['devcUniqueId', 'text', { notNull: true, unique: true }],
      ['devcStatus', 'text', { notNull: true, default: '1' }],
      ['devcLabel', 'text'],
      ['devcMassId', 'integer', { ref: 'asset.mass_id', onDelete: 'restrict' }],
      ['devcDescription', 'text'],
    ],
    [['devcType'], ['devcLabel'], ['devcStatus']],
  );
  await table(
    'device_log',
    'dvlg',
    'dvlgId',
    [
      ['dvlgDevcId', 'integer', { notNull: true, ref: 'device.devc_id', onDelete: 'cascade' }],
      ['dvlgTime', 'bigint', { notNull: true }],
      ['dvlgType', 'text', { notNull: true }],
      ['dvlgNote', 'text'],
    ],
    [['dvlgTime'], ['dvlgType']],
  );

  // ---- spec 001 §3: events, access, engine/tank configuration
  await table(
    'master_event',
    'mevt',
    'mevtId',
    [
      ['mevtType', 'text', { notNull: true }],
      ['mevtTriggerDuration', 'integer', { notNull: true, default: 0 }],
      ['mevtIsPriority', 'integer', { notNull: true, default: 0 }],
      ['mevtDescription', 'text'],
      ['mevtThresholds', 'text', { notNull: true, default: '{}' }],
    ],
    [['mevtType'], ['mevtIsPriority']],
  );
  await table(
    'config_event',
    'mcev',
    'mcevId',
    [
      ['mcevAssetId', 'text', { notNull: true }],
      ['mcevVersion', 'integer', { notNull: true }],
      ['mcevDescription', 'text'],
      ['mcevIsActive', 'integer', { notNull: true, default: 0 }],
      ['mcevAppliedTime', 'bigint'],
    ],
    [['mcevIsActive']],
  );
  // one row per version of a gateway's configuration, also under concurrent creates
  await uniqueIndex('config_event', ['mcevAssetId', 'mcevVersion']);
  await table('asset_event', 'asev', 'asevId', [
    ['asevMcevId', 'integer', { notNull: true, ref: 'config_event.mcev_id', onDelete: 'cascade' }],
    ['asevMevtId', 'integer', { notNull: true, ref: 'master_event.mevt_id', onDelete: 'cascade' }],
  ]);
  await uniqueIndex('asset_event', ['asevMcevId', 'asevMevtId']);
  await table(
    'event_log',
    'evnt',
    'evntId',
    [
      ['evntTimestamp', 'bigint', { notNull: true }],
      ['evntDeviceId', 'text', { notNull: true }], // gateway devcUniqueId
      ['evntMevtId', 'integer', { ref: 'master_event.mevt_id', onDelete: 'set null' }],
      ['evntMcevId', 'integer', { ref: 'config_event.mcev_id', onDelete: 'set null' }],
      ['evntStatus', 'integer', { notNull: true, default: 1 }],
      ['evntIsPriority', 'integer', { notNull: true, default: 0 }],
      ['evntDuration', 'integer', { notNull: true, default: 0 }],
      ['evntOldData', 'text'],
      ['evntNewData', 'text'],
      ['evntThreshold', 'text'],
    ],
    [['evntDeviceId', 'evntTimestamp'], ['evntStatus'], ['evntIsPriority']],
  );
  await table('role', 'role', 'roleId', [['roleName', 'text', { notNull: true, unique: true }]]);
  await table('permission', 'prms', 'prmsId', [
    ['prmsName', 'text', { notNull: true, unique: true }],
    ['prmsOperations', 'text', { notNull: true, default: '[]' }],
  ]);
  await table('role_permission', 'rper', 'rperId', [
    ['rperRoleId', 'integer', { notNull: true, ref: 'role.role_id', onDelete: 'cascade' }],
    ['rperPrmsId', 'integer', { notNull: true, ref: 'permission.prms_id', onDelete: 'cascade' }],
    ['rperOperations', 'text', { notNull: true, default: '[]' }],
  ]);
  await uniqueIndex('role_permission', ['rperRoleId', 'rperPrmsId']);

  // user: the id is the e-mail address (spec 001 §3), so the key is text
  await db.schema
    .createTable('user')
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('userStatus', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('userCreatedUserId', 'text')
    .addColumn('userUpdatedUserId', 'text')
    .addColumn('userCreatedTime', 'bigint')
    .addColumn('userUpdatedTime', 'bigint')
    .execute();
  await db.schema.createIndex('user_user_status_idx').on('user').column('userStatus').execute();
  await table('user_login', 'uslo', 'usloId', [
    ['usloUserId', 'text', { notNull: true, unique: true, ref: 'user.user_id', onDelete: 'cascade' }],
    ['usloUserName', 'text', { notNull: true, unique: true }],
    ['usloPassword', 'text', { notNull: true }], // scrypt$N$salt$hash
  ]);
  await table('user_company', 'usco', 'uscoId', [
    ['uscoUserId', 'text', { notNull: true, ref: 'user.user_id', onDelete: 'cascade' }],
    ['uscoCompId', 'integer', { notNull: true, ref: 'company.comp_id', onDelete: 'cascade' }],
    ['uscoAllAssets', 'integer', { notNull: true, default: 1 }],
  ]);
  await uniqueIndex('user_company', ['uscoUserId', 'uscoCompId']);
  await table('user_role', 'usro', 'usroId', [
    ['usroUserId', 'text', { notNull: true, ref: 'user.user_id', onDelete: 'cascade' }],
    ['usroRoleId', 'integer', { notNull: true, ref: 'role.role_id', onDelete: 'cascade' }],
  ]);
  await uniqueIndex('user_role', ['usroUserId', 'usroRoleId']);
  await table('user_asset', 'uass', 'uassId', [
    ['uassUserId', 'text', { notNull: true, ref: 'user.user_id', onDelete: 'cascade' }],
    ['uassMassId', 'integer', { notNull: true, ref: 'asset.mass_id', onDelete: 'cascade' }],
  ]);
  await uniqueIndex('user_asset', ['uassUserId', 'uassMassId']);

  await table(
    'config_rpm',
    'mcrp',
    'mcrpId',
    [
      ['mcrpDevcId', 'integer', { notNull: true, ref: 'device.devc_id', onDelete: 'cascade' }],
      ['mcrpType', 'text', { notNull: true }], // PORT | STARBOARD
      ['mcrpNo', 'text'],
      ['mcrpMinValue', 'double precision', { notNull: true, default: 400 }],
      ['mcrpConsumptRateByTime', 'double precision'],
      ['mcrpConsumptRateByPower', 'double precision'],
      ['mcrpConsumptRateByRpm', 'double precision'],
      ['mcrpIsSingleEngine', 'integer', { notNull: true, default: 0 }],
    ],
    [['mcrpType']],
  );
  await table('config_ae', 'mcae', 'mcaeId', [
    ['mcaeDevcId', 'integer', { notNull: true, ref: 'device.devc_id', onDelete: 'cascade' }],
    ['mcaeNo', 'integer'],
    ['mcaeConsumptRateByTime', 'double precision'],
    ['mcaeConsumptRateByPower', 'double precision'],
    ['mcaeConsumptRateByRpm', 'double precision'],
  ]);
  await table('sensor_type', 'msty', 'mstyId', [['mstyName', 'text', { notNull: true }]], [['mstyName']]);
  await table(
    'sensor_category',
    'msca',
    'mscaId',
    [
      ['mscaName', 'text', { notNull: true }],
      ['mscaMstyId', 'integer', { ref: 'sensor_type.msty_id', onDelete: 'restrict' }],
    ],
    [['mscaName']],
  );
  await table(
    'tank_header',
    'tahd',
    'tahdId',
    [
      ['tahdName', 'text', { notNull: true }],
      ['tahdUnit', 'text'],
      ['tahdFuelType', 'text'],
      ['tahdCompId', 'integer', { ref: 'company.comp_id', onDelete: 'cascade' }],
    ],
    [['tahdName']],
  );
  await table('tank_detail', 'tadt', 'tadtId', [
    ['tadtTahdId', 'integer', { notNull: true, ref: 'tank_header.tahd_id', onDelete: 'cascade' }],
    ['tadtHeight', 'double precision', { notNull: true }],
    ['tadtVolume', 'double precision', { notNull: true }],
    ['tadtWeight', 'double precision', { notNull: true }],
  ]);
  await table('config_tank', 'mcot', 'mcotId', [
    ['mcotDeviceId', 'integer', { notNull: true, ref: 'device.devc_id', onDelete: 'cascade' }],
    ['mcotNo', 'text'],
    ['mcotMscaId', 'integer', { ref: 'sensor_category.msca_id', onDelete: 'restrict' }],
    ['mcotTahdId', 'integer', { ref: 'tank_header.tahd_id', onDelete: 'restrict' }],
  ]);

  // ---- spec 002 §3.5–3.6: bunkering and remain on board
  await table(
    'bunker_log',
    'bklg',
    'bklgId',
    [
      ['bklgMassId', 'integer', { notNull: true, ref: 'asset.mass_id', onDelete: 'restrict' }],
      ['bklgMbloId', 'integer', { ref: 'bunker_location.mblo_id', onDelete: 'set null' }],
      ['bklgMftyId', 'integer', { ref: 'fuel_type.mfty_id', onDelete: 'set null' }],
      ['bklgStartDatetime', 'bigint', { notNull: true }],
      ['bklgEndDatetime', 'bigint', { notNull: true }],
      ['bklgTargetBunker', 'double precision', { notNull: true }],
      ['bklgType', 'text', { notNull: true, default: 'IN' }],
      ['bklgStartSounding', 'double precision'],
      ['bklgEndSounding', 'double precision'],
      ['bklgNote', 'text'],
    ],
    [['bklgStartDatetime'], ['bklgType']],
  );
  await table(
    'bunker_adjustment',
    'bkla',
    'bklaId',
    [
      ['bklaBklgId', 'integer', { notNull: true, ref: 'bunker_log.bklg_id', onDelete: 'cascade' }],
      ['bklaAmount', 'double precision', { notNull: true }],
      ['bklaReason', 'text', { notNull: true }],
      ['bklaType', 'integer', { notNull: true, default: 1 }],
      ['bklaDesc', 'text'],
    ],
    [['bklaCreatedTime']],
  );
  await table(
    'rob',
    'mrob',
    'mrobId',
    [
      ['mrobMassId', 'integer', { notNull: true, ref: 'asset.mass_id', onDelete: 'restrict' }],
      ['mrobStartTime', 'bigint', { notNull: true }],
      ['mrobEndTime', 'bigint', { notNull: true }],
      ['mrobInitialValue', 'double precision', { notNull: true }],
    ],
    [['mrobStartTime']],
  );
  await table(
    'rob_adjustment',
    'roba',
    'robaId',
    [
      ['robaMrobId', 'integer', { notNull: true, ref: 'rob.mrob_id', onDelete: 'cascade' }],
      ['robaType', 'integer', { notNull: true, default: 2 }],
      ['robaTime', 'bigint', { notNull: true }],
      ['robaValue', 'double precision', { notNull: true }],
      ['robaNote', 'text'],
    ],
    [['robaTime']],
  );

  // ---- sessions and password reset (spec 000 §7)
  await db.schema
    .createTable('session_token')
    .addColumn('sessTokenHash', 'text', (c) => c.primaryKey()) // sha256 of the 256-bit token
    .addColumn('sessUserId', 'text', (c) => c.notNull().references('user.user_id').onDelete('cascade'))
    .addColumn('sessActiveCompId', 'integer', (c) => c.references('company.comp_id').onDelete('set null'))
    .addColumn('sessActiveApp', 'text')
    .addColumn('sessCreatedTime', 'bigint', (c) => c.notNull())
    .addColumn('sessLastSeenTime', 'bigint', (c) => c.notNull())
    .addColumn('sessRevokedTime', 'bigint')
    .execute();
  await db.schema.createIndex('session_token_user_idx').on('session_token').column('sessUserId').execute();
  await db.schema
    .createTable('password_reset_token')
    .addColumn('prstTokenHash', 'text', (c) => c.primaryKey())
    .addColumn('prstUserId', 'text', (c) => c.notNull().references('user.user_id').onDelete('cascade'))
    .addColumn('prstCreatedTime', 'bigint', (c) => c.notNull())
    .addColumn('prstExpiresTime', 'bigint', (c) => c.notNull())
    .addColumn('prstUsedTime', 'bigint')
    .execute();
  await db.schema
    .createIndex('password_reset_token_user_idx')
    .on('password_reset_token')
    .column('prstUserId')
    .execute();
  void sql;
}
