/** Texts of spec 000 §5 and §8 for the sign-in and password pages, verbatim. */
export const AUTH_TEXTS = {
  empty: 'Can not be empty',
  invalidLogin: 'Invalid Username or Password',
  mismatch: 'Password does not match',
  resetRequested: 'Please check your email for further information.',
  resetRequestFailed: 'Failed to request reset password. please try again later or check your email address.',
  passwordUpdated: 'Password updated successfully. You will be redirectet to login page.',
  passwordUpdateFailed: 'Failed to update password',
} as const;

/** 'Can not be empty' under each blank field, and clears the others. */
export function blankFieldErrors(values: Record<string, string | undefined>) {
  return Object.entries(values).map(([name, v]) => ({ name, errors: v?.trim() ? [] : [AUTH_TEXTS.empty] }));
}
