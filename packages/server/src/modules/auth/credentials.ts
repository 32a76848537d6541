import type { Db } from '../../db/database.ts';
import { hashPassword, verifyPassword } from './tokens.ts';

export interface LoginAccount {
  userId: string;
  username: string;
  passwordHash: string;
  active: boolean;
}

/** The account a sign-in names: its login name (exact), else its e-mail (case-insensitive). */
export async function findAccount(db: Db, login: string): Promise<LoginAccount | null> {
  const base = () =>
    db
      .selectFrom('user_login')
      .innerJoin('user', 'user.userId', 'user_login.usloUserId')
      .select(['user_login.usloUserId', 'user_login.usloUserName', 'user_login.usloPassword', 'user.userStatus']);
  const row =
    (await base().where('user_login.usloUserName', '=', login).executeTakeFirst()) ??
    (await base()
      .where((eb) => eb(eb.fn('lower', ['user_login.usloUserId']), '=', login.toLowerCase()))
      .executeTakeFirst());
  if (!row) return null;
  return {
    userId: row.usloUserId,
    username: row.usloUserName,
    passwordHash: row.usloPassword,
    active: Number(row.userStatus) === 1,
  };
}

// verified against when the account does not exist, so both answers take the same scrypt time
let decoy: Promise<string> | undefined;

/** The account when the password matches and the user is active; null otherwise (never says which part failed). */
export async function checkPassword(account: LoginAccount | null, password: string): Promise<LoginAccount | null> {
  decoy ??= hashPassword('decoy password for unknown accounts');
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoy));
  return account && matches && account.active ? account : null;
}

/** Password rule for new passwords (change, reset, first administrator): one definition, in @fleet/shared. */
export { passwordProblem } from '@fleet/shared/password.ts';
