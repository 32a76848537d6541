import dayjs from 'dayjs';
import { currentLocale, type Locale } from '../api/locale.ts';
import { periodText } from '../api/period.ts';
import { at } from '../api/zone.ts';

/**
 * The web app's one formatting module (issue 27; docs/domain.md "Number formats"): numbers, quantities with their
 * unit, dates, durations and coordinates, written for `currentLocale()` — English: grouping ',' and decimal '.';
 * Indonesian: grouping '.' and decimal ','. A missing value is '-'. Every function takes an optional locale (tests).
 */

/** Decimals: a fixed count, or [min, max] (spec 002 §9: bunker 2 to 5). */
export type Digits = number | readonly [min: number, max: number];

const TAGS: Record<Locale, string> = { en: 'en-US', id: 'id-ID' };
const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, digits: Digits, signed: boolean): Intl.NumberFormat {
  const [min, max] = typeof digits === 'number' ? [digits, digits] : digits;
  const key = `${locale}|${min}|${max}|${signed}`;
  let f = cache.get(key);
  if (!f) {
    // 'negative' / 'exceptZero': a value that rounds to 0 is never written "-0"
    const signDisplay = signed ? 'exceptZero' : 'negative';
    f = new Intl.NumberFormat(TAGS[locale], { minimumFractionDigits: min, maximumFractionDigits: max, signDisplay });
    cache.set(key, f);
  }
  return f;
}

const missing = (v: number | null | undefined): v is null | undefined => v == null || !Number.isFinite(v);

/** A number with the locale's marks: `1,426.89` (en), `1.426,89` (id); '-' when missing. Spec 002 §9: 2 decimals. */
export function num(v: number | null | undefined, digits: Digits = 2, locale = currentLocale()): string {
  return missing(v) ? '-' : numberFormat(locale, digits, false).format(v);
}

/** Units written without a space: `12.50%`, `45°`; every other unit after a space: `76.838 KL`, `12.5 knots`. */
const ATTACHED = new Set(['%', '°']);
const withUnit = (text: string, unit: string) => (ATTACHED.has(unit) ? `${text}${unit}` : `${text} ${unit}`);

/** A value with its unit next to it: `76.838 KL` (en), `76,838 KL` (id); '-' alone when missing. */
export function qty(v: number | null | undefined, unit: string, digits: Digits = 2, locale = currentLocale()): string {
  return missing(v) ? '-' : withUnit(numberFormat(locale, digits, false).format(v), unit);
}

/** A signed difference with its unit: `+0.89849 KL`, `-0.345 KL`, `0.00 KL`; '-' when missing. */
export function delta(v: number | null | undefined, unit: string, digits: Digits = 2, locale = currentLocale()) {
  return missing(v) ? '-' : withUnit(numberFormat(locale, digits, true).format(v), unit);
}

/** A percentage, 2 decimals (spec 002 §9): `1.19%` (en), `1,19%` (id); '-' when missing. */
export const percent = (v: number | null | undefined, digits: Digits = 2, locale = currentLocale()) =>
  qty(v, '%', digits, locale);

/** Bunker display unit (spec 002 §2.15): kl (litres ÷ 1000, the default) or l. */
export type BunkerUnit = 'kl' | 'l';
/** The unit texts of the bunkering screens (spec 002 §2.15 "KL"). */
export const BUNKER_UNIT_TEXT: Record<BunkerUnit, string> = { kl: 'KL', l: 'L' };
/** Bunker figures: 2 to 5 decimals; ROB figures: 1 to 5 (spec 002 §9). */
export const BUNKER_DIGITS = [2, 5] as const;
export const ROB_DIGITS = [1, 5] as const;

/** Bunker litres as a number in the chosen unit (litres ÷ 1000 for kl), 2 to 5 decimals (spec 002 §9). */
export const formatBunker = (litres: number | null | undefined, unit: BunkerUnit = 'kl', locale = currentLocale()) =>
  num(litres == null ? null : unit === 'kl' ? litres / 1000 : litres, BUNKER_DIGITS, locale);

/** Bunker litres as kilolitres with the unit: `76.838 KL` (en), `76,838 KL` (id). */
export const kl = (litres: number | null | undefined, locale = currentLocale()) =>
  qty(litres == null ? null : litres / 1000, BUNKER_UNIT_TEXT.kl, BUNKER_DIGITS, locale);

/** ROB litres with the unit: `-1,000.0 L` (en), `-1.000,0 L` (id). */
export const robLitres = (litres: number | null | undefined, locale = currentLocale()) =>
  qty(litres, 'L', ROB_DIGITS, locale);

/** Adjustment history values: KL with 3 decimals (spec 002 §9), under the header "Value (KL)". */
export const formatKl3 = (litres: number, locale = currentLocale()) => num(litres / 1000, 3, locale);

