import type { Webhook, WebhookDelivery } from '@fleet/shared/answers/webhooks.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { setZone } from '../../api/zone.ts';
import { useSession } from '../../stores/session.ts';
import Webhooks from './Webhooks.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const HOOK: Webhook = {
  id: 4,
  name: 'ERP',
  url: 'http://10.0.0.5/hooks',
  kinds: ['event.opened', 'voyage_leg.closed'],
  active: true,
  createdTime: 1_800_000_000,
  createdUserId: 'admin@fleet.test',
  updatedTime: 1_800_000_000,
  lastDelivery: { status: 'failed', time: 1_800_000_600, httpStatus: 500 },
};
const DELIVERY: WebhookDelivery = {
  id: 9,
  deliveryId: 'd-9',
  kind: 'event.opened',
  status: 'pending',
  attempts: 2,
  createdTime: 1_800_000_000,
  nextTryTime: 1_800_000_120,
  doneTime: null,
  lastTime: 1_800_000_060,
  lastHttpStatus: null,
  lastDurationMs: 10_002,
  lastBody: null,
  lastError: 'no answer within 10000 ms',
  payload: '{}',
};

describe('the Webhooks screen in Bahasa Indonesia (issue 31)', () => {
  beforeEach(() => {
    setZone('Asia/Jakarta');
    useSession.setState({ userAccess: { webhook: ['create', 'read', 'update', 'delete'] } } as never);
    vi.spyOn(api, 'get').mockImplementation(
      async (path: string) => (path.endsWith('/deliveries') ? [DELIVERY] : [HOOK]) as never,
    );
  });
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the list, its kinds and last answer, the actions and the delivery log', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Webhooks />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Webhook' })).toBeTruthy();
    expect(await screen.findByText('ERP')).toBeTruthy();
    expect(screen.getByText('Kejadian terbuka')).toBeTruthy();
    expect(screen.getByText('Leg pelayaran selesai')).toBeTruthy();
    expect(screen.getByText('Gagal')).toBeTruthy();
    expect(screen.getByText('Tambah Webhook')).toBeTruthy();
    for (const label of ['Kirim Uji', 'Rahasia Baru', 'Ubah', 'Hapus']) expect(screen.getByText(label)).toBeTruthy();
    fireEvent.click(screen.getByText('Log Pengiriman'));
    expect(await screen.findByText('Log pengiriman: ERP')).toBeTruthy();
    expect(await screen.findByText('Menunggu')).toBeTruthy();
    expect(screen.getByText('Tidak ada jawaban: no answer within 10000 ms')).toBeTruthy();
    expect(screen.getByText('Percobaan berikutnya 15-01-2027 15:02:00')).toBeTruthy();
  });
});
