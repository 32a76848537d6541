import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import type { SessionStatus, SignedIn } from '@fleet/shared/answers/session.ts';
import type { ShareLinkCurrent, ShareLinkOpened, SigninMethod } from '@fleet/shared/answers/share-links.ts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, setPageToken } from '../../api/client.ts';
import { setZone } from '../../api/zone.ts';
import type { LinkParams } from './link-params.ts';

/** What the report link page says itself (texts.ts), for what the server does not answer itself. */
export type LinkProblem = 'noLink' | 'noVessel' | 'wrongGroup' | 'vesselUnavailable';

/** Why the page cannot show the report: one of its own problems (shown in the language in force), else a message. */
export type LinkFailure = { problem: LinkProblem } | { message: string };

/**
 * The vessel and period the page shows, and how it was opened: a share link's `current` answer, or (u/p link) the
 * link's vessel and period with the asset row's name.
 */
export type LinkView = Pick<ShareLinkCurrent, 'massId' | 'start' | 'end'> & {
  mode: 'share-link' | 'password';
  /** share links only: until when the link works (epoch s) */
  expires: number | null;
  massName: string | null;
};

class LinkPageError extends Error {
  constructor(readonly failure: LinkFailure) {
    super('problem' in failure ? failure.problem : failure.message);
  }
}

const failureOf = (e: unknown): LinkFailure =>
  e instanceof LinkPageError ? e.failure : { message: isApiError(e) ? e.message : String(e) };

async function openShareLink(link: string): Promise<LinkView> {
  const opened = await api.post<ShareLinkOpened>('/share-links/open', { token: link }, { silent: true });
  setPageToken(opened.token);
  const cur = await api.get<ShareLinkCurrent>('/share-links/current', { silent: true });
  setZone(cur.timezone);
  return { mode: 'share-link', ...cur };
}

/**
 * Spec 002 §7.1 for compatibility: the credentials from the link go in a POST body to the product's own sign-in
 * (never in a URL the server sees), then the link's company (and group) become active. The session lives in this
 * page only (setPageToken).
 */
async function signInWithPassword(p: LinkParams): Promise<LinkView> {
  if (!p.username || !p.password) throw new LinkPageError({ problem: 'noLink' });
  if (p.massId == null || p.start == null || p.end == null || p.end <= p.start)
    throw new LinkPageError({ problem: 'noVessel' });
  // an external OpenID Connect issuer, when the server has one configured (README "Report links"), else the product
  const { method } = await api.get<SigninMethod>('/share-links/signin-method', { silent: true });
  const signed = await api.post<SignedIn>(
    method === 'oidc' ? '/share-links/oidc-signin' : '/security/authentication/login',
    { username: p.username, password: p.password },
    { silent: true },
  );
  setPageToken(signed.token);
  if (p.compId != null) {
    const status = await api.get<SessionStatus>(`/security/authentication/setcompany/${p.compId}`, { silent: true });
    setZone(status.activeCompany?.timezone);
    if (p.grcpId != null && status.activeCompany?.grcpId !== p.grcpId)
      throw new LinkPageError({ problem: 'wrongGroup' });
  }
  const assets = await api.list<AssetRow>('/master/asset', { silent: true, query: { max: 1000 } });
  const asset = assets.rows.find((a) => a.massId === p.massId);
  if (!asset) throw new LinkPageError({ problem: 'vesselUnavailable' });
  return {
    mode: 'password',
    massId: p.massId,
    start: p.start,
    end: p.end,
    expires: null,
    massName: asset.massName,
  };
}

/** Signs the page in once per load (a share link, else u/p) and says what it may show, or why not. */
export function useLinkSession(p: LinkParams) {
  const q = useQuery({
    queryKey: ['report-link', 'session', p.link ?? p.username],
    queryFn: async () => {
      try {
        if (p.link) return await openShareLink(p.link);
        return await signInWithPassword(p);
      } catch (e) {
        setPageToken(null);
        throw new LinkPageError(failureOf(e));
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { view: q.data, failure: q.error ? failureOf(q.error) : null, loading: q.isLoading };
}
