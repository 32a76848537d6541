// jsdom lacks a few browser APIs antd uses
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// antd renders slowly in jsdom
vi.setConfig({ testTimeout: 30_000 });
// findBy*/waitFor wait up to 5 s, not 1 s: two test files run at once on a 2-core CI machine (vitest.config.ts)
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// antd measures scrollbars through getComputedStyle with pseudo elements, which jsdom does not implement
const getComputedStyle = window.getComputedStyle;
window.getComputedStyle = (el: Element) => getComputedStyle(el);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

/** A fetch answering with an envelope. */
export function envelope(data: unknown, extra: Record<string, unknown> = {}) {
  return { status: { error: 0, errorCode: null, message: 'Success' }, data, ...extra };
}

export function failure(message: unknown, errorCode: number) {
  return { status: { error: 1, errorCode, message }, data: null };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
