import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, jsonResponse } from '../test/setup.ts';
import {
  type ApiError,
  api,
  busyDelayMs,
  configureClient,
  ERROR_TEXTS,
  sessionStarted,
  toQueryString,
} from './client.ts';
import { setLocale } from './locale.ts';
import { storage } from './session-storage.ts';
import { toast } from './toast.ts';

// antd's toasts stand in: what reaches the screen
vi.mock('./toast-antd.ts', () => ({ message: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const signOut = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  signOut.mockReset();
  navigate.mockReset();
  configureClient({ signOut, navigate });
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  sessionStarted(); // each test begins signed in
});

function answer(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(body, status));
}

async function failureOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client (spec 000 §7)', () => {
  it('sends the stored token in the Authentication header and unwraps the envelope', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetch = answer(envelope({ username: 'admin' }));
    await expect(api.get('/security/authentication/status')).resolves.toEqual({ username: 'admin' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/security/authentication/status');
    expect((init!.headers as Record<string, string>).Authentication).toBe('tok-1');
  });

  it('sends the language in force as Accept-Language (issue 27: the server answers its messages in it)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(envelope(null)));
    await api.get('/account/profile');
    setLocale('id');
    try {
      await api.get('/account/profile');
    } finally {
      setLocale('en');
    }
    const sent = fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Accept-Language']);
    expect(sent).toEqual(['en', 'id']);
  });

  it('gives list rows with pagination.totalData', async () => {
    answer(envelope([{ id: 1 }], { pagination: { totalData: 42 } }));
    await expect(api.list('/master/asset_type')).resolves.toEqual({ rows: [{ id: 1 }], total: 42 });
  });

  it('writes the list query as finds[field], orders[field] and repeated keys, leaving empty values out', () => {
    expect(
      decodeURIComponent(
        toQueryString({
          page: 2,
          max: 10,
          finds: { devcType: 'gps', devcMassId: [1, 2], x: '' },
          orders: { a: 'asc' },
        }),
      ),
    ).toBe('?page=2&max=10&finds[devcType]=gps&finds[devcMassId]=1&finds[devcMassId]=2&orders[a]=asc');
  });
});

describe('error handling (spec 000 §8)', () => {
  it('errorCode 411: treated as logged out, told so, and sent to Login keeping the page (issue 28)', async () => {
    window.history.replaceState(null, '', '/master/device/detail/9?tab=log');
    answer(failure('Session expired', 411), 401);
    const err = await failureOf(api.get('/master/asset'));
    expect(err.isSessionExpired).toBe(true);
    expect(signOut).toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Your session has expired. Please sign in again.');
    expect(navigate).toHaveBeenCalledWith('/auth/login');
    expect(storage.returnTo()).toBe('/master/device/detail/9?tab=log');
    storage.setReturnTo(null);
    window.history.replaceState(null, '', '/');
  });

  it("'Authentication Error': toast 'Please re-login', sign out, go to Login", async () => {
    answer(failure('Authentication Error', 401), 401);
    await failureOf(api.get('/master/asset'));
    expect(toast.error).toHaveBeenCalledWith('Please re-login');
    expect(signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it("other failures toast the server's status.message", async () => {
    answer(failure('You do not have delete access to master_asset', 403), 403);
    const err = await failureOf(api.delete('/master/asset/1'));
    expect(toast.error).toHaveBeenCalledWith('You do not have delete access to master_asset');
    expect(err.errorCode).toBe(403);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("a per-field message object: the error carries the field messages and the toast reads 'Error found'", async () => {
    answer(failure({ matyName: ['Asset Type Name is required'] }, 400), 400);
    const err = await failureOf(api.post('/master/asset_type', {}));
    expect(err.fieldMessages).toEqual({ matyName: ['Asset Type Name is required'] });
    expect(toast.error).toHaveBeenCalledWith(ERROR_TEXTS.fieldErrors);
    expect(toast.error).toHaveBeenCalledWith('Error found');
  });

  it("no response: toast 'Network error'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await failureOf(api.get('/master/asset'));
    expect(err.kind).toBe('network');
    expect(toast.error).toHaveBeenCalledWith('Network error');
  });

  it("an answer without an envelope body counts as no response: 'Network error'", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await failureOf(api.get('/master/asset'));
    expect(toast.error).toHaveBeenCalledWith('Network error');
  });

  it("a cancelled request fails with 'Request Cencelled.' and shows no toast", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('aborted', 'AbortError'));
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const err = await failureOf(api.get('/master/asset'));
    expect(err.message).toBe('Request Cencelled.');
    expect(err.kind).toBe('cancelled');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a background call (the live ticket) shows no failure, but a session that ended is noticed (issue 28)', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await failureOf(api.post('/socket/ticket', undefined, { background: true }));
    answer(failure('Not found', 404), 404);
    await failureOf(api.post('/socket/ticket', undefined, { background: true }));
    expect(toast.error).not.toHaveBeenCalled();
    answer(failure('Authentication Error', 401), 401);
    await failureOf(api.post('/socket/ticket', undefined, { background: true }));
    expect(toast.error).toHaveBeenCalledWith('Please re-login');
    expect(signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('a session that ended is told once, and no success toast follows it until the next sign-in (issue 28)', async () => {
    const show = vi.mocked((await import('./toast-antd.ts')).message.success);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(failure('Authentication Error', 401), 401),
    );
    await Promise.all([failureOf(api.get('/master/asset')), failureOf(api.get('/master/device'))]);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    // a Refresh that met the ended session: its 'Refreshed' is not shown beside 'Please re-login'
    toast.success('Refreshed');
    sessionStarted();
    toast.success('Saved');
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show).toHaveBeenCalledWith('Saved');
  });

  it('a silent call leaves every reaction to the caller', async () => {
    answer(failure('Authentication Error', 401), 401);
    const err = await failureOf(api.get('/security/authentication/status', { silent: true }));
    expect(err.isAuthError).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('a 200 answer with status.error 1 is a failure too', async () => {
    answer(failure('Something went wrong', 500), 200);
    await failureOf(api.get('/x'));
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });
});

describe('a busy server (503 with Retry-After)', () => {
  const busy = () => {
    const r = jsonResponse(failure('The server is busy. Please try again in a few seconds.', 503), 503);
    r.headers.set('retry-after', '1');
    return r;
  };

  it('asks again after the wait and gives the answer that then comes', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(jsonResponse(envelope({ ok: 1 })));
    const answer = api.get<{ ok: number }>('/weather/config');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await answer).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(toast.error).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('gives up after three more tries and shows the server message', async () => {
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => busy());
    const failed = failureOf(api.get('/weather/config'));
    await vi.advanceTimersByTimeAsync(3000);
    const err = await failed;
    expect(err.httpStatus).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(toast.error).toHaveBeenCalledWith('The server is busy. Please try again in a few seconds.');
    vi.useRealTimers();
  });

  it('waits between 0.5 and 5 s whatever the header says', () => {
    expect(busyDelayMs('2')).toBe(2000);
    expect(busyDelayMs('0')).toBe(500);
    expect(busyDelayMs('120')).toBe(5000);
    expect(busyDelayMs('soon')).toBe(1000);
  });
});
