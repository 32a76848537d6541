import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { type DateRange, pickedRange, shownEnd } from '../api/period.ts';
import { at, fromPicker, toPicker } from '../api/zone.ts';
import { useRangeInputNames } from './range-names.ts';

/** Display format of a range (spec 002 §2.11): DD-MM-YYYY HH:mm, 24 h. */
export const RANGE_FORMAT = 'DD-MM-YYYY HH:mm';

/**
 * The date-time range picker of every screen that asks for a period (docs/domain.md §1 "One period convention"):
 * it holds a half-open period `[start, end)` in epoch ms, shows an end at local midnight as 23:59 of the day before,
 * and turns a picked end of 23:59 into the next 00:00 — so a day shows as 00:00–23:59 and is asked as 00:00–24:00.
 * The times shown and picked are the company's zone's (`zone.ts` toPicker / fromPicker).
 */
export function PeriodPicker({
  value,
  onChange,
  format = RANGE_FORMAT,
  id,
  style,
  'aria-label': ariaLabel,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  format?: string;
  id?: string;
  style?: CSSProperties;
  /** names the inputs "<label> start" / "<label> end"; default the text of the `<label for={id}>`, else 'Period' */
  'aria-label'?: string;
}) {
  const ref = useRangeInputNames(ariaLabel);
  return (
    <DatePicker.RangePicker
      ref={ref}
      id={id}
      showTime={{ format: 'HH:mm' }}
      format={format}
      allowClear={false}
      style={style}
      value={[toPicker(value.start), toPicker(shownEnd(value.end))]}
      onChange={(v) => {
        const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
        if (a && b) onChange(pickedRange(at(fromPicker(a)), at(fromPicker(b))));
      }}
    />
  );
}
