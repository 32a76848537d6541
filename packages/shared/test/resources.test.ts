import { describe, expect, it } from 'vitest';
import {
  auditFields,
  bodySchema,
  columnLabel,
  PERMISSION_KEYS,
  type ResourceDef,
  resourceList,
  resources,
  toEpochSeconds,
  userLogin,
} from '../src/index.ts';
import { int, num, optionalNum, requiredNum } from '../src/resources/define.ts';

const byTable = new Map(resourceList.map((r) => [r.table, r]));

/** Whether `name` is a column of the resource's own table. */
function ownColumn(def: ResourceDef, name: string) {
  const a = auditFields(def);
  return name === def.id || name in def.fields || (!!a && Object.values(a).includes(name));
}

/** Whether a whitelisted or column name resolves: own column, or 'joinAs.field' of a declared join. */
function resolves(def: ResourceDef, name: string) {
  if (!name.includes('.')) return ownColumn(def, name);
  const [as, field] = name.split('.');
  return !!def.joins.find((j) => j.as === as)?.fields.includes(field);
}

describe('resource definitions', () => {
  it('have unique names, paths and API paths of the specs', () => {
    expect(new Set(resourceList.map((r) => r.name)).size).toBe(resourceList.length);
    expect(resourceList.map((r) => r.path).sort()).toEqual(
      [
        'asset_type',
        'company',
        'events',
        'config_event',
        'asset_event',
        'roles',
        'permission',
        'role_permission',
        'user',
        'user_login',
        'user_company',
        'user_role',
        'user_asset',
        'config_rpm',
        'config_ae',
        'config_tank',
        'sensor_type',
        'sensor_category',
        'tank_header',
        'tank_detail',
        'group_company',
        'asset',
        'device',
        'device_log',
        'fuel_type',
        'bunker_location',
        'bunker/log',
        'bunker/adjustment',
        'rob/rob',
        'rob/adjustment',
      ].sort(),
    );
  });

  it.each(resourceList.map((r) => [r.name, r] as const))('%s is consistent', (_n, def) => {
    expect(PERMISSION_KEYS).toContain(def.permission);
    for (const name of [...def.filters, ...def.orders, ...def.search, ...def.columns, def.defaultOrder[0]]) {
      expect(resolves(def, name), name).toBe(true);
    }
    expect(def.filters).toContain(def.id);
    expect(def.orders).toContain(def.id);
    for (const j of def.joins) {
      const target = byTable.get(j.table);
      expect(target, j.table).toBeDefined();
      expect(ownColumn(def, j.localField), j.localField).toBe(true);
      for (const f of [j.foreignField, ...j.fields]) expect(ownColumn(target!, f), `${j.as}.${f}`).toBe(true);
    }
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.kind === 'ref') expect(resources[f.ref?.resource ?? ''], name).toBeDefined();
      if (f.kind === 'select') expect(f.options?.length, name).toBeGreaterThan(0);
      if (f.writeOnly) expect(def.columns).not.toContain(name);
    }
    if (def.scope.kind === 'parent') expect(resources[def.scope.parent]).toBeDefined();
    if ('field' in def.scope) expect(ownColumn(def, def.scope.field)).toBe(true);
    for (const u of def.unique) for (const f of u.fields) expect(ownColumn(def, f)).toBe(true);
    for (const c of def.columns) expect(columnLabel(def, c), c).not.toBe(c);
    for (const t of [def.texts.title, def.texts.addTitle, def.texts.editTitle, def.texts.deleted]) {
      expect(t.length).toBeGreaterThan(0);
    }
  });

  it('keep the specs wording', () => {
    expect(resources.asset_type.texts).toMatchObject({ addTitle: 'Add New Asset Type', deleted: 'Asset Type Deleted' });
    expect(resources.asset_type.fields.matyName.label).toBe('Asset Type Name');
    expect(resources.fuel_type.fields.mftyName.label).toBe('Fuel Type Name');
    expect(resources.bunker_location.fields.mbloName.label).toBe('Bunker Location Name');
    expect(resources.company.texts).toMatchObject({ addTitle: 'Add New Company', editTitle: 'Edit Company' });
    expect(resources.asset.texts).toMatchObject({ addTitle: 'Add New Asset', saved: 'New asset created' });
    expect(resources.device.pageSize).toBe(25);
    expect(resources.user.pageSize).toBe(8);
    expect(resources.roles.pageSize).toBe(50);
    expect(resources.bunker_adjustment.texts).toMatchObject({
      addTitle: 'Create Bunker Adjustment',
      editTitle: 'Edit Bunker Adjustment',
    });
    expect(resources.rob.texts).toMatchObject({ addTitle: 'Create New ROB Profile', editTitle: 'Edit ROB Profile' });
    expect(resources.rob_adjustment.texts).toMatchObject({
      addTitle: 'Add New Adjustment',
      editTitle: 'Edit Adjustment',
    });
    expect(resources.bunker_log.texts.deleted).toBe('Laporan berhasil dihapus');
  });
});

