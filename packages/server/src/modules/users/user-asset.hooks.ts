import { badRequest } from '../../http/envelope.ts';
import { assetsVisibleInCompanies } from '../companies/company-assets.ts';
import type { ResourceHooks } from '../crud/hooks.ts';

/**
 * User Asset assigns assets of the edited user's companies, which need not be the administrator's active
 * company: the assets this resource may name (and list) are those the administrator sees in any of their
 * companies (companies/company-assets.ts), not only in the active one. The asset must belong to one of the
 * edited user's companies.
 */
export const userAssetHooks: ResourceHooks = {
  async scope(db, session, base) {
    return { ...base, assetIds: await assetsVisibleInCompanies(db, session.userId, base.companyIds) };
  },
  async beforeCreate(ctx, values) {
    const member = await ctx.db
      .selectFrom('asset')
      .innerJoin('user_company', 'user_company.uscoCompId', 'asset.massCompId')
      .select('asset.massId')
      .where('asset.massId', '=', Number(values.uassMassId))
      .where('user_company.uscoUserId', '=', String(values.uassUserId))
      .executeTakeFirst();
    if (!member) throw badRequest({ uassMassId: [USER_ASSET_COMPANY_MESSAGE] });
  },
};

export const USER_ASSET_COMPANY_MESSAGE = "The asset must belong to one of the user's companies";
