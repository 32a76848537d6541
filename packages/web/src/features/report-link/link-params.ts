/**
 * What the report link page reads from its address (spec 002 §2.4): a share link (`link`), or the spec's
 * credentials `u`/`p` with `grcpId`, `compId`, and the vessel and period (`devcMassId`, `start`, `end`, epoch s).
 * `u` and `p` are taken out of the address bar at once (history.replaceState), before anything renders or loads,
 * so they do not stay in the history entry, a bookmark or a copied address (CWE-598; docs/decisions.md).
 */
export interface LinkParams {
  link: string | null;
  username: string | null;
  password: string | null;
  grcpId: number | null;
  compId: number | null;
  massId: number | null;
  start: number | null;
  end: number | null;
}

const whole = (v: string | null) => (v != null && /^\d{1,12}$/.test(v) ? Number(v) : null);

/** Parses a query string and returns what must stay in the address bar (u and p removed). */
export function parseLinkParams(search: string): { params: LinkParams; kept: string } {
  const q = new URLSearchParams(search);
  const params: LinkParams = {
    link: q.get('link'),
    username: q.get('u'),
    password: q.get('p'),
    grcpId: whole(q.get('grcpId')),
    compId: whole(q.get('compId')),
    massId: whole(q.get('devcMassId')),
    start: whole(q.get('start')),
    end: whole(q.get('end')),
  };
  q.delete('u');
  q.delete('p');
  const kept = q.toString();
  return { params, kept: kept ? `?${kept}` : '' };
}

let taken: { after: string; params: LinkParams } | null = null;

/**
 * Reads the page's parameters once per page load and strips u/p from the address bar. A second call (React's
 * strict mode renders twice) gets the same answer although the address no longer holds the credentials.
 */
export function takeLinkParams(): LinkParams {
  const { pathname, search, hash } = window.location;
  if (taken && taken.after === search) return taken.params;
  const { params, kept } = parseLinkParams(search);
  if (kept !== search) window.history.replaceState(window.history.state, '', `${pathname}${kept}${hash}`);
  taken = { after: kept, params };
  return params;
}
