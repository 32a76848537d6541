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
  if (day !== cachedDay) {
    const iso = new Date(day * 86400000).toISOString();
    if (iso.length !== 24) return new Date(ts * 1000).toISOString(); // years beyond 9999
    cachedDay = day;
    cachedPrefix = iso.slice(0, 11);
  }
  const s = ts - day * 86400;
  return `${cachedPrefix}${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}.000Z`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
