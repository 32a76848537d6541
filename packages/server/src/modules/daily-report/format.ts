import type { BucketUnit } from '@fleet/shared/time.ts';
import { offsetLabel } from '@fleet/shared/time-zone.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';
import { text } from '../../i18n/texts.ts';
import type { TrackPoint } from './map.ts';
import { reportTexts } from './report-texts.ts';

/**
 * The report's text formats (spec 002 §5: missing values '-'; §9 numbers with 2 decimals, the display date format),
 * in the report's language (i18n/format.ts): English `1,426.89` and `01 March 2026`, Indonesian `1.426,89` and
 * `01 Maret 2026`.
 */

/** A number with 2 decimals and thousands separators; '-' when missing. */
export const num = (v: number | null | undefined, language: Language = 'en') => formatNumber(v, language, 2);
export const num3 = (v: number | null | undefined, language: Language = 'en') => formatNumber(v, language, 3);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** "GMT +007" for +7, "GMT -005" for -5, "GMT +005:30" for +5.5 (spec 002 §2.3, §9): the one label. */
export const timezoneLabel = offsetLabel;

const local = (ts: number, tz: number) => new Date((ts + tz * 3600) * 1000);
/** DD MMMM YYYY HH:mm in the report's timezone (spec 002 §9 display format). */
export function dateTime(ts: number | null, tz: number, language: Language = 'en'): string {
  return formatDateTime(ts, tz, language);
}
/**
 * A period `[start, end)` as its two ends in the display format, the end as users expect it (docs/domain.md §1 "One
 * period convention"): an end at local midnight is shown as 23:59 of the day before — the day 1 March reads
 * `01 March 2026 00:00 – 01 March 2026 23:59` and is the period up to 2 March 00:00.
 */
export function periodText(start: number, end: number, tz: number, language: Language = 'en'): string {
  const atMidnight = (end + tz * 3600) % 86400 === 0;
  return `${dateTime(start, tz, language)} – ${dateTime(atMidnight ? end - 60 : end, tz, language)}`;
}
const stamp = (ts: number, tz: number) => {
  const d = local(ts, tz);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
};
/** A bucket's label on the charts and tables: DD/MM for days, else HH:mm. */
export function bucketLabel(ts: number, tz: number, unit: BucketUnit): string {
  const d = local(ts, tz);
  if (unit === 'DAY') return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}`;
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
/**
 * Latitude, longitude to 5 decimals, `-6.12345, 106.12345`, in every language: a position is a comma-separated pair,
 * written with a decimal point as on the screens (docs/domain.md §4.1 "Coordinates").
 */
export const position = (p: TrackPoint | null | undefined) =>
  p ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}` : '-';

/** The file name: vessel and period (local time), safe for every file system. */
export function reportFileName(
  massName: string,
  start: number,
  end: number,
  tz: number,
  language: Language = 'en',
): string {
  const name =
    massName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'vessel';
  return `${text(reportTexts, language, 'fileName')}_${name}_${stamp(start, tz)}_${stamp(end, tz)}.pdf`;
}
