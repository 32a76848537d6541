import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { ensureBuiltInRoles } from '../../src/modules/access/built-in-roles.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';
import { createAsset, createCompany, createGroup } from '../helpers/fixtures.ts';

describe.each(dialects())('migration 036_voyages on an existing install (%s)', (dialect) => {
  it('marks the vessels for detection, adds the voyages key and grants it: Administrator everything, Operator read', async () => {
    const database = await freshDatabase(dialect, '034_gps_track_without_fix');
    try {
      const { db } = database;
      // an install of before: its catalogue and built-in roles without the new key
      await ensureBuiltInRoles(db, { by: 'test', now: 1 });
      const key = await db
        .selectFrom('permission')
        .select('prmsId')
        .where('prmsName', '=', 'voyages')
        .executeTakeFirst();
      await db.deleteFrom('role_permission').where('rperPrmsId', '=', key!.prmsId).execute();
      await db.deleteFrom('permission').where('prmsId', '=', key!.prmsId).execute();
      const massId = await createAsset(db, await createCompany(db, await createGroup(db, 'Old'), 'Old'), 'Old vessel');
      await migrate(database);
      // its vessels are marked for a whole detection by the first passes
      const marks = await db.selectFrom('voyage_state').select(['assetId', 'dirtyFrom', 'detectedAt']).execute();
      expect(marks.map((m) => [Number(m.assetId), Number(m.dirtyFrom), m.detectedAt])).toEqual([[massId, 0, null]]);
      const grants = await db
        .selectFrom('role_permission')
        .innerJoin('permission', 'prmsId', 'rperPrmsId')
        .innerJoin('role', 'roleId', 'rperRoleId')
        .select(['roleName', 'rperOperations'])
        .where('prmsName', '=', 'voyages')
        .orderBy('roleName')
        .execute();
      expect(grants.map((g) => [g.roleName, JSON.parse(g.rperOperations)])).toEqual([
        ['Administrator', ['create', 'read', 'update', 'delete']],
        ['Operator', ['read']],
      ]);
    } finally {
      await database.drop();
    }
  });

  it('leaves a new database to the first run: no catalogue yet, none written', async () => {
    const database = await freshDatabase(dialect);
    try {
      expect(await database.db.selectFrom('permission').selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
