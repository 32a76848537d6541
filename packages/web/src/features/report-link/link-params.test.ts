import { describe, expect, it } from 'vitest';
import { parseLinkParams } from './link-params.ts';

describe('report link parameters', () => {
  it('takes u and p out of the address and keeps the rest', () => {
    const { params, kept } = parseLinkParams('?u=ops&p=s3cr%26t&grcpId=2&compId=5&devcMassId=9&start=100&end=200');
    expect(params).toEqual({
      link: null,
      username: 'ops',
      password: 's3cr&t',
      grcpId: 2,
      compId: 5,
      massId: 9,
      start: 100,
      end: 200,
    });
    expect(kept).toBe('?grcpId=2&compId=5&devcMassId=9&start=100&end=200');
    expect(kept).not.toContain('s3cr');
  });

  it('leaves a share link alone and ignores numbers that are not whole', () => {
    const { params, kept } = parseLinkParams('?link=abc.def.ghi&start=1.5');
    expect(params.link).toBe('abc.def.ghi');
    expect(params.start).toBeNull();
    expect(kept).toBe('?link=abc.def.ghi&start=1.5');
  });
});