/** A bunker percentage with 2 decimals, or N/A (spec 002 §2.15: a zero or missing reference has none). */
export const formatPercent = (p: number | null | undefined, locale = currentLocale()) =>
  missing(p) ? 'N/A' : percent(p, 2, locale);

/** A discrepancy (spec 002 §2.15): signed KL, 2 to 5 decimals, and its percentage: `+0.89849 KL (1.19%)`. */
export const discrepancy = (litres: number, percentage: number | null | undefined, locale = currentLocale()) =>
  `${delta(litres / 1000, BUNKER_UNIT_TEXT.kl, BUNKER_DIGITS, locale)} (${formatPercent(percentage, locale)})`;

/** Date and time as the bunkering screens show them: DD-MM-YYYY HH:mm, in the company's zone. */
export function formatDateTime(iso: string | null | undefined, format = 'DD-MM-YYYY HH:mm'): string {
  if (!iso) return '-';
  const d = dayjs(iso);
  return d.isValid() ? at(d.valueOf()).format(format) : '-';
}

const DATE_TIME = 'DD MMMM YYYY HH:mm';

/** Spec 002 §9 "Display formats": DD MMMM YYYY HH:mm (epoch seconds), in the company's zone. */
export function dateTime(sec: number | null | undefined): string {
  return sec == null ? '-' : at(sec * 1000).format(DATE_TIME);
}

/**
 * A period `[start, end)` (epoch seconds) in the display format, its end as users expect it: a day ending at the
 * next 00:00 reads `05 March 2026 00:00 - 05 March 2026 23:59` (docs/domain.md §1).
 */
export const periodDateTimes = (start: number, end: number) =>
  periodText({ start: start * 1000, end: end * 1000 }, DATE_TIME, ' - ');

/** Seconds as HH:mm:ss; negative or NaN durations show 00:00:00 (spec 002 §5). */
export function duration(sec: number | null | undefined): string {
  const s = sec == null || !Number.isFinite(sec) || sec < 0 ? 0 : Math.round(sec);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`;
}

/** Tenths of an arc second in a degree. */
const TENTHS_PER_DEGREE = 36_000;

/**
 * Degrees, minutes, seconds with N/S/E/W (spec 002 §9, §2.7), seconds to a tenth: `6°03'00.0"S`. The coordinate
 * is rounded to a tenth of a second first and then split, so a rounding carries into the minutes and degrees
 * (5.8499999° S is `5°51'00.0"S`, never `5°50'60.0"S`); a coordinate that rounds to 0 is N / E. The one
 * degrees-minutes-seconds formatter of the web app.
 */
export function dms(value: number | null | undefined, axis: 'lat' | 'lon'): string {
  if (value == null || !Number.isFinite(value)) return '-';
  const tenths = Math.round(Math.abs(value) * TENTHS_PER_DEGREE);
  const south = value < 0 && tenths > 0;
  const hemi = axis === 'lat' ? (south ? 'S' : 'N') : south ? 'W' : 'E';
  const d = Math.floor(tenths / TENTHS_PER_DEGREE);
  const m = Math.floor((tenths % TENTHS_PER_DEGREE) / 600);
  const s = (tenths % 600) / 10;
  // seconds are written with a point in every locale: a coordinate is one token, `6°03'00.0"S`
  return `${d}°${String(m).padStart(2, '0')}'${s.toFixed(1).padStart(4, '0')}"${hemi}`;
}

/**
 * A coordinate in decimal degrees (`-6.20000`): a point in every locale, like the seconds of `dms` — a position
 * is a pair written `lat, lng`, which a decimal comma would make unreadable.
 */
export const coordinate = (v: number | null | undefined, digits = 5) => num(v, digits, 'en');

/** A position in decimal degrees: `-6.20000, 106.80000`; '-' when either is missing. */
export const latLng = (lat: number | null | undefined, lng: number | null | undefined, digits = 5) =>
  lat == null || lng == null ? '-' : `${coordinate(lat, digits)}, ${coordinate(lng, digits)}`;

/** A position as latitude and longitude in degrees, minutes, seconds (`6°03'00.0"S 106°54'00.0"E`); none: '-'. */
export const position = (p: { latitude: number; longitude: number } | null | undefined) =>
  p ? `${dms(p.latitude, 'lat')} ${dms(p.longitude, 'lon')}` : '-';

/** km/h → knots (spec 002 §9: × 0.539957). */
export const kmhToKnot = (v: number | null | undefined) => (v == null ? null : v * 0.539957);
/** metres → NM (/1852). */
export const mToNm = (v: number | null | undefined) => (v == null ? null : v / 1852);
