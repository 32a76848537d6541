import { z } from 'zod';
import { passwordProblem } from '../password.ts';
import { requiredText } from '../resources/define.ts';
import { user } from '../resources/user.ts';
import { userLogin } from '../resources/user-login.ts';

/**
 * First run (docs/operations.md "Real install"): `GET /api/setup` says whether the installation still needs its
 * first administrator — a boolean and nothing else, since anyone may ask before signing in.
 */
export const setupStateSchema = z.object({ setupNeeded: z.boolean() });
export type SetupState = z.infer<typeof setupStateSchema>;

/**
 * `POST /api/setup` (and `npm run create-admin`): the first administrator with its company group and company.
 * The login name and e-mail follow the user forms' rules (resources/user-login.ts, user.ts), the password the rule
 * of every new password (password.ts); every field's message is answered at once.
 */
export const firstAdminBody = z.object(
  {
    groupName: requiredText('Company group name'),
    companyName: requiredText('Company name'),
    username: userLogin.fields.usloUserName.schema,
    email: user.fields.userId.schema,
    password: z.string({ error: 'Password is required' }).superRefine((v, ctx) => {
      const problem = v === '' ? 'Password is required' : passwordProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  },
  { error: 'Send the fields as a JSON object' },
);
export type FirstAdminInput = z.input<typeof firstAdminBody>;

/** The administrator created, with its group and company (the page then signs in with the same login). */
export const firstAdminSchema = z.object({
  userId: z.string(),
  username: z.string(),
  grcpId: z.number(),
  grcpName: z.string(),
  companies: z.array(z.object({ compId: z.number(), compName: z.string() })),
});
export type FirstAdmin = z.infer<typeof firstAdminSchema>;
