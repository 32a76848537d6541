/** Degrees-minutes-seconds of a coordinate (spec 002 §2.7 "first and last GPS position"): 6°03'00.0"S. */
export function toDms(value: number, axis: 'lat' | 'lng'): string {
  const hemi = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const abs = Math.abs(value);
  let d = Math.floor(abs);
  let m = Math.floor((abs - d) * 60);
  let s = Math.round(((abs - d) * 60 - m) * 60 * 10) / 10;
  if (s >= 60) {
    s = 0;
    m += 1;
  }
  if (m >= 60) {
    m = 0;
    d += 1;
  }
  return `${d}°${String(m).padStart(2, '0')}'${s.toFixed(1).padStart(4, '0')}"${hemi}`;
}

export const latLngDms = (p: { latitude: number; longitude: number } | null | undefined) =>
  p ? `${toDms(p.latitude, 'lat')} ${toDms(p.longitude, 'lng')}` : '-';

export const fmtNum = (v: number | null | undefined, digits = 2) => (v == null ? '-' : v.toFixed(digits));
