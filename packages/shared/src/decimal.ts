/**
 * Typed numbers in either language (docs/domain.md §4.1 "Typed numbers"): the web app's number box and the server's
 * file imports (issue 28) read a number the same way.
 */
export type NumberLocale = 'en' | 'id';

/** The marks of a locale's numbers: English 1,234.5, Bahasa Indonesia 1.234,5 (docs/domain.md §4.1). */
export const MARKS: Record<NumberLocale, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  id: { decimal: ',', group: '.' },
};

/** What a typed number reads as: a number, nothing (an empty box), or text that is not a number. */
export type Reading = number | null | 'invalid';

const GROUPED = /^\d{1,3}(\d{3})*$/;

/**
 * A number as a user types it (issue 28: "1,5" was stored as 15). Both marks are read, so neither locale's user
 * is silently misread:
 * - both a comma and a point: the last one is the decimal mark, the other groups thousands ("1.234,5", "1,234.5");
 * - one mark, several times: thousands ("1.234.567");
 * - one mark, once, not followed by exactly three digits: the decimal mark in either locale ("1,5", "0.25", ",5");
 * - one mark, once, followed by exactly three digits ("1,500"): the locale decides — English reads 1500 from "1,500"
 *   and 1.5 from "1.500", Bahasa Indonesia the other way round;
 * - spaces between digit groups are ignored; a leading - (or −) or + is a sign; anything else is 'invalid'.
 */
export function readDecimal(typed: string, locale: NumberLocale): Reading {
  let text = typed.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return null;
  let sign = 1;
  if (/^[-−+]/.test(text)) {
    if (text[0] !== '+') sign = -1;
    text = text.slice(1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return 'invalid';
  const points = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let whole: string;
  let fraction = '';
  if (points && commas) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (text.split(decimal).length !== 2) return 'invalid';
    [whole, fraction] = text.split(decimal);
    if (
      !GROUPED.test(whole.split(group).join('')) ||
      !whole.split(group).every((g, i) => (i ? g.length === 3 : g.length >= 1 && g.length <= 3))
    )
      return 'invalid';
    whole = whole.split(group).join('');
  } else if (points + commas === 0) {
    whole = text;
  } else {
    const mark = points ? '.' : ',';
    const parts = text.split(mark);
    if (parts.length > 2) {
      // thousands only
      if (!parts.every((g, i) => (i ? g.length === 3 : g.length >= 1 && g.length <= 3))) return 'invalid';
      whole = parts.join('');
    } else {
      const [a, b] = parts;
      const grouping = b.length === 3 && a.length >= 1 && a.length <= 3 && mark === MARKS[locale].group;
      if (grouping) whole = a + b;
      else [whole, fraction] = [a, b];
    }
  }
  if (whole === '' && fraction === '') return 'invalid';
  const value = sign * Number(`${whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : 'invalid';
}
