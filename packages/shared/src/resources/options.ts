import type { FieldOption } from './define.ts';

/** Choices shared by several resources, with the specs' wording and their Bahasa Indonesia (issue 27). */
export const YES_NO: FieldOption[] = [
  { value: 1, label: 'Yes', indonesian: { label: 'Ya' } },
  { value: 0, label: 'No', indonesian: { label: 'Tidak' } },
];

/** Company and device status: '0' / '1' kept as text (spec 000 §3). */
export const APPROVAL_TEXT: FieldOption[] = [
  { value: '0', label: 'Not Approved', indonesian: { label: 'Belum Disetujui' } },
  { value: '1', label: 'Approved', indonesian: { label: 'Disetujui' } },
];

/** Asset approval massType: 0 / 1 as numbers (spec 000 §3). */
export const APPROVAL_NUMBER: FieldOption[] = [
  { value: 0, label: 'Not Approved', indonesian: { label: 'Belum Disetujui' } },
  { value: 1, label: 'Approved', indonesian: { label: 'Disetujui' } },
];

/** Bunker and ROB adjustment types (spec 002 §2.16, §4). */
export const ADJUSTMENT_TYPES: FieldOption[] = [
  {
    value: 1,
    label: 'Reset Value',
    hint: 'Reset Value resets the current value to the specified value.',
    indonesian: {
      label: 'Atur Ulang Nilai',
      hint: 'Atur Ulang Nilai mengganti nilai saat ini dengan nilai yang ditentukan.',
    },
  },
  { value: 2, label: 'Adjust Value', indonesian: { label: 'Sesuaikan Nilai' } },
];
