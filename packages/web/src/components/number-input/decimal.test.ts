import { describe, expect, it } from 'vitest';
import { editText, readDecimal } from './decimal.ts';

describe('a number as a user types it (issue 28: "1,5" was stored as 15)', () => {
  it('reads a single mark not followed by three digits as the decimal mark, in either locale', () => {
    for (const locale of ['en', 'id'] as const) {
      expect(readDecimal('1,5', locale)).toBe(1.5);
      expect(readDecimal('5,5', locale)).toBe(5.5);
      expect(readDecimal('1.5', locale)).toBe(1.5);
      expect(readDecimal('0,25', locale)).toBe(0.25);
      expect(readDecimal(',5', locale)).toBe(0.5);
      expect(readDecimal('12,3456', locale)).toBe(12.3456);
      expect(readDecimal('7', locale)).toBe(7);
      expect(readDecimal('-3,75', locale)).toBe(-3.75);
      expect(readDecimal('−3.75', locale)).toBe(-3.75);
    }
  });

  it('reads both marks: the last is the decimal mark, the other groups thousands', () => {
    for (const locale of ['en', 'id'] as const) {
      expect(readDecimal('1.234,5', locale)).toBe(1234.5);
      expect(readDecimal('1,234.5', locale)).toBe(1234.5);
      expect(readDecimal('76.838,25', locale)).toBe(76838.25);
      expect(readDecimal('1.234.567,89', locale)).toBe(1234567.89);
      expect(readDecimal('1 234,5', locale)).toBe(1234.5);
    }
  });

  it('lets the locale decide "1,500" and "1.500" only', () => {
    expect(readDecimal('1,500', 'en')).toBe(1500);
    expect(readDecimal('1.500', 'en')).toBe(1.5);
    expect(readDecimal('1.500', 'id')).toBe(1500);
    expect(readDecimal('1,500', 'id')).toBe(1.5);
    expect(readDecimal('1.234.567', 'en')).toBe(1234567);
    expect(readDecimal('1,234,567', 'id')).toBe(1234567);
  });

  it('refuses what is not a number instead of changing it', () => {
    for (const text of ['abc', '1,2,3', '12.34.5', '1,23.4', '1.2,3.4', '1e5', '--1', '.', ',', '5 kg', '1,2345.6'])
      expect(readDecimal(text, 'en'), text).toBe('invalid');
    expect(readDecimal('', 'en')).toBeNull();
    expect(readDecimal('   ', 'id')).toBeNull();
  });

  it('writes a value for editing with the locale decimal mark and no thousands mark', () => {
    expect(editText(1234.5, 'id')).toBe('1234,5');
    expect(editText(1234.5, 'en')).toBe('1234.5');
    expect(editText(null, 'en')).toBe('');
    expect(editText(0.0000001, 'en')).toBe('0.0000001');
    // what it writes reads back as the same value
    for (const v of [1.5, 1234.5, 0.25, -3.75, 100])
      for (const l of ['en', 'id'] as const) expect(readDecimal(editText(v, l), l)).toBe(v);
  });
});
