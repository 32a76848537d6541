/** Times in telemetry requests and readings: epoch seconds, ISO 8601, or `YYYY-MM-DD HH:mm:ss` taken as UTC. */
export function parseTime(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.floor(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) return Math.floor(Number(s));
  let iso = s.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) iso += 'T00:00:00';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z';
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

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

/** Seconds per unit word, as the specs' interval table (spec 000 §9): month = 30 days there. */
export const UNIT_SECONDS: Record<string, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
  month: 2592000,
};

/** 'Day', 'days', 'DAY' → 86400. */
export function unitSeconds(word: string): number | undefined {
  const w = word.trim().toLowerCase().replace(/s$/, '');
  return UNIT_SECONDS[w];
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
