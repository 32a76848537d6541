import type { Db } from '../../db/database.ts';

/**
 * Assets the user may see in each of their companies, not only the active one (Company Detail's asset list,
 * the User Asset picker): per company, all its assets when the user's membership has the all-assets flag,
 * else the assets assigned to the user. `companyIds` narrows to those companies.
 */
export async function assetsVisibleInCompanies(
  db: Db,
  userId: string,
  companyIds?: readonly number[],
): Promise<number[]> {
  if (companyIds && !companyIds.length) return [];
  let q = db
    .selectFrom('asset')
    .innerJoin('user_company', (j) =>
      j.onRef('user_company.uscoCompId', '=', 'asset.massCompId').on('user_company.uscoUserId', '=', userId),
    )
    .select('asset.massId')
    .where((eb) =>
      eb.or([
        eb('user_company.uscoAllAssets', '=', 1),
        eb(
          'asset.massId',
          'in',
          eb.selectFrom('user_asset').select('user_asset.uassMassId').where('user_asset.uassUserId', '=', userId),
        ),
      ]),
    );
  if (companyIds) q = q.where('asset.massCompId', 'in', companyIds);
  const rows = await q.execute();
  return [...new Set(rows.map((r: { massId: number }) => Number(r.massId)))];
}
