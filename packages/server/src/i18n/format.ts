import type { Language } from './language.ts';

/**
 * The one formatter of numbers and dates in the server's texts (the daily report, mails, messages): English writes
 * `1,426.89` and `01 March 2026`, Indonesian `1.426,89` and `01 Maret 2026`. A missing number is '-'.
 */
const TAGS: Record<Language, string> = { en: 'en-US', id: 'id-ID' };
const cache = new Map<string, Intl.NumberFormat>();

/** Fraction digits: exactly n, or [min, max]. */
export type Digits = number | readonly [min: number, max: number];

function numberFormat(language: Language, digits: Digits): Intl.NumberFormat {
  const [min, max] = typeof digits === 'number' ? [digits, digits] : digits;
  const key = `${language}|${min}|${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(TAGS[language], { minimumFractionDigits: min, maximumFractionDigits: max });
    cache.set(key, f);
  }
  return f;
}

/** A number with the language's marks and thousands grouping; '-' when missing. */
export function formatNumber(v: number | null | undefined, language: Language, digits: Digits = 2): string {
  return v == null || !Number.isFinite(v) ? '-' : numberFormat(language, digits).format(v);
}

const MONTHS: Record<Language, readonly string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  id: 'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(' '),
};
const DAYS: Record<Language, readonly string[]> = {
  en: 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' '),
  id: 'Minggu Senin Selasa Rabu Kamis Jumat Sabtu'.split(' '),
};

/** The name of month 0–11. */
export const monthName = (month: number, language: Language) => MONTHS[language][month];
/** The name of weekday 0–6 (0: Sunday). */
export const dayName = (day: number, language: Language) => DAYS[language][day];

const pad = (n: number) => String(n).padStart(2, '0');

/** `DD MMMM YYYY HH:mm` of epoch seconds `ts` at `tz` hours east of UTC (spec 002 §9 display format); '-' when none. */
export function formatDateTime(ts: number | null | undefined, tz: number, language: Language): string {
  if (ts == null) return '-';
  const d = new Date((ts + tz * 3600) * 1000);
  return `${pad(d.getUTCDate())} ${monthName(d.getUTCMonth(), language)} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
