import { periodText } from '../api/period.ts';
import { at } from '../api/zone.ts';

/** Spec 002 §5 and §9: missing values show '-'; numbers 2 decimals; litres as integers in charts. */
export function num(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '-';
  return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
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
  return `${d}°${String(m).padStart(2, '0')}'${s.toFixed(1).padStart(4, '0')}"${hemi}`;
}

/** A position as latitude and longitude in degrees, minutes, seconds (`6°03'00.0"S 106°54'00.0"E`); none: '-'. */
export const position = (p: { latitude: number; longitude: number } | null | undefined) =>
  p ? `${dms(p.latitude, 'lat')} ${dms(p.longitude, 'lon')}` : '-';

/** The label of the one average speed (docs/domain.md §7: distance ÷ moving time, `averageSpeedKnot`). */
export const AVERAGE_SPEED_LABEL = 'Average Speed (knot)';

/** km/h → knots (spec 002 §9: × 0.539957). */
export const kmhToKnot = (v: number | null | undefined) => (v == null ? null : v * 0.539957);
/** metres → NM (/1852). */
export const mToNm = (v: number | null | undefined) => (v == null ? null : v / 1852);
