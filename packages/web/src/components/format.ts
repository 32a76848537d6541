import dayjs from 'dayjs';

/** Spec 002 §5 and §9: missing values show '-'; numbers 2 decimals; litres as integers in charts. */
export function num(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '-';
  return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Spec 002 §9 "Display formats": DD MMMM YYYY HH:mm (epoch seconds). */
export function dateTime(sec: number | null | undefined): string {
  return sec == null ? '-' : dayjs(sec * 1000).format('DD MMMM YYYY HH:mm');
}

/** Seconds as HH:mm:ss; negative or NaN durations show 00:00:00 (spec 002 §5). */
export function duration(sec: number | null | undefined): string {
  const s = sec == null || !Number.isFinite(sec) || sec < 0 ? 0 : Math.round(sec);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`;
}

/** Degrees, minutes, seconds with N/S/E/W (spec 002 §9). */
export function dms(value: number | null | undefined, axis: 'lat' | 'lon'): string {
  if (value == null || !Number.isFinite(value)) return '-';
  const hemi = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const a = Math.abs(value);
  const d = Math.floor(a);
  const mFull = (a - d) * 60;
  const m = Math.floor(mFull);
  const s = (mFull - m) * 60;
  return `${d}°${m}'${s.toFixed(1)}"${hemi}`;
}

/** km/h → knots (spec 002 §9: × 0.539957). */
export const kmhToKnot = (v: number | null | undefined) => (v == null ? null : v * 0.539957);
/** metres → NM (/1852). */
export const mToNm = (v: number | null | undefined) => (v == null ? null : v / 1852);
