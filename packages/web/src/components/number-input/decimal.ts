import { MARKS } from '@fleet/shared/decimal.ts';
import type { Locale } from '../../api/locale.ts';

// the reading lives in @fleet/shared: the server reads imported files' numbers the same way (issue 28)
export { MARKS, type Reading, readDecimal } from '@fleet/shared/decimal.ts';

/** A number as the input shows it for editing: the locale's decimal mark, no thousands marks (they would be retyped). */
export function editText(value: number | null | undefined, locale: Locale): string {
  if (value == null || !Number.isFinite(value)) return '';
  const plain = String(value).includes('e') ? value.toFixed(12).replace(/\.?0+$/, '') : String(value);
  return plain.replace('.', MARKS[locale].decimal);
}
