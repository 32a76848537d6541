/**
 * The page a user asked for before being sent to sign in or to choose company and application (issue 28: a link
 * opened in a new tab, a session that ended): they land on it afterwards. Only a path of this site is taken (no
 * other origin: no open redirect), never the way in itself (/auth, /preference) nor the bare root.
 */
const BASE = 'http://in.app';

/** The in-app path (with query and hash) of `path`, or null when it is not one to return to. */
export function returnTarget(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  if (url.pathname === '/' || /^\/(auth|preference)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The target of a location (React Router's or the browser's). */
export const targetOf = (l: { pathname: string; search: string; hash: string }) =>
  returnTarget(`${l.pathname}${l.search}${l.hash}`);
