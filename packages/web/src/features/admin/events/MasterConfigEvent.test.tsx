import type { Operation } from '@fleet/shared/permissions.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../api/toast.ts';
import { useSession } from '../../../stores/session.ts';
import { envelope, jsonResponse } from '../../../test/setup.ts';
import MasterConfigEvent from './MasterConfigEvent.tsx';
import { eventsTexts } from './texts.ts';

const row = (mcevId: number, version: number, active: number) => ({
  mcevId,
  mcevAssetId: 'gw1',
  mcevDevcId: 7,
  mcevVersion: version,
  mcevDescription: `Version ${version}`,
  mcevIsActive: active,
  mcevAppliedTime: active ? '2026-01-05T03:00:00.000Z' : null,
});

/** /api/master/config_event of one gateway: version 2 active, version 1 not; POST …/deactivate switches it off. */
function fakeServer() {
  let rows = [row(12, 2, 1), row(11, 1, 0)];
  const posts: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://t');
    if ((init?.method ?? 'GET') === 'POST') {
      posts.push(url.pathname);
      const id = Number(url.pathname.split('/').at(-2));
      rows = rows.map((r) => (r.mcevId === id ? { ...r, mcevIsActive: 0 } : r));
      return jsonResponse(envelope(rows.find((r) => r.mcevId === id)));
    }
    if (url.pathname.endsWith('/master/device')) return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
    return jsonResponse(envelope(rows, { pagination: { totalData: rows.length } }));
  });
  return posts;
}

function renderPage(ops: Operation[]) {
  useSession.setState({ userAccess: { master_config_event: ops } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/master/config/event/gw1']}>
        <Routes>
          <Route path="/master/config/event/:id?" element={<MasterConfigEvent />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tableRow = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
});

describe('Event Configuration: Deactivate (issue 23)', () => {
  it('deactivates the active version in two steps with update permission', async () => {
    const posts = fakeServer();
    renderPage(['read', 'update']);
    const active = await tableRow('Version 2');
    expect(within(await tableRow('Version 1')).getByRole('button', { name: /Activate/ })).toBeTruthy();
    fireEvent.click(within(active).getByRole('button', { name: /Deactivate/ }));
    fireEvent.click(within(active).getByRole('button', { name: /Confirm\?/ }));
    await waitFor(() => expect(posts).toEqual(['/api/master/config_event/12/deactivate']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(eventsTexts.en.deactivated));
  });

  it('shows no Deactivate without update permission', async () => {
    fakeServer();
    renderPage(['read']);
    const active = await tableRow('Version 2');
    expect(within(active).queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });
});
