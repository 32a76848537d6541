import { describe, expect, it } from 'vitest';
import { toDms } from './voyage-format.ts';

describe('voyage positions (spec 002 §2.7)', () => {
  it('writes degrees, minutes and seconds', () => {
    expect(toDms(-6.05, 'lat')).toBe('6°03\'00.0"S');
    expect(toDms(106.9, 'lng')).toBe('106°54\'00.0"E');
    expect(toDms(-0.99999999, 'lng')).toBe('1°00\'00.0"W');
  });
});
