/**
 * The path the router is on its way to while a navigation loads (a lazy screen's code), or null when it is idle.
 * App's router subscription keeps it; a screen that writes its own query checks it first, because a
 * `setSearchParams` during that load starts a navigation of its own and cancels the one the user asked for.
 */
let pending: string | null = null;

export function setPendingNavigation(pathname: string | null) {
  pending = pathname;
}

/** True while the router is loading a navigation to another path than `pathname`. */
export function leavingFor(pathname: string): boolean {
  return pending != null && pending !== pathname;
}
