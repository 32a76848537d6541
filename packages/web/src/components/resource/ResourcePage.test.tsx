import type { AuditEntry, DeletePreview } from '@fleet/shared/answers/audit.ts';
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

const STALE =
  'This record was changed by someone else after you opened it. Close the form, open the record again and repeat your change.';

const def = assetType as unknown as ResourceDef;

/**
 * An in-memory /api/master/asset_type answering like the server (paging, create, update, delete, field errors;
 * issue 28: what a delete takes with it, a stale save refused, the audit trail of a record).
 */
function fakeServer(
  count: number,
  opts: { preview?: DeletePreview; changedAt?: string; audit?: AuditEntry[]; updatedTime?: string } = {},
) {
  let rows = Array.from({ length: count }, (_, i) => ({
    matyId: i + 1,
    matyName: `Type ${String(i + 1).padStart(2, '0')}`,
    matyCreatedUserId: 'admin@fleet.demo',
    matyCreatedTime: '2026-01-05T03:00:00.000Z',
    ...(opts.updatedTime && i === 0 ? { matyUpdatedTime: opts.updatedTime } : {}),
  }));
  const calls: {
    method: string;
    url: string;
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
  }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://t');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, url: url.pathname + url.search, body, headers });
    if (method === 'GET' && url.pathname.endsWith('/dependents'))
      return jsonResponse(envelope(opts.preview ?? { goes: [], refused: null }));
    if (method === 'GET' && url.pathname === '/api/audit') {
      const list = opts.audit ?? [];
      return jsonResponse(envelope(list, { pagination: { totalData: list.length } }));
    }
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
    if (method === 'PUT') {
      const id = Number(url.pathname.split('/').pop());
      // the server's stale check: a change stored after the version the form opened
      const seen = Date.parse(headers['If-Unmodified-Since'] ?? '');
      if (opts.changedAt && seen < Date.parse(opts.changedAt)) return jsonResponse(failure(STALE, 409), 409);
      rows = rows.map((r) => (r.matyId === id ? { ...r, ...body } : r));
      return jsonResponse(envelope(rows.find((r) => r.matyId === id)));
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

// asset types are a list every tenant shares: its writer is a platform administrator (platformAdmin false: a tenant's)
function renderPage(ops: Operation[], platformAdmin = true) {
  useSession.setState({ userAccess: { master_asset_type: ops }, platformAdmin });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* row selection (issue 28) is left out: these tests are not about it, and a checkbox per row costs render
          time (bulk actions are tested through the API and in e2e/bulk-import.spec.ts) */}
      <ResourcePage def={def} bulk={false} />
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

  it('shows a tenant administrator no write buttons on a list every tenant shares (issue 28: they could never work)', async () => {
    fakeServer(2);
    renderPage(['read', 'create', 'update', 'delete'], false);
    await screen.findByText('Type 01');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Type 01' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Type 01' })).toBeNull();
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
    // Delete waits for the server's answer to what goes with the row
    expect(await within(dialog).findByText('It can be restored from the Audit Trail.')).toBeTruthy();
    expect(within(dialog).queryByText(/This also deletes/)).toBeNull();
    expect(server.calls.some((c) => c.method === 'GET' && c.url === '/api/master/asset_type/11/dependents')).toBe(true);
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
    expect(await within(confirm).findByText('Data ini dapat dipulihkan dari Jejak Audit.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /^(Delete|Hapus)$/ }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Jenis Aset dihapus'));
  });
});

/** An audit entry of asset type `rowId` (GET /api/audit). */
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  time: Date.parse('2026-02-01T10:20:30Z') / 1000,
  userId: 'admin@fleet.demo',
  userName: 'admin',
  resource: 'asset_type',
  title: 'Asset Type',
  rowId: '1',
  action: 'update',
  before: null,
  after: null,
  changed: [],
  dependents: [],
  restorable: false,
  linkId: null,
  ...over,
});

