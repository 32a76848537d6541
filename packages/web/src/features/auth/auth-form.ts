import type { FormInstance } from 'antd';
import { ERROR_TEXTS, isApiError } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';

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

type FieldList = { name: string; errors: string[] }[];

/**
 * A failed call of an auth form (these calls are silent in the client): per-field messages go under
 * the fields; `byMessage` may turn a plain message into field errors; anything else is a toast.
 */
export function showFailure(form: FormInstance, e: unknown, byMessage?: (message: string) => FieldList | null): void {
  if (!isApiError(e)) {
    const fields = byMessage?.('');
    if (fields) form.setFields(fields);
    else toast.error(String((e as Error)?.message ?? e));
    return;
  }
  if (e.kind === 'cancelled') return;
  if (e.kind === 'network') {
    toast.error(ERROR_TEXTS.network);
    return;
  }
  if (e.fieldMessages) {
    const rest = applyFieldErrors(form, e.fieldMessages);
    if (rest.length) toast.error(rest.join(' '));
    return;
  }
  const fields = byMessage?.(e.message);
  if (fields) form.setFields(fields);
  else toast.error(e.message);
}
