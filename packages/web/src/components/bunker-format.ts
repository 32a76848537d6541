import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { fromPicker } from '../api/zone.ts';

dayjs.extend(utc);

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