describe('ResourcePage: history, what a delete takes with it, stale saves (issue 28)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('says what goes with a delete ("This also deletes: Tank Detail (7)"), in the language in force', async () => {
    const server = fakeServer(2, {
      preview: {
        goes: [
          { resource: 'tank_detail', title: 'Tank Detail', count: 7 },
          { resource: 'config_ae', title: 'Config AE', count: 1 },
        ],
        refused: null,
      },
    });
    renderPage(['read', 'delete']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Type 01' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This also deletes: Tank Detail (7), Config AE (1)')).toBeTruthy();
    expect(within(dialog).getByText('It can be restored from the Audit Trail.')).toBeTruthy();
    await act(() => i18next.changeLanguage('id'));
    expect(within(dialog).getByText('Ikut terhapus: Detail Tangki (7), Konfigurasi AE (1)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    });
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/master/asset_type/1'))).toBe(true),
    );
  });

  it('shows why a delete would be refused, with Delete disabled', async () => {
    const refused = 'Cannot delete this Asset Type: it is still used by Asset (4)';
    const server = fakeServer(2, { preview: { goes: [], refused } });
    renderPage(['read', 'delete']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Type 01' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(within(dialog).queryByText('It can be restored from the Audit Trail.')).toBeNull();
    const button = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('saves with If-Unmodified-Since = the version the form opened (updated time, else created time)', async () => {
    const server = fakeServer(2, { updatedTime: '2026-02-01T10:20:30.000Z' });
    renderPage(['read', 'update']);
    await screen.findByText('Type 01');
    for (const [name, version] of [
      ['Type 01', 'Sun, 01 Feb 2026 10:20:30 GMT'],
      ['Type 02', 'Mon, 05 Jan 2026 03:00:00 GMT'],
    ]) {
      fireEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Asset Type Name'), { target: { value: `${name} B` } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(`${name} B`)).toBeTruthy();
      const put = server.calls.filter((c) => c.method === 'PUT').at(-1)!;
      expect(put.headers?.['If-Unmodified-Since']).toBe(version);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it("refuses a stale save with the server's message in the form, which stays open", async () => {
    fakeServer(2, { changedAt: '2026-03-01T00:00:00Z' });
    renderPage(['read', 'update']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Type 01' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Asset Type Name'), { target: { value: 'Late change' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(STALE)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(STALE);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('Late change')).toBeNull();
  });

  it("opens a record's History: its audit trail with the changed fields, before → after", async () => {
    const server = fakeServer(2, {
      audit: [
        entry({
          id: 2,
          before: { matyId: 1, matyName: 'Tug' },
          after: { matyId: 1, matyName: 'Type 01', matyUpdatedTime: '2026-02-01T10:20:30.000Z' },
          changed: ['matyName', 'matyUpdatedTime'],
        }),
        entry({ id: 1, action: 'create', after: { matyId: 1, matyName: 'Tug' } }),
      ],
    });
    renderPage(['read']);
    await screen.findByText('Type 01');
    fireEvent.click(screen.getByRole('button', { name: 'History of Type 01' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('History: Type 01')).toBeTruthy();
    await within(dialog).findByText('Tug');
    const changes = () => [...dialog.querySelectorAll('.audit-changes li')].map((li) => li.textContent);
    // the bookkeeping column (updated time) is left out
    expect(changes()).toEqual(['Asset Type Name: Tug → Type 01']);
    expect(within(dialog).getByText('Updated')).toBeTruthy();
    expect(within(dialog).getByText('Created')).toBeTruthy();
    expect(within(dialog).getAllByText('admin')).toHaveLength(2);
    const asked = server.calls.find((c) => c.url.startsWith('/api/audit'))!;
    const query = new URLSearchParams(asked.url.split('?')[1]);
    expect([query.get('resource'), query.get('rowId')]).toEqual(['asset_type', '1']);
    await act(() => i18next.changeLanguage('id'));
    expect(within(dialog).getByText('Riwayat: Type 01')).toBeTruthy();
    expect(changes()).toEqual(['Nama Jenis Aset: Tug → Type 01']);
    expect(within(dialog).getByText('Diubah')).toBeTruthy();
  });
});
