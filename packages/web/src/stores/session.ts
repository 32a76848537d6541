import type { SessionStatus, SignedIn } from '@fleet/shared/answers/session.ts';
import type { UserAccess } from '@fleet/shared/permissions.ts';
import { create } from 'zustand';
import { api, configureClient, formData, sessionStarted } from '../api/client.ts';
import { storage } from '../api/session-storage.ts';

/** The applications of spec 000 §1; only enabled ones may become active. */
export type AppKey = 'fms' | 'bunkering' | 'ehm' | 'alert' | 'pms' | 'tlm';

/** A company group of the status answer, with the companies to choose from. */
export type SessionGroup = SessionStatus['groups'][number];

const AUTH = '/security/authentication';

interface SessionState {
  /** a token is stored and this tab went through sign-in (session storage flag) */
  authenticated: boolean;
  /** the status was loaded in this page life */
  loaded: boolean;
  userId: string | null;
  username: string | null;
  userAccess: UserAccess;
  groups: SessionStatus['groups'];
  companies: SessionStatus['companies'];
  activeCompany: SessionStatus['activeCompany'];
  activeGroup: SessionStatus['activeGroup'];
  activeApp: string | null;
  /** the zone and the interface language the user chose (Profile); null: the company's zone, the browser's language */
  userTimezone: string | null;
  userLanguage: SessionStatus['userLanguage'];
  /** writes the lists every tenant shares and the built-in roles */
  platformAdmin: boolean;

  /** POST login (name or e-mail); a 200 without token is a failure (spec 000 §7). */
  signIn: (username: string, password: string) => Promise<SignedIn>;
  /** GET status; without an active company the user is unauthenticated (spec 002 §4 Auth). */
  loadUser: (opts?: { silent?: boolean }) => Promise<SessionStatus>;
  /** take over a status answer (status, setcompany and setapp all answer one) */
  apply: (status: SessionStatus) => void;
  setCompany: (compId: number) => Promise<void>;
  setApp: (app: AppKey) => Promise<void>;
  /** GET logout (best effort), then forget everything. */
  signOut: () => Promise<void>;
  /** forget the user locally (token, flag, in-memory state) */
  clear: () => void;
  /** mark this tab signed in (a stored token that still answers status) */
  markAuthenticated: () => void;
}

const empty = {
  loaded: false,
  userId: null,
  username: null,
  userAccess: {},
  groups: [],
  companies: [],
  activeCompany: null,
  activeGroup: null,
  activeApp: null,
  userTimezone: null,
  userLanguage: null,
  platformAdmin: false,
} satisfies Partial<SessionState>;

export const useSession = create<SessionState>()((set, get) => ({
  authenticated: storage.authenticated() && !!storage.token(),
  ...empty,

  async signIn(username, password) {
    try {
      const data = await api.post<SignedIn>(`${AUTH}/login`, formData({ username, password }), { silent: true });
      if (!data?.token) throw new Error('Invalid Username or Password');
      storage.setToken(data.token);
      storage.setAuthenticated(true);
      sessionStarted();
      set({ ...empty, authenticated: true, userId: data.userId, username: data.username });
      return data;
    } catch (e) {
      storage.setAuthenticated(false);
      set({ authenticated: false });
      throw e;
    }
  },

  async loadUser(opts) {
    const status = await api.get<SessionStatus>(`${AUTH}/status`, { silent: opts?.silent });
    get().apply(status);
    return status;
  },

  apply(status) {
    set({
      loaded: true,
      userId: status.userId,
      username: status.username,
      userAccess: status.userAccess ?? {},
      groups: status.groups ?? [],
      companies: status.companies ?? [],
      activeCompany: status.activeCompany,
      activeGroup: status.activeGroup,
      activeApp: status.activeApp,
      userTimezone: status.userTimezone ?? null,
      userLanguage: status.userLanguage ?? null,
      platformAdmin: status.platformAdmin ?? false,
    });
  },

  async setCompany(compId) {
    get().apply(await api.get<SessionStatus>(`${AUTH}/setcompany/${compId}`));
  },

  async setApp(app) {
    get().apply(await api.get<SessionStatus>(`${AUTH}/setapp/${app}`));
  },

  async signOut() {
    if (storage.token()) await api.get(`${AUTH}/logout`, { silent: true }).catch(() => undefined);
    get().clear();
  },

  clear() {
    storage.setToken(null);
    storage.setAuthenticated(false);
    set({ ...empty, authenticated: false });
  },

  markAuthenticated() {
    storage.setAuthenticated(true);
    sessionStarted();
    set({ authenticated: true });
  },
}));

// the API client signs the user out on 'Authentication Error' and errorCode 411
configureClient({ signOut: () => useSession.getState().clear() });
