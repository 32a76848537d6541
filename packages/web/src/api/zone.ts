import { isTimeZone, zoneOffsetHours } from '@fleet/shared/time-zone.ts';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The time zone the screens cut days in and show times in (docs/domain.md §1 "The company's time zone"): the active
 * company's, taken from the session status; the browser's until a status is loaded (sign-in pages) or for a page
 * without a company (a report link names its own). The browser's own zone plays no part once a company is active,
 * so a day on screen is the company's day wherever the browser is.
 */

const browserZone = (): string => {
  const z = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(z) ? z : 'UTC';
};

let current = browserZone();

/** Sets the zone (the session store, on every status answer); returns whether it changed. */
export function setZone(zone: string | null | undefined): boolean {
  const next = zone && isTimeZone(zone) ? zone : browserZone();
  const changed = next !== current;
  current = next;
  return changed;
}

/** The zone now in force (an IANA name). */
export const zoneName = () => current;

/** An instant (epoch ms; none: now) in the zone: its fields, `startOf('day')`, `format` are the zone's. */
export const at = (ms?: number): Dayjs => (ms === undefined ? dayjs() : dayjs(ms)).tz(current);

/** Now, in the zone. */
export const now = (): Dayjs => at();

/** The zone's offset (hours east of UTC) at an instant (epoch ms; none: now): the API's `timezone` for a period there. */
export const zoneHours = (ms: number = Date.now()): number => zoneOffsetHours(current, ms / 1000);

/**
 * A date-time picker shows and returns wall-clock fields in the browser's own zone (antd builds its values with
 * `dayjs()`): `toPicker` gives it the zone's wall clock of an instant, `fromPicker` reads a picked wall clock as the
 * zone's. Round trip: `fromPicker(toPicker(ms)) === ms` (to the second).
 */
export const toPicker = (ms: number): Dayjs => dayjs(at(ms).format('YYYY-MM-DDTHH:mm:ss.SSS'));
export const fromPicker = (d: Dayjs): number => dayjs.tz(d.format('YYYY-MM-DDTHH:mm:ss.SSS'), current).valueOf();
