import { badRequest, forbidden } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';

export const GROUP_PLATFORM_MESSAGE = 'Only a platform administrator can add or delete a group (a tenant)';
export const NO_ACTIVE_COMPANY_MESSAGE = 'Choose a company first: new entries belong to its group';

/** The group (tenant) of the session's active company: the tenant a new role or user belongs to. */
export async function activeGroupId(ctx: HookContext): Promise<number> {
  const compId = ctx.session.activeCompId;
  const row =
    compId === null
      ? undefined
      : await ctx.db.selectFrom('company').select('compGrcpId').where('compId', '=', compId).executeTakeFirst();
  const grcpId = Number((row as { compGrcpId?: unknown } | undefined)?.compGrcpId);
  if (!grcpId) throw badRequest(NO_ACTIVE_COMPANY_MESSAGE);
  return grcpId;
}

/** Groups are tenants: a platform administrator adds and removes them; a tenant edits its own. */
export const groupHooks: ResourceHooks = {
  async prepareCreate(ctx) {
    if (!ctx.scope.platformAdmin) throw forbidden(GROUP_PLATFORM_MESSAGE);
  },
  async beforeDelete(ctx) {
    if (!ctx.scope.platformAdmin) throw forbidden(GROUP_PLATFORM_MESSAGE);
  },
};

/** A new role belongs to the tenant of the active company (never a built-in one: those come with the product). */
export const roleHooks: ResourceHooks = {
  async prepareCreate(ctx, values) {
    values.roleGrcpId = await activeGroupId(ctx);
  },
};
