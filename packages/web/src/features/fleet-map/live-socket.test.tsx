import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { usePulse } from '../dashboard/pulse.ts';
import type { AssetRow } from '../reports/data.ts';
import { useLiveSocket } from './live-socket.ts';

/** The browser's WebSocket, driven by the test: `hello()` as the server's first message, `serverClose(code)`. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  hello() {
    act(() => this.onmessage?.({ data: JSON.stringify({ type: 'hello' }) }));
  }
  serverClose(code: number) {
    act(() => this.onclose?.({ code }));
  }
  close() {
    this.closed = true;
  }
}

let tickets = 0;
/** Lets the ticket request's promise and React's updates settle, and moves the fake clock by `ms`. */
const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const last = () => FakeSocket.all[FakeSocket.all.length - 1];

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  tickets = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(api, 'post').mockImplementation(async () => ({ ticket: `t${++tickets}` }) as never);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('live socket client: close codes (docs/operations.md "Live push limits")', () => {
  it('closed with 4001 (fell behind): reconnects at once with a fresh ticket and resyncs from the pulse', async () => {
    const onReconnect = vi.fn();
    const { result } = renderHook(() => useLiveSocket(() => {}, onReconnect));
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    last().hello();
    expect(result.current).toBe('open');

    last().serverClose(LIVE_CLOSE.resync);
    await settle(); // no backoff to wait for
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toContain('ticket=t2');
    expect(result.current).toBe('connecting'); // a resync, not a lost connection
    expect(onReconnect).not.toHaveBeenCalled();
    last().hello();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('open');

    // falling behind again soon after: the backoff applies, no tight loop
    last().serverClose(LIVE_CLOSE.resync);
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    await settle(1000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('closed with 4002 (a newer socket took its place): waits until the page is looked at again', async () => {
    const onReconnect = vi.fn();
    const { result } = renderHook(() => useLiveSocket(() => {}, onReconnect));
    await settle();
    last().hello();
    last().serverClose(LIVE_CLOSE.replaced);
    await settle(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(result.current).toBe('lost');

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    last().hello();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('any other drop: reconnects after the backoff', async () => {
    const { result } = renderHook(() => useLiveSocket(() => {}));
    await settle();
    last().hello();
    last().serverClose(1006);
    expect(result.current).toBe('lost');
    await settle(999);
    expect(FakeSocket.all).toHaveLength(1);
    await settle(1);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('users of the live socket resync after a gap', () => {
  it('the dashboard pulse is read again after the socket came back', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async () => ({ series: [] }) as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const asset = { massId: 7, massDevice: [{ devcUniqueId: 'rpm-7-1' }] } as unknown as AssetRow;
    renderHook(() => usePulse(asset), { wrapper });
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    last().hello();
    last().serverClose(LIVE_CLOSE.resync);
    await settle();
    last().hello();
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1][0]).toBe('/series/device/all/pulse');
  });
});
