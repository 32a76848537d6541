import type { FieldOption } from './define.ts';

/** Choices shared by several resources, with the specs' wording. */
export const YES_NO: FieldOption[] = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
];

/** Company and device status: '0' / '1' kept as text (spec 000 §3). */
export const APPROVAL_TEXT: FieldOption[] = [
  { value: '0', label: 'Not Approved' },
  { value: '1', label: 'Approved' },
];

/** Asset approval massType: 0 / 1 as numbers (spec 000 §3). */
export const APPROVAL_NUMBER: FieldOption[] = [
  { value: 0, label: 'Not Approved' },
  { value: 1, label: 'Approved' },
];

/** Bunker and ROB adjustment types (spec 002 §2.16, §4). */
export const ADJUSTMENT_TYPES: FieldOption[] = [
  { value: 1, label: 'Reset Value', hint: 'Reset Value resets the current value to the specified value.' },
  { value: 2, label: 'Adjust Value' },
];
