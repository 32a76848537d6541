/**
 * Time zones of companies (docs/domain.md §1 "The company's time zone"): IANA names, as the runtime's ICU knows them
 * (Node and every browser carry the database, so nothing is fetched), used as their offset at a period's start.
 */

/** An IANA name as written (each part capitalised: `Asia/Makassar`, `UTC`, `Etc/GMT-7`), not an offset or a lower-case spelling. */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)*$/;

/**
 * Whether `name` is an IANA zone this runtime knows, as written: `Asia/Makassar`, and the current names the runtime
 * may list under an older one (`Asia/Kolkata` for `Asia/Calcutta`).
 */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zones an offset usually names (docs/domain.md §1): Indonesia's three first. */
const PREFERRED: Record<string, string> = {
  '7': 'Asia/Jakarta',
  '8': 'Asia/Makassar',
  '9': 'Asia/Jayapura',
  '5.5': 'Asia/Kolkata',
  '5.75': 'Asia/Kathmandu',
  '0': 'UTC',
};

/** Every IANA zone the runtime lists, with `UTC` and the preferred names above, sorted: the choices offered. */
export const TIME_ZONES: readonly string[] = (() => {
  const names = new Set<string>(Intl.supportedValuesOf('timeZone'));
  for (const z of ['UTC', ...Object.values(PREFERRED)]) if (isTimeZone(z)) names.add(z);
  return [...names].sort();
})();

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The offset of `zone` at `epochSeconds`, in hours east of UTC (`Asia/Makassar` → 8, `Asia/Kolkata` → 5.5).
 * Throws for a zone the runtime does not know: callers validate names where they enter (`isTimeZone`).
 */
export function zoneOffsetHours(zone: string, epochSeconds: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const name = format.formatToParts(new Date(epochSeconds * 1000)).find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT', 'GMT+08:00', 'GMT-03:30'
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!m) throw new Error(`no offset for time zone ${zone}`);
  if (!m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60);
}

/**
 * The installation's default zone for `TZ_OFFSET` hours (docs/domain.md §1): the preferred zone of that offset, else
 * the first zone in alphabetical order whose offset is that one at `epochSeconds`, else UTC.
 */
export function zoneForOffset(hours: number, epochSeconds = Date.now() / 1000): string {
  const preferred = PREFERRED[String(hours)];
  if (preferred && isTimeZone(preferred)) return preferred;
  return TIME_ZONES.find((z) => zoneOffsetHours(z, epochSeconds) === hours) ?? 'UTC';
}

/**
 * An offset as the spec's label (spec 002 §2.3): `GMT +007` for +7 hours, `GMT +005:30` for +5.5, `GMT -003:45`.
 */
export function offsetLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(hours) * 60);
  const h = String(Math.floor(minutes / 60)).padStart(3, '0');
  const m = minutes % 60;
  return `GMT ${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
