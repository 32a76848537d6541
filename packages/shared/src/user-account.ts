import { z } from 'zod';
import { user } from './resources/user.ts';
import { userLogin } from './resources/user-login.ts';

/**
 * A user and its login saved in one call, all or nothing (spec 001 §2 Add New User and User Detail Save):
 * POST /master/user_account creates both, PUT /master/user_account/{userId} changes the status and the login.
 * Every field's message comes back at once (spec 001 §5), keyed like the forms' fields.
 */
export const USER_ACCOUNT_PATH = 'user_account';

const U = user.fields;
const L = userLogin.fields;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const userAccountCreateBody = z.object(
  {
    userId: U.userId.schema,
    userStatus: U.userStatus.schema.optional(),
    usloUserName: L.usloUserName.schema,
    usloPassword: z.preprocess(blankToUndefined, L.usloPassword.schema),
  },
  { error: 'Send the fields as a JSON object' },
);

/** An empty password keeps the stored one (a user without a login yet must send one). */
export const userAccountUpdateBody = z.object(
  {
    userStatus: U.userStatus.schema.optional(),
    usloUserName: L.usloUserName.schema,
    usloPassword: z.preprocess(blankToUndefined, L.usloPassword.schema.optional()),
  },
  { error: 'Send the fields as a JSON object' },
);

/** What the forms send. */
export interface UserAccountValues {
  userId: string;
  userStatus: number;
  usloUserName: string;
  usloPassword?: string;
}
