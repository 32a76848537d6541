import type { AuditEntry } from '@fleet/shared/answers/audit.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { setZone } from '../../api/zone.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import AuditTrail from './AuditTrail.tsx';

const time = (iso: string) => Date.parse(iso) / 1000;

const ENTRIES: AuditEntry[] = [
  {
    id: 12,
    time: time('2026-03-05T02:15:00Z'),
    userId: 'admin@fleet.demo',
    userName: 'admin',
    resource: 'tank_header',
    title: 'Tank Header',
    rowId: '4',
    action: 'delete',
    before: { tahdId: 4, tahdName: 'FO Tank 1P', tahdUnit: 'cm' },
    after: null,
    changed: [],
    dependents: [{ resource: 'tank_detail', title: 'Tank Detail', count: 7 }],
    restorable: true,
    linkId: null,
  },
  {
    id: 11,
    time: time('2026-03-05T01:00:00Z'),
    userId: 'ops@fleet.demo',
    userName: 'operator',
    resource: 'tank_header',
    title: 'Tank Header',
    rowId: '4',
    action: 'update',
    before: { tahdId: 4, tahdName: 'FO Tank 1', tahdUnit: 'mm' },
    after: { tahdId: 4, tahdName: 'FO Tank 1P', tahdUnit: 'cm', tahdUpdatedTime: '2026-03-05T01:00:00.000Z' },
    changed: ['tahdName', 'tahdUnit', 'tahdUpdatedTime'],
    dependents: [],
    restorable: false,
    linkId: null,
  },
];

/** GET /api/audit (the entries above, as the server filters them by action) and POST /api/audit/{id}/restore. */
function fakeServer() {
  const calls: { method: string; url: URL }[] = [];
  let restored = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://t');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'GET' && url.pathname === '/api/audit') {
      const action = url.searchParams.get('action');
      const list = ENTRIES.filter((e) => !action || e.action === action).map((e) =>
        e.id === 12 && restored ? { ...e, restorable: false, linkId: 13 } : e,
      );
      return jsonResponse(envelope(list, { pagination: { totalData: list.length } }));
    }
    if (method === 'POST' && url.pathname === '/api/audit/12/restore') {
      restored = true;
      return jsonResponse(envelope({ id: 13, resource: 'tank_header', rowId: '4' }));
    }
    return jsonResponse(failure('unexpected', 500), 500);
  });
  return { calls, audits: () => calls.filter((c) => c.url.pathname === '/api/audit').map((c) => c.url.searchParams) };
}

function renderScreen() {
  useSession.setState({
    userAccess: { master_tank_header: ['read', 'create'], master_tank_detail: ['read'] },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuditTrail />
    </QueryClientProvider>,
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  setZone('Asia/Jakarta');
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
});
afterEach(() => act(() => i18next.changeLanguage('en')));

describe('Audit Trail (issue 28)', () => {
  it('lists who changed what, newest first: time, user, record type, record, action, before → after, what went with a delete', async () => {
    const server = fakeServer();
    renderScreen();
    expect(await screen.findByText('Also deleted: Tank Detail (7)')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const deleted = rows[0];
    expect(within(deleted).getByText('05 March 2026 09:15')).toBeTruthy();
    expect(within(deleted).getByText('admin')).toBeTruthy();
    expect(within(deleted).getByText('Tank Header')).toBeTruthy();
    expect(within(deleted).getByText('FO Tank 1P')).toBeTruthy();
    expect(within(deleted).getByText('ID 4')).toBeTruthy();
    expect(within(deleted).getByText('Deleted')).toBeTruthy();
    const updated = rows[1];
    expect(within(updated).getByText('operator')).toBeTruthy();
    expect(within(updated).getByText('Updated')).toBeTruthy();
    expect([...updated.querySelectorAll('.audit-changes li')].map((li) => li.textContent)).toEqual([
      'Tank Header Name: FO Tank 1 → FO Tank 1P',
      'Unit: mm → cm',
    ]);
    // only a restorable delete offers Restore
    expect(within(updated).queryByRole('button', { name: /Restore/ })).toBeNull();
    const first = server.audits()[0];
    expect([first.get('page'), first.get('max')]).toEqual(['1', '50']);
  });

  it('filters by record type (the resources the user may read) and action', async () => {
    const server = fakeServer();
    renderScreen();
    await screen.findByText('Also deleted: Tank Detail (7)');
    fireEvent.mouseDown(screen.getByLabelText('Record Type'));
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(['All', 'Tank Detail', 'Tank Header']));
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Tank Header"]')!);
    await waitFor(() => expect(server.audits().at(-1)?.get('resource')).toBe('tank_header'));

    fireEvent.mouseDown(screen.getByLabelText('Action'));
    fireEvent.click(await screen.findByTitle('Deleted'));
    await waitFor(() => expect(server.audits().at(-1)?.get('action')).toBe('delete'));
    expect(server.audits().at(-1)?.get('resource')).toBe('tank_header');
    await waitFor(() => expect(screen.queryByText('operator')).toBeNull());
  });

  it('restores a deleted record after a confirmation that says what comes back with it', async () => {
    const server = fakeServer();
    renderScreen();
    await screen.findByText('Also deleted: Tank Detail (7)');
    fireEvent.click(screen.getByRole('button', { name: 'Restore FO Tank 1P' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore this record?')).toBeTruthy();
    expect(within(dialog).getByText('Tank Header FO Tank 1P is put back as it was when it was deleted.')).toBeTruthy();
    expect(within(dialog).getByText('Restored with it: Tank Detail (7)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Restored'));
    expect(server.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/audit/12/restore')).toBe(true);
    // the list is asked again: the delete is now undone
    expect(await screen.findByText('Restored since')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore FO Tank 1P' })).toBeNull();
  });

  it('is shown in Bahasa Indonesia', async () => {
    fakeServer();
    await act(() => i18next.changeLanguage('id'));
    renderScreen();
    expect(await screen.findByText('Ikut dihapus: Detail Tangki (7)')).toBeTruthy();
    expect(screen.getByText('Jejak Audit')).toBeTruthy();
    for (const header of ['Waktu', 'Pengguna', 'Jenis Data', 'Data', 'Aksi', 'Perubahan'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('Dihapus')).toBeTruthy();
    expect(screen.getByText('Diubah')).toBeTruthy();
    const updated = rowOf('operator');
    expect([...updated.querySelectorAll('.audit-changes li')].map((li) => li.textContent)).toEqual([
      'Nama Header Tangki: FO Tank 1 → FO Tank 1P',
      'Satuan: mm → cm',
    ]);
    expect(screen.getByRole('button', { name: 'Pulihkan FO Tank 1P' })).toBeTruthy();
  });
});
