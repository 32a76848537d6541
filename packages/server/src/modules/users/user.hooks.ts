import { conflict } from '../../http/envelope.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { activeGroupId } from '../companies/tenant.hooks.ts';
import type { ResourceHooks } from '../crud/hooks.ts';
import { assertEmailFree, assertLoginNameFree } from './login-namespace.ts';

/**
 * A new user belongs to the tenant of the creator's active company; its e-mail may not be another user's login
 * name (users/login-namespace.ts). Deleting a user deletes its login (spec 001 §4); nobody deletes their own
 * account from the list.
 */
export const userHooks: ResourceHooks = {
  async prepareCreate(ctx, values) {
    values.userGrcpId = await activeGroupId(ctx);
  },
  async beforeCreate(ctx, values) {
    await assertEmailFree(ctx.db, String(values.userId));
  },
  async beforeDelete(ctx, stored) {
    if (stored.userId === ctx.session.userId) throw conflict('You cannot delete your own user');
    await ctx.db.deleteFrom('user_login').where('usloUserId', '=', stored.userId).execute();
  },
};

/**
 * A login name is free across all tenants, case-insensitively, and is nobody else's e-mail; a new password
 * signs the user out everywhere (except the administrator's own session).
 */
export const userLoginHooks: ResourceHooks = {
  async beforeCreate(ctx, values) {
    await assertLoginNameFree(ctx.db, String(values.usloUserId), String(values.usloUserName));
  },
  async beforeUpdate(ctx, stored, values) {
    if (values.usloUserName !== undefined) {
      await assertLoginNameFree(ctx.db, String(stored.usloUserId), String(values.usloUserName));
    }
  },
  async afterUpdate(ctx, stored, values) {
    if (values.usloPassword !== undefined) {
      await revokeUserSessions(ctx.db, String(stored.usloUserId), ctx.session.tokenHash);
    }
  },
};
