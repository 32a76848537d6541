import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../test/setup.ts';
import { FakeSocket, installFakeSocket, last, settle } from './live-socket.fixture.ts';
import { useLiveSocket } from './live-socket.ts';

installFakeSocket();

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
