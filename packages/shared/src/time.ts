/**
 * Time as every part of the product reads it: UTC epoch seconds (docs/domain.md §1). One strict parser serves
 * ingest, the series and summary paths and the forms; one table names the units and their seconds.
 */

/** 9999-12-31T23:59:59Z: later (or negative) times are typing mistakes, not dates. */
export const MAX_EPOCH = 253402300799;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:(Z)|([+-])(\d{2}):(\d{2}))?)?$/i;

/**
 * Epoch seconds from what clients send, or null when it is not a real time:
 * - epoch seconds as a JSON number or as decimal digits (`1790000000`, `1790000000.5`; no sign, no hex, no exponent);
 * - `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss[.fff]]` or with `T`, taken as UTC when no zone is given;
 * - ISO 8601 with a zone (`Z`, `+07:00`).
 * Calendar fields must exist: `2026-02-30`, `25:00`, `10:61` are refused instead of rolling over (Date.parse rolls
 * `2026-02-30T…Z` to 2 March). Times before 1970 or after 9999 are refused.
 */
export function toEpochSeconds(v: unknown): number | null {
  if (typeof v === 'number') return inRange(v);
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (/^\d{1,15}(\.\d+)?$/.test(s)) return inRange(Number(s));
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', se = '0', , sign, oh, om] = m;
  if (+h > 23 || +mi > 59 || +se > 59 || +mo < 1 || +mo > 12 || +d < 1) return null;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +se);
  const back = new Date(ms);
  // refuse 2026-02-30 instead of rolling over into March
  if (back.getUTCFullYear() !== +y || back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d) return null;
  let offset = 0;
  if (sign) {
    if (+oh > 14 || +om > 59) return null;
    offset = (sign === '-' ? -1 : 1) * (+oh * 3600 + +om * 60);
  }
  return inRange(ms / 1000 - offset);
}

function inRange(n: number): number | null {
  return n >= 0 && n <= MAX_EPOCH ? Math.floor(n) : null; // NaN fails both comparisons
}

/** ISO 8601 UTC text of epoch seconds. */
export const fromEpochSeconds = (s: number) => new Date(s * 1000).toISOString();

/**
 * Bucket units of the summary and combined data (and of Config Event periods): their length in seconds.
 * DAY buckets are aligned to local midnight of the request's timezone (docs/domain.md §1).
 */
export const BUCKET_SECONDS = { MINUTE: 60, HOUR: 3600, DAY: 86400 } as const;
export type BucketUnit = keyof typeof BUCKET_SECONDS;
export const BUCKET_UNITS = Object.keys(BUCKET_SECONDS) as BucketUnit[];

/** Seconds per unit word of the series paths and interval pickers (spec 000 §9: month = 30 days there). */
export const UNIT_SECONDS = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
  month: 2592000,
} as const;
export type UnitWord = keyof typeof UNIT_SECONDS;

/** 'Day', 'days', 'DAY' → 86400; undefined for anything else. */
export function unitSeconds(word: string): number | undefined {
  const w = word.trim().toLowerCase().replace(/s$/, '');
  return Object.hasOwn(UNIT_SECONDS, w) ? UNIT_SECONDS[w as UnitWord] : undefined;
}

/** Start of the bucket holding `ts`: buckets of `size` seconds aligned to local midnight of `tz` hours east of UTC. */
export const bucketStart = (ts: number, size: number, tz = 0): number => {
  const shift = Math.round(tz * 3600);
  return Math.floor((ts + shift) / size) * size - shift;
};
