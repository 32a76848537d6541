import type { ResourceHooks } from '../crud/hooks.ts';

/**
 * Company visibility follows membership, so the creator of a company becomes one of its users
 * (all assets) — otherwise the company would vanish from their list the moment it is created.
 */
export const companyHooks: ResourceHooks = {
  // a new company starts with the installation's default zone (docs/domain.md §1), written down so that a later
  // change of TZ_OFFSET does not move its days
  async beforeCreate(ctx, values) {
    if (!values.compTimezone) values.compTimezone = ctx.req.server.deps.config.defaultTimeZone;
  },
  async afterCreate(ctx, id) {
    await ctx.db
      .insertInto('user_company')
      .values({ uscoUserId: ctx.session.userId, uscoCompId: id, uscoAllAssets: 1 })
      .execute();
  },
};
