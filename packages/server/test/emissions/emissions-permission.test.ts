import { describe, expect, it } from 'vitest';
import { addNewPermissionKeys, ensureBuiltInRoles } from '../../src/modules/access/built-in-roles.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

/**
 * An installation set up before the emissions screen existed (its catalogue and built-in roles written without the
 * key) gets the key at its next start (`addNewPermissionKeys`), Administrator every operation and Operator read — as a
 * new one does.
 */
describe.each(dialects())('the emissions permission on an existing install (%s)', (dialect) => {
  it('is written and granted to the built-in roles, once', async () => {
    const database = await freshDatabase(dialect);
    try {
      const { db } = database;
      await ensureBuiltInRoles(db, { by: 'test', now: 1 });
      // as it was before the key existed
      const prms = await db
        .selectFrom('permission')
        .select('prmsId')
        .where('prmsName', '=', 'emissions')
        .executeTakeFirst();
      await db.deleteFrom('role_permission').where('rperPrmsId', '=', prms!.prmsId).execute();
      await db.deleteFrom('permission').where('prmsName', '=', 'emissions').execute();
      const grants = () =>
        db
          .selectFrom('role_permission')
          .innerJoin('role', 'role.roleId', 'role_permission.rperRoleId')
          .innerJoin('permission', 'permission.prmsId', 'role_permission.rperPrmsId')
          .select(['roleName', 'rperOperations'])
          .where('prmsName', '=', 'emissions')
          .orderBy('roleName')
          .execute();
      expect(await grants()).toEqual([]);
      expect(await addNewPermissionKeys(db, { by: 'test', now: 2 })).toEqual(['emissions']);
      const after = await grants();
      expect(after.map((g) => [g.roleName, JSON.parse(g.rperOperations)])).toEqual([
        ['Administrator', ['create', 'read', 'update', 'delete']],
        ['Operator', ['read']],
      ]);
      // a second start adds nothing
      expect(await addNewPermissionKeys(db, { by: 'test', now: 3 })).toEqual([]);
      expect(await grants()).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
