import { describe, expect, it } from 'vitest';
import { AddressThrottle } from '../../src/modules/auth/login-throttle.ts';

/** README "Sign-in throttling": the per-address delays, with explicit clock values. */
describe('AddressThrottle', () => {
  const T = 1_800_000_000;

  it('100 failures are free; then 5 s, 10 s, 20 s … from the last failure, capped at 60 s', () => {
    const a = new AddressThrottle();
    for (let i = 0; i < 100; i++) a.fail('10.0.0.1', T);
    expect(a.retryAfter('10.0.0.1', 'user:x', T)).toBe(5);
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 2)).toBe(3);
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 5)).toBe(0);
    a.fail('10.0.0.1', T + 5); // 101
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 5)).toBe(10);
    a.fail('10.0.0.1', T + 15); // 102
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 15)).toBe(20);
    for (let i = 0; i < 20; i++) a.fail('10.0.0.1', T + 10);
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 10)).toBe(60);
    // another address is not affected
    expect(a.retryAfter('10.0.0.2', 'user:x', T + 10)).toBe(0);
  });

  it('99 failures: nothing; a quiet quarter of an hour forgets the count', () => {
    const a = new AddressThrottle();
    for (let i = 0; i < 99; i++) a.fail('10.0.0.1', T);
    expect(a.retryAfter('10.0.0.1', 'user:x', T)).toBe(0);
    a.fail('10.0.0.1', T);
    expect(a.retryAfter('10.0.0.1', 'user:x', T)).toBe(5);
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 15 * 60)).toBe(0);
    a.fail('10.0.0.1', T + 15 * 60);
    expect(a.retryAfter('10.0.0.1', 'user:x', T + 15 * 60)).toBe(0);
  });

  it('an account that signed in from the address within 30 days is not slowed by it', () => {
    const a = new AddressThrottle();
    a.succeeded('10.0.0.1', 'user:frank', T);
    for (let i = 0; i < 130; i++) a.fail('10.0.0.1', T + 100);
    expect(a.retryAfter('10.0.0.1', 'user:frank', T + 100)).toBe(0);
    expect(a.retryAfter('10.0.0.1', 'user:alice', T + 100)).toBe(60);
    // the trust ends after 30 days
    for (let i = 0; i < 101; i++) a.fail('10.0.0.1', T + 31 * 86400);
    expect(a.retryAfter('10.0.0.1', 'user:frank', T + 31 * 86400)).toBe(10);
  });
});
