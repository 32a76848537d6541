import { returnTarget } from '../routing/return-to.ts';

/**
 * Browser storage of the session (spec 000 §9, spec 002 §3.8): the auth token and the remembered
 * login e-mail in local storage, the authenticated flag and the page to return to in session storage (one per tab).
 */
export const TOKEN_KEY = 'token';
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
export const AUTHENTICATED_KEY = 'authenticated';
/** the page to land on after sign-in and selection (routing/return-to.ts), one per tab */
export const RETURN_TO_KEY = 'returnTo';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage disabled (private mode, sandboxed frame)
  }
}

export const storage = {
  token: () => safe(() => localStorage.getItem(TOKEN_KEY), null),
  setToken: (token: string | null) =>
    safe(() => (token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY)), undefined),
  authenticated: () => safe(() => sessionStorage.getItem(AUTHENTICATED_KEY) === 'true', false),
  setAuthenticated: (value: boolean) =>
    safe(
      () => (value ? sessionStorage.setItem(AUTHENTICATED_KEY, 'true') : sessionStorage.removeItem(AUTHENTICATED_KEY)),
      undefined,
    ),
  returnTo: () => safe(() => returnTarget(sessionStorage.getItem(RETURN_TO_KEY)), null),
  /** remembers `path` when it is a page to return to (a null path forgets it) */
  setReturnTo: (path: string | null) =>
    safe(() => {
      const target = returnTarget(path);
      if (target) sessionStorage.setItem(RETURN_TO_KEY, target);
      else if (path === null) sessionStorage.removeItem(RETURN_TO_KEY);
    }, undefined),
  rememberedEmail: () => safe(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '', ''),
  setRememberedEmail: (value: string | null) =>
    safe(
      () => (value ? localStorage.setItem(REMEMBERED_EMAIL_KEY, value) : localStorage.removeItem(REMEMBERED_EMAIL_KEY)),
      undefined,
    ),
};
