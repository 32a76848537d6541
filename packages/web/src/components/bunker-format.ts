import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { at, fromPicker } from '../api/zone.ts';

dayjs.extend(utc);

/** Bunker display unit (spec 002 §2.15): kl (litres ÷ 1000, the default) or l. */
export type BunkerUnit = 'kl' | 'l';

const bunkerNumber = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 5 });
const robNumber = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 5 });
const threeDecimals = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Litres in the chosen unit with Indonesian formatting, 2 to 5 decimals (spec 002 §9); '-' when missing. */
export function formatBunker(litres: number | null | undefined, unit: BunkerUnit = 'kl'): string {
  if (litres === null || litres === undefined || !Number.isFinite(litres)) return '-';
  return bunkerNumber.format(unit === 'kl' ? litres / 1000 : litres);
}

/** ROB litres, Indonesian formatting, 1 to 5 decimals (spec 002 §9). */
export function formatRob(litres: number | null | undefined): string {
  if (litres === null || litres === undefined || !Number.isFinite(litres)) return '-';
  return robNumber.format(litres);
}

/** Adjustment history values: KL with 3 decimals (spec 002 §9). */
export const formatKl3 = (litres: number) => threeDecimals.format(litres / 1000);

/** A percentage with 2 decimals, or N/A (spec 002 §2.15: a zero or missing reference has none). */
export function formatPercent(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return 'N/A';
  return `${p.toFixed(2)}%`;
}

/** Date and time as the bunkering screens show them: DD-MM-YYYY HH:mm, in the company's zone. */
export function formatDateTime(iso: string | null | undefined, format = 'DD-MM-YYYY HH:mm'): string {
  if (!iso) return '-';
  const d = dayjs(iso);
  return d.isValid() ? at(d.valueOf()).format(format) : '-';
}

/**
 * A picked time (a picker's wall clock, the company's zone: api/zone.ts) as the API takes it: UTC
 * 'YYYY-MM-DD HH:mm:ss' with the given seconds (spec 002 §3.5, §5).
 */
export function toUtcText(d: dayjs.Dayjs, seconds = 0): string {
  return dayjs(fromPicker(d.second(seconds).millisecond(0)))
    .utc()
    .format('YYYY-MM-DD HH:mm:ss');
}

/** A note cut to n characters with an ellipsis (previews of spec 002 §9). */
export const truncate = (text: string | null | undefined, n: number) =>
  !text ? '' : text.length > n ? `${text.slice(0, n)}…` : text;
