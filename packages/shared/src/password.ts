/**
 * The rule for a new password (a change, a reset, the first administrator's): the one definition, read by the
 * server's account routes, the setup route and `npm run create-admin`, and by the setup page before it sends.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (!password.trim()) return 'Password must not be blank';
  return null;
}
