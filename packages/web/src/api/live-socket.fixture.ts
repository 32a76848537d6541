import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { api } from './client.ts';

/** The browser's WebSocket, driven by the test: `hello()` as the server's first message, `serverClose(code)`. */
export class FakeSocket {
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

/** Lets the ticket request's promise and React's updates settle, and moves the fake clock by `ms`. */
export const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The socket opened last. */
export const last = () => FakeSocket.all[FakeSocket.all.length - 1];

/** For each test of the file: fake timers, FakeSocket as the WebSocket, and tickets t1, t2, … from the API. */
export function installFakeSocket() {
  let tickets = 0;
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
}
