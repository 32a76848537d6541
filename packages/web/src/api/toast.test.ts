import { describe, expect, it, vi } from 'vitest';
import { toast, toastRefreshed } from './toast.ts';

describe('toastRefreshed (issue 28: a failed Refresh said "Refreshed" beside its error)', () => {
  it('says Refreshed only when no refetch came back with an error', () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    toastRefreshed('Refreshed A')([{ error: null }, { error: undefined }]);
    toastRefreshed('Refreshed B')({ error: null });
    toastRefreshed('Refreshed C')([{ error: null }, { error: new Error('401') }]);
    toastRefreshed('Refreshed D')({ error: new Error('timeout') });
    expect(success.mock.calls.map((c) => c[0])).toEqual(['Refreshed A', 'Refreshed B']);
  });
});
