import { describe, expect, it } from 'vitest';
import { isOnline, ONLINE_SECONDS } from '../src/online.ts';

describe('online (docs/domain.md §19)', () => {
  it('is online while the last fix is under 600 s old', () => {
    expect(ONLINE_SECONDS).toBe(600);
    expect(isOnline(1000, 1000)).toBe(true);
    expect(isOnline(1000, 1599)).toBe(true);
    expect(isOnline(1000, 1600)).toBe(false);
    expect(isOnline(null, 0)).toBe(false);
  });
});
