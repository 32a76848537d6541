import { browserLanguage, setLanguage } from '../api/i18n.ts';
import { setZone } from '../api/zone.ts';
import { useFilter } from '../stores/filter.ts';
import { useSession } from '../stores/session.ts';

/**
 * What the session decides for every signed-in screen, kept in step with it (loaded with the signed-in layouts, so the
 * sign-in page does not download the time zones; before sign-in the auth area speaks the browser's language,
 * AuthLayout.tsx BrowserLanguage):
 * - the zone the screens cut days in and show times in (api/zone.ts): the one the user chose, else the active
 *   company's — the shared filter's "today" is taken again when it changes;
 * - the interface language: the user's, else the browser's (only a language every screen has: api/i18n.ts).
 */
function follow(s: ReturnType<typeof useSession.getState>) {
  if (!s.loaded) return;
  if (setZone(s.userTimezone ?? s.activeCompany?.timezone)) useFilter.getState().reset();
  setLanguage(s.userLanguage ?? browserLanguage());
}

follow(useSession.getState());
useSession.subscribe(follow);
