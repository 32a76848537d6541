import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/envelope.ts';

/**
 * Sign-in accepts a login name or an e-mail (auth/credentials.ts), so both are one namespace across all
 * tenants, compared case-insensitively: a login name may not be another user's login name or e-mail, and a
 * new e-mail may not be another user's login name. A user's own e-mail as its login name is fine.
 */
export const LOGIN_NAMESPACE_MESSAGES = {
  loginTaken: 'This login name is already taken',
  loginIsEmail: 'This login name is the e-mail of another user',
  emailIsLogin: 'This e-mail is the login name of another user',
} as const;

/** 409 when login name `loginName` of user `userId` clashes with another user's login name or e-mail. */
export async function assertLoginNameFree(db: Db, userId: string, loginName: string): Promise<void> {
  const name = loginName.trim().toLowerCase();
  const login = await db
    .selectFrom('user_login')
    .select('usloId')
    .where((eb) => eb(eb.fn('lower', ['usloUserName']), '=', name))
    .where('usloUserId', '!=', userId)
    .executeTakeFirst();
  if (login) throw conflict(LOGIN_NAMESPACE_MESSAGES.loginTaken);
  const email = await db
    .selectFrom('user')
    .select('userId')
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', name))
    .where('userId', '!=', userId)
    .executeTakeFirst();
  if (email) throw conflict(LOGIN_NAMESPACE_MESSAGES.loginIsEmail);
}

/** 409 when e-mail `userId` of a new user is another user's login name. */
export async function assertEmailFree(db: Db, userId: string): Promise<void> {
  const login = await db
    .selectFrom('user_login')
    .select('usloId')
    .where((eb) => eb(eb.fn('lower', ['usloUserName']), '=', userId.trim().toLowerCase()))
    .where('usloUserId', '!=', userId)
    .executeTakeFirst();
  if (login) throw conflict(LOGIN_NAMESPACE_MESSAGES.emailIsLogin);
}
