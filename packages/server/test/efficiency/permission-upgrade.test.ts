import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { addNewPermissionKeys, ensureBuiltInRoles } from '../../src/modules/access/built-in-roles.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

const audit = { by: 'test', now: 1_800_000_000 };

describe.each(dialects())('an existing install gets fleet_efficiency on %s', (dialect) => {
  let d: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    d = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await d?.close();
    await d?.drop();
  });

  const grants = async () =>
    (
      await d.db
        .selectFrom('role_permission')
        .innerJoin('role', 'role.roleId', 'role_permission.rperRoleId')
        .innerJoin('permission', 'permission.prmsId', 'role_permission.rperPrmsId')
        .select(['roleName', 'rperOperations'])
        .where('prmsName', '=', 'fleet_efficiency')
        .orderBy('roleName')
        .execute()
    ).map((r) => [r.roleName, JSON.parse(r.rperOperations ?? '[]')]);

  it('before the first run (no catalogue) nothing is written: the first run writes it all', async () => {
    expect(await addNewPermissionKeys(d.db, audit)).toEqual([]);
    expect(await d.db.selectFrom('permission').select('prmsId').execute()).toHaveLength(0);
  });

  it('a catalogue without the key (from an older version) gets it, granted as the built-in roles say', async () => {
    await ensureBuiltInRoles(d.db, audit);
    const { prmsId } = await d.db
      .selectFrom('permission')
      .select('prmsId')
      .where('prmsName', '=', 'fleet_efficiency')
      .executeTakeFirstOrThrow();
    // the install as the version before issue 30 left it
    await d.db.deleteFrom('role_permission').where('rperPrmsId', '=', prmsId).execute();
    await d.db.deleteFrom('permission').where('prmsId', '=', prmsId).execute();
    expect(await grants()).toEqual([]);

    expect(await addNewPermissionKeys(d.db, audit)).toEqual(['fleet_efficiency']);
    expect(await grants()).toEqual([
      ['Administrator', ['create', 'read', 'update', 'delete']],
      ['Operator', ['read']],
    ]);
    // the next start finds it there: nothing more
    expect(await addNewPermissionKeys(d.db, audit)).toEqual([]);
    expect(await grants()).toHaveLength(2);
  });
});
