import type { Operation } from '@fleet/shared/permissions.ts';
import { assetType } from '@fleet/shared/resources/asset-type.ts';
import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/toast.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import { ResourcePage } from './ResourcePage.tsx';

const def = assetType as unknown as ResourceDef;

/** An in-memory /api/master/asset_type answering like the server (paging, create, delete, field errors). */
function fakeServer(count: number) {
  let rows = Array.from({ length: count }, (_, i) => ({
    matyId: i + 1,
    matyName: `Type ${String(i + 1).padStart(2, '0')}`,
    matyCreatedUserId: 'admin@fleet.demo',
    matyCreatedTime: '2026-01-05T03:00:00.000Z',
  }));
  const calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://t');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url: url.pathname + url.search, body });
    if (method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const max = Number(url.searchParams.get('max') ?? 10);
      return jsonResponse(
        envelope(rows.slice((page - 1) * max, page * max), { pagination: { totalData: rows.length } }),
      );
    }
    if (method === 'POST') {
      if (!body.matyName) return jsonResponse(failure({ matyName: ['Asset Type Name is required'] }, 400), 400);
      const row = { ...rows[0], matyId: rows.length + 100, matyName: body.matyName };
      rows = [row, ...rows];
      return jsonResponse(envelope(row));
    }
    if (method === 'DELETE') {
      const id = Number(url.pathname.split('/').pop());
      const row = rows.find((r) => r.matyId === id);
      rows = rows.filter((r) => r.matyId !== id);
      return jsonResponse(envelope(row));
    }
    return jsonResponse(failure('unexpected', 500), 500);
  });
  return { calls, gets: () => calls.filter((c) => c.method === 'GET') };
}

function renderPage(ops: Operation[]) {
  useSession.setState({ userAccess: { master_asset_type: ops } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ResourcePage def={def} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
});

describe('ResourcePage', () => {
  it('shows a page of rows with created dates as DD MMMM YYYY and the total', async () => {
    fakeServer(12);
    renderPage(['read']);
    expect(await screen.findByText('Type 01')).toBeTruthy();
    expect(screen.getAllByText('05 January 2026').length).toBe(10);
    expect(screen.getByText('12 items')).toBeTruthy();
    expect(screen.queryByText('Type 11')).toBeNull();
  });

  it('shows no rows and asks nothing without read', async () => {
    const server = fakeServer(3);
    renderPage([]);
    expect(await screen.findByText("You don't have access to this list")).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('shows Add, Edit and Delete only with create, update and delete', async () => {
    fakeServer(2);
    const view = renderPage(['read']);
    await screen.findByText('Type 01');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Type 01' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Type 01' })).toBeNull();
    view.unmount();
    renderPage(['read', 'create', 'update', 'delete']);
    await screen.findByText('Type 01');
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Type 01' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Type 01' })).toBeTruthy();
  });

  it('keeps the form open on Esc, shows server field errors under the field, then saves and reloads', async () => {
    const server = fakeServer(2);
    renderPage(['read', 'create']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add New Asset Type')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Asset Type Name is required')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Error found');

    const gets = server.gets().length;
    fireEvent.change(within(dialog).getByLabelText('Asset Type Name'), { target: { value: 'Crew Boat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Crew Boat')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST' && c.body?.matyName === 'Crew Boat')).toBeTruthy();
    expect(server.gets().length).toBeGreaterThan(gets);
    expect(toast.success).toHaveBeenCalledWith('Saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks 'Delete this item ?', deletes, goes back to page 1 and reloads", async () => {
    const server = fakeServer(12);
    renderPage(['read', 'delete']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Type 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Type 11' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this item ?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Type 01')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/master/asset_type/11'))).toBe(true);
    const last = server.gets().at(-1)!;
    expect(new URLSearchParams(last.url.split('?')[1]).get('page')).toBe('1');
    expect(toast.success).toHaveBeenCalledWith('Asset Type Deleted');
    expect(screen.getByText('11 items')).toBeTruthy();
  });
});

describe('ResourcePage in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it("shows the definition's title, columns, form, messages and toasts in the language in force", async () => {
    fakeServer(12);
    renderPage(['read', 'create', 'delete']);
    await screen.findByText('Type 01');
    expect(screen.getByText('Asset Type List')).toBeTruthy();
    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Daftar Jenis Aset')).toBeTruthy();
    expect(screen.queryByText('Asset Type List')).toBeNull();
    // the columns: a `labels` one, and the audit ones
    for (const header of ['Nama', 'Dibuat Oleh', 'Tanggal Dibuat', 'Aksi']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(screen.getByText('12 data')).toBeTruthy();
    expect(screen.getByPlaceholderText('Cari Nama')).toBeTruthy();

    // the form: its title, label, button, and the server's English message shown in Indonesian
    fireEvent.click(screen.getByRole('button', { name: /^(Add|Tambah)$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tambah Jenis Aset Baru')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nama Jenis Aset wajib diisi')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nama Jenis Aset'), { target: { value: 'Kapal Tunda' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kapal Tunda')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Tersimpan');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the delete toast is the definition's, in Indonesian (the buttons are components/ButtonGroup's)
    fireEvent.click(screen.getByRole('button', { name: /^(Delete|Hapus) Kapal Tunda$/ }));
    const confirm = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /^(Delete|Hapus)$/ }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Jenis Aset dihapus'));
  });
});
