import { text } from '../api/i18n.ts';
import { componentsTexts } from './texts.ts';

const KEYS = {
  empty: 'authEmpty',
  invalidLogin: 'authInvalidLogin',
  mismatch: 'authMismatch',
  resetRequested: 'authResetRequested',
  resetRequestFailed: 'authResetRequestFailed',
  passwordUpdated: 'authPasswordUpdated',
  passwordUpdateFailed: 'authPasswordUpdateFailed',
} as const;
type AuthText = keyof typeof KEYS;

/**
 * Texts of spec 000 §5 and §8 for the sign-in and password pages, verbatim in English: what the server says too
 * (a sign-in refused answers 'Invalid Username or Password'), so compare a server message with these.
 */
export const AUTH_TEXTS_EN: Readonly<Record<AuthText, string>> = Object.fromEntries(
  Object.entries(KEYS).map(([k, key]) => [k, componentsTexts.en[key]]),
) as Record<AuthText, string>;

/**
 * The same texts in the language in force when read (each property a getter over the components catalogue;
 * issue 27): read them at render or in the callback that shows them, never into a module-level constant.
 */
export const AUTH_TEXTS: Readonly<Record<AuthText, string>> = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(KEYS).map(([k, key]) => [k, { enumerable: true, get: () => text(componentsTexts, key) }]),
  ),
) as Record<AuthText, string>;

/** 'Can not be empty' under each blank field, and clears the others. */
export function blankFieldErrors(values: Record<string, string | undefined>) {
  return Object.entries(values).map(([name, v]) => ({ name, errors: v?.trim() ? [] : [AUTH_TEXTS.empty] }));
}
