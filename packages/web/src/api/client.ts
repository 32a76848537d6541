import { AUTH_ERROR_MESSAGE, type Envelope, ErrorCode, type FieldMessages } from '@fleet/shared/api.ts';
import { targetOf } from '../routing/return-to.ts';
import { text } from './i18n.ts';
import { currentLocale } from './locale.ts';
import { storage } from './session-storage.ts';
import { apiTexts, liveTexts } from './texts.ts';
import { holdSuccessToasts, toast } from './toast.ts';

/** Texts of spec 000 §8, in the language in force when read. */
export const ERROR_TEXTS = liveTexts({
  reLogin: 'reLogin',
  sessionExpired: 'sessionExpired',
  network: 'network',
  fieldErrors: 'fieldErrors',
  cancelled: 'cancelled',
});

export type ApiErrorKind = 'server' | 'network' | 'cancelled';

/** A failed call: the server's status (message, errorCode, per-field messages), no answer, or a cancel. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly httpStatus: number;
  readonly errorCode: number | null;
  /** set when status.message was a `{ field: [messages] }` object */
  readonly fieldMessages: FieldMessages | null;

  constructor(
    message: string,
    opts: {
      kind: ApiErrorKind;
      httpStatus?: number;
      errorCode?: number | null;
      fieldMessages?: FieldMessages | null;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = opts.kind;
    this.httpStatus = opts.httpStatus ?? 0;
    this.errorCode = opts.errorCode ?? null;
    this.fieldMessages = opts.fieldMessages ?? null;
  }

  get isSessionExpired() {
    return this.errorCode === ErrorCode.sessionExpired;
  }
  get isAuthError() {
    return this.message === AUTH_ERROR_MESSAGE;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

// ---- hooks the app shell installs (keeps this module free of React and of the stores)

type Handlers = {
  /** forget the signed-in user in memory and storage */
  signOut: () => void;
  /** client-side navigation (React Router) */
  navigate: (path: string) => void;
};
const handlers: Handlers = {
  signOut: () => {
    storage.setToken(null);
    storage.setAuthenticated(false);
  },
  navigate: (path) => window.location.assign(path),
};

export function configureClient(h: Partial<Handlers>) {
  Object.assign(handlers, h);
}

// ---- a page-local session (the report link page): used instead of the stored token and never stored, so a
// link opened in a browser where someone is signed in neither replaces nor signs out their session

let pageToken: string | null = null;
export function setPageToken(token: string | null) {
  pageToken = token;
}

// ---- requests

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<
  string,
  QueryValue | QueryValue[] | Record<string, QueryValue | QueryValue[]> | undefined
>;

export interface RequestOptions {
  query?: QueryParams;
  /** FormData is sent as multipart, anything else as JSON */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The caller handles every failure itself: no toast, no sign-out, no redirect
   * (the login page asking whether a stored token is still good).
   */
  silent?: boolean;
  /**
   * A call the user did not ask for (the live connection's ticket): its failures are not shown, except a session that
   * ended, which is handled as for any call (issue 28: it went unnoticed while the ticket calls failed).
   */
  background?: boolean;
  /** text of the toast for a failure carrying a plain message, instead of the server's message */
  errorToast?: string;
  /** text of the toast for a failure carrying per-field messages, instead of 'Error found' (asset save: 'Invalid data') */
  fieldErrorToast?: string;
  /** more request headers (a save's `If-Unmodified-Since`: the version of the record the form opened) */
  headers?: Record<string, string>;
}

/**
 * `finds: { devcType: ['gps'] }` → `finds[devcType]=gps`, `orders: { x: 'asc' }` → `orders[x]=asc`,
 * arrays repeat the key; empty values are left out.
 */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const out = new URLSearchParams();
  const add = (key: string, v: QueryValue) => {
    if (v === undefined || v === null || v === '') return;
    out.append(key, String(v));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) add(key, v);
    else if (value !== null && typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) {
        if (Array.isArray(v)) for (const x of v) add(`${key}[${sub}]`, x);
        else add(`${key}[${sub}]`, v);
      }
    } else add(key, value);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

function isFieldMessages(m: unknown): m is FieldMessages {
  return typeof m === 'object' && m !== null && !Array.isArray(m);
}

/** Per-field messages as the form shows them: each field's list of strings. */
function normaliseFieldMessages(m: Record<string, unknown>): FieldMessages {
  const out: FieldMessages = {};
  for (const [k, v] of Object.entries(m)) out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
  return out;
}

// ---- a session that ended (spec 000 §8: errorCode 411, 'Authentication Error')

/** the user was told and sent to sign in; the calls still under way that meet the same end say nothing more */
let sessionLost = false;

/**
 * The user is signed out, told once ('Please re-login', or that the session expired) and sent to Login, keeping the
 * page they were on for after sign-in (routing/return-to.ts). A success toast of a call still under way (a Refresh
 * that met the ended session) would contradict that: none is shown until the next sign-in (issue 28).
 */
function endSession(message: string) {
  if (sessionLost) return;
  sessionLost = true;
  storage.setReturnTo(targetOf(window.location));
  holdSuccessToasts(true);
  toast.error(message);
  handlers.signOut();
  handlers.navigate('/auth/login');
}

/** A new session began (sign-in): its ending is reported again, its successes shown. */
export function sessionStarted() {
  sessionLost = false;
  holdSuccessToasts(false);
}

/** Spec 000 §8: what the user sees for a failed call. */
function handleFailure(err: ApiError, opts: RequestOptions) {
  if (opts.silent || pageToken) return; // the link page shows its own failures
  // errorCode 411 (idle expiry), the spec's "treated as logged out, to the site origin": Login, told why
  if (err.isSessionExpired) return endSession(ERROR_TEXTS.sessionExpired);
  if (err.isAuthError) return endSession(ERROR_TEXTS.reLogin);
  if (opts.background) return;
  if (err.kind === 'cancelled') {
    console.info(ERROR_TEXTS.cancelled); // a cancel is the user's (or React's) own doing: no toast
    return;
  }
  if (err.kind === 'network') {
    toast.error(ERROR_TEXTS.network);
    return;
  }
  if (err.fieldMessages) {
    toast.error(opts.fieldErrorToast ?? ERROR_TEXTS.fieldErrors);
    return;
  }
  toast.error(opts.errorToast ?? err.message);
}

/** How often a request the server shed as busy is sent again. */
const BUSY_RETRIES = 3;

/** The wait a busy answer asks for (Retry-After in seconds), between 0.5 and 5 s. */
export function busyDelayMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return Math.min(5000, Math.max(500, Number.isFinite(seconds) ? seconds * 1000 : 1000));
}