describe('toEpochSeconds', () => {
  it.each([
    [1790000000, 1790000000],
    ['1790000000', 1790000000],
    ['2026-10-01 08:30:00', Date.UTC(2026, 9, 1, 8, 30) / 1000],
    ['2026-10-01 08:30', Date.UTC(2026, 9, 1, 8, 30) / 1000],
    ['2026-10-01', Date.UTC(2026, 9, 1) / 1000],
    ['2026-10-01T08:30:00Z', Date.UTC(2026, 9, 1, 8, 30) / 1000],
    ['2026-10-01T15:30:00+07:00', Date.UTC(2026, 9, 1, 8, 30) / 1000],
    ['2026-10-01T08:30:00.250Z', Date.UTC(2026, 9, 1, 8, 30) / 1000],
  ])('reads %s', (input, expected) => {
    expect(toEpochSeconds(input)).toBe(expected);
  });

  it.each([
    'yesterday',
    '2026-02-30 10:00:00',
    '2026-10-01 25:00:00',
    '0050-01-01 00:00:00',
    '1960-01-01T00:00:00Z',
    '2026-10-01T08:30:00+0700',
    -5,
    1e20,
    '',
    null,
    {},
  ])('refuses %s', (input) => {
    expect(toEpochSeconds(input)).toBeNull();
  });
});

describe('bodySchema', () => {
  it('keeps the stored password when the update sends it empty', () => {
    const update = bodySchema(userLogin, 'update');
    expect(update.parse({ usloUserName: 'x', usloPassword: '' })).toEqual({ usloUserName: 'x' });
    expect(update.safeParse({ usloPassword: 'short' }).success).toBe(false);
    const create = bodySchema(userLogin, 'create');
    expect(create.safeParse({ usloUserId: 'a@b.test', usloUserName: 'x', usloPassword: '' }).success).toBe(false);
  });

  it('leaves immutable and read-only fields out of an update', () => {
    const update = bodySchema(resources.user, 'update');
    expect(update.parse({ userId: 'other@b.test', userStatus: '0' })).toEqual({ userStatus: 0 });
    const cfg = bodySchema(resources.config_event, 'create');
    expect(cfg.parse({ mcevAssetId: 'gateway-tb01', mcevIsActive: 1, mcevVersion: 9 })).toEqual({
      mcevAssetId: 'tb01',
    });
  });
});

describe('a number sent as text (issue 28: a typed text is read as meant, or refused)', () => {
  const checks = [num('Rate'), requiredNum('Rate'), optionalNum('Rate'), int('Count')];
  it('takes plain decimal text', () => {
    for (const [text, value] of [
      ['1.5', 1.5],
      [' 2 ', 2],
      ['-3', -3],
      ['.5', 0.5],
    ] as const)
      expect(num('Rate').parse(text), text).toBe(value);
    expect(int('Count').parse('42')).toBe(42);
  });
  it('refuses what JavaScript would also read as a number: exponents, hex, a decimal comma, Infinity', () => {
    for (const schema of checks)
      for (const text of ['1e3', '0x10', '1,5', 'Infinity', '1 000', 'abc'])
        expect(schema.safeParse(text).success, `${text}`).toBe(false);
  });
  it('keeps the bounds a whole number is given', () => {
    const number = int('Number', (n) => n.min(1, 'Number must be 1, 2 or 3').max(3, 'Number must be 1, 2 or 3'));
    expect(number.parse('2')).toBe(2);
    expect(number.safeParse('4').error?.issues[0].message).toBe('Number must be 1, 2 or 3');
  });
});
