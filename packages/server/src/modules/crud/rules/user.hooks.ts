import { conflict } from '../../../http/envelope.ts';
import { revokeUserSessions } from '../../auth/session.ts';
import type { ResourceHooks } from '../hooks.ts';

/** Deleting a user deletes its login (spec 001 §4); nobody deletes their own account from the list. */
export const userHooks: ResourceHooks = {
  async beforeDelete(ctx, stored) {
    if (stored.userId === ctx.session.userId) throw conflict('You cannot delete your own user');
    await ctx.db.deleteFrom('user_login').where('usloUserId', '=', stored.userId).execute();
  },
};

/** A new password signs the user out everywhere (except the administrator's own session). */
export const userLoginHooks: ResourceHooks = {
  async afterUpdate(ctx, stored, values) {
    if (values.usloPassword !== undefined) {
      await revokeUserSessions(ctx.db, String(stored.usloUserId), ctx.session.tokenHash);
    }
  },
};
