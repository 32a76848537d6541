/**
 * Epoch seconds → `2026-10-23T05:00:00.000Z`, as Date#toISOString. Series answers format thousands of times
 * of few days: the day part is made once per day, the time of day by arithmetic.
 */
let cachedDay = Number.NaN;
let cachedPrefix = '';
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
export function isoTime(ts: number): string {
  if (!Number.isInteger(ts)) return new Date(ts * 1000).toISOString();
  const day = Math.floor(ts / 86400);
  const prefix = isoDayPrefix(day);
  if (prefix === null) return new Date(ts * 1000).toISOString();
  const s = ts - day * 86400;
  return `${prefix}${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}.000Z`;
}

/**
 * `2026-10-23T`: the date part of isoTime for a UTC day (days since the epoch), made once for the last day asked;
 * null for years beyond 9999 (toISOString writes those with a sign and six digits).
 */
export function isoDayPrefix(day: number): string | null {
  if (day !== cachedDay) {
    const iso = new Date(day * 86400000).toISOString();
    if (iso.length !== 24) return null;
    cachedDay = day;
    cachedPrefix = iso.slice(0, 11);
  }
  return cachedPrefix;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
