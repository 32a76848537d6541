import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { installFakeSocket, last, settle } from '../../api/live-socket.fixture.ts';
import { useAssetPulse } from './pulse.ts';

installFakeSocket();

describe('users of the live socket resync after a gap', () => {
  it('the dashboard pulse is read again after the socket came back', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async () => ({ series: [] }) as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const asset = { massId: 7, massDevice: [{ devcUniqueId: 'rpm-7-1' }] } as Parameters<typeof useAssetPulse>[0];
    renderHook(() => useAssetPulse(asset), { wrapper });
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
