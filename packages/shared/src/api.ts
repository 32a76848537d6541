/** The answer envelope on every JSON response (docs/api.md "Envelope"). */
export type FieldMessages = Record<string, string[]>;

export interface ApiStatus {
  error: 0 | 1;
  errorCode: number | null;
  message: string | FieldMessages;
}

export interface Envelope<T> {
  status: ApiStatus;
  data: T;
  pagination?: { totalData: number };
}

/** errorCode values the web app reacts to (spec 000 §8). */
export const ErrorCode = {
  /** invalid input; message may be a per-field object */
  validation: 400,
  /** no or unknown token: message is AUTH_ERROR_MESSAGE */
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** idle-expired session: the web app treats the user as logged out */
  sessionExpired: 411,
  tooManyRequests: 429,
  internal: 500,
} as const;

export const AUTH_ERROR_MESSAGE = 'Authentication Error';

/**
 * List query (docs/api.md "List query"): page is 1-based, max or pageSize, finds[field], findField+findValue,
 * orders[field].
 */
export interface ListQuery {
  page: number;
  max: number;
  finds: Record<string, string[]>;
  findField?: string;
  findValue?: string;
  orders: [field: string, dir: 'asc' | 'desc'][];
  /** `select[]`: the row fields to answer (all when absent) — a lean list for a screen that shows a few */
  select?: string[];
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 10000;
