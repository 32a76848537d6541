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

/**
 * The CII ship types of MEPC.353(78) (G2) an asset may be given (docs/domain.md §39.4); `other`: a type without a
 * reference line (tugs, supply boats), which has no CII. The values are stored in `massCiiType`.
 */
export const CII_SHIP_TYPES: FieldOption[] = [
  { value: 'bulk_carrier', label: 'Bulk carrier', indonesian: { label: 'Kapal curah' } },
  { value: 'gas_carrier', label: 'Gas carrier', indonesian: { label: 'Kapal pengangkut gas' } },
  { value: 'tanker', label: 'Tanker', indonesian: { label: 'Kapal tanker' } },
  { value: 'container_ship', label: 'Container ship', indonesian: { label: 'Kapal peti kemas' } },
  { value: 'general_cargo', label: 'General cargo ship', indonesian: { label: 'Kapal kargo umum' } },
  {
    value: 'refrigerated_cargo',
    label: 'Refrigerated cargo carrier',
    indonesian: { label: 'Kapal kargo berpendingin' },
  },
  { value: 'combination_carrier', label: 'Combination carrier', indonesian: { label: 'Kapal kombinasi' } },
  { value: 'lng_carrier', label: 'LNG carrier', indonesian: { label: 'Kapal pengangkut LNG' } },
  {
    value: 'roro_vehicle',
    label: 'Ro-ro cargo ship (vehicle carrier)',
    indonesian: { label: 'Kapal ro-ro pengangkut kendaraan' },
  },
  { value: 'roro_cargo', label: 'Ro-ro cargo ship', indonesian: { label: 'Kapal kargo ro-ro' } },
  { value: 'roro_passenger', label: 'Ro-ro passenger ship', indonesian: { label: 'Kapal penumpang ro-ro' } },
  {
    value: 'roro_passenger_hsc',
    label: 'High-speed craft (ro-ro passenger)',
    indonesian: { label: 'Kapal cepat (penumpang ro-ro)' },
  },
  { value: 'cruise_passenger', label: 'Cruise passenger ship', indonesian: { label: 'Kapal pesiar' } },
  {
    value: 'other',
    label: 'Other: no CII reference line (tug or supply boat)',
    indonesian: { label: 'Lainnya: tanpa garis referensi CII (kapal tunda atau supply)' },
  },
];
export type CiiShipType =
  | 'bulk_carrier'
  | 'gas_carrier'
  | 'tanker'
  | 'container_ship'
  | 'general_cargo'
  | 'refrigerated_cargo'
  | 'combination_carrier'
  | 'lng_carrier'
  | 'roro_vehicle'
  | 'roro_cargo'
  | 'roro_passenger'
  | 'roro_passenger_hsc'
  | 'cruise_passenger'
  | 'other';
