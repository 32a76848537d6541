import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { ensureBuiltInRoles } from '../../src/modules/access/built-in-roles.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

/**
 * Migration 038: an installation set up before the emissions screen existed (its catalogue and built-in roles
 * written without the key) gets the key, Administrator every operation and Operator read — as a new one does.
 */
describe.each(dialects())('the emissions permission on an existing install (%s)', (dialect) => {
  it('is written and granted to the built-in roles, once', async () => {
    const database = await freshDatabase(dialect, '037_asset_capacity');
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
      await migrate(database);
      const after = await grants();
      expect(after.map((g) => [g.roleName, JSON.parse(g.rperOperations)])).toEqual([
        ['Administrator', ['create', 'read', 'update', 'delete']],
        ['Operator', ['read']],
      ]);
      // a second start adds nothing
      await ensureBuiltInRoles(db, { by: 'test', now: 2 });
      expect(await grants()).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});

describe.each(dialects())('a fresh database (%s)', (dialect) => {
  it('gets no permission row from the migration: it stays empty for the first run and the demo seed', async () => {
    const database = await freshDatabase(dialect);
    try {
      expect(await database.db.selectFrom('permission').select('prmsId').execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
