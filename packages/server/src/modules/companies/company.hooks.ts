import type { ResourceHooks } from '../crud/hooks.ts';

/**
 * Company visibility follows membership, so the creator of a company becomes one of its users
 * (all assets) — otherwise the company would vanish from their list the moment it is created.
 */
export const companyHooks: ResourceHooks = {
  async afterCreate(ctx, id) {
    await ctx.db
      .insertInto('user_company')
      .values({ uscoUserId: ctx.session.userId, uscoCompId: id, uscoAllAssets: 1 })
      .execute();
  },
};