/** Resolves after `ms`, or rejects as aborted when the signal fires first. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((ok, fail) => {
    if (signal?.aborted) return fail(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(ok, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      fail(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/**
 * The language header of every call to /api (issue 27): the server writes its messages, and the daily report drawn
 * for the call, in the language in force. Calls made with `fetch` directly (file downloads) send it too.
 */
export const languageHeaders = (): Record<string, string> => ({ 'Accept-Language': currentLocale() });

/**
 * One call to /api: sends the token and the language, unwraps the envelope, maps every failure to an ApiError. A request shed by a
 * busy server is sent again after the wait it asks for, up to three times.
 */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json', ...languageHeaders() };
  const token = pageToken ?? storage.token();
  if (token) headers.Authentication = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = `/api${path.startsWith('/') ? path : `/${path}`}${toQueryString(opts.query)}`;

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: opts.signal });
    // a busy server sheds a request before handling it (503 with Retry-After): asking again is safe for every
    // method, so the user sees the answer a moment later instead of an error
    for (let attempt = 1; attempt <= BUSY_RETRIES && res.status === 503 && res.headers.has('retry-after'); attempt++) {
      await wait(busyDelayMs(res.headers.get('retry-after')), opts.signal);
      res = await fetch(url, { method, headers, body, signal: opts.signal });
    }
  } catch (e) {
    const cancelled = (e as Error)?.name === 'AbortError' || opts.signal?.aborted;
    const err = cancelled
      ? new ApiError(ERROR_TEXTS.cancelled, { kind: 'cancelled' })
      : new ApiError(ERROR_TEXTS.network, { kind: 'network' });
    handleFailure(err, opts);
    throw err;
  }

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || !envelope.status) {
    // no answer body (proxy error page, server down behind a proxy)
    const err = new ApiError(ERROR_TEXTS.network, { kind: 'network', httpStatus: res.status });
    handleFailure(err, opts);
    throw err;
  }
  const { status } = envelope;
  if (status.error !== 0 || !res.ok) {
    const fieldMessages = isFieldMessages(status.message) ? normaliseFieldMessages(status.message) : null;
    const message = fieldMessages
      ? ERROR_TEXTS.fieldErrors
      : String(status.message || text(apiTexts, 'requestFailed', { status: res.status }));
    const err = new ApiError(message, {
      kind: 'server',
      httpStatus: res.status,
      errorCode: status.errorCode ?? res.status,
      fieldMessages,
    });
    handleFailure(err, opts);
    throw err;
  }
  return envelope;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The data of each call; lists give rows and pagination.totalData. */
export const api = {
  get: async <T>(path: string, opts?: RequestOptions) => (await request<T>('GET', path, opts)).data,
  list: async <T>(path: string, opts?: RequestOptions): Promise<Page<T>> => {
    const env = await request<T[]>('GET', path, opts);
    const rows = Array.isArray(env.data) ? env.data : [];
    return { rows, total: env.pagination?.totalData ?? rows.length };
  },
  post: async <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    (await request<T>('POST', path, { ...opts, body })).data,
  put: async <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    (await request<T>('PUT', path, { ...opts, body })).data,
  delete: async <T>(path: string, opts?: RequestOptions) => (await request<T>('DELETE', path, opts)).data,
};

/** A FormData from plain values (multipart calls: login, uploads). */
export function formData(values: Record<string, string | Blob | number | undefined | null>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) fd.append(k, v as string | Blob);
  return fd;
}
