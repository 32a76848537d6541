import { describe, expect, it } from 'vitest';
import { returnTarget } from './return-to.ts';

describe('the page to return to after sign-in (issue 28)', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(returnTarget('/master/device/detail/9')).toBe('/master/device/detail/9');
    expect(returnTarget('/report?menu=Datalog#top')).toBe('/report?menu=Datalog#top');
  });

  it('takes no other origin (no open redirect)', () => {
    for (const path of [
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test/x',
      '/\t/evil.test',
      '/.//evil.test',
      'javascript:alert(1)',
      'home',
      '',
      null,
    ])
      expect(returnTarget(path), String(path)).toBeNull();
  });

  it('not the way in itself: sign-in, selection, the bare root', () => {
    for (const path of ['/auth/login', '/auth', '/preference/active-app', '/']) expect(returnTarget(path)).toBeNull();
    expect(returnTarget('/authority')).toBe('/authority');
  });
});
