import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../api/locale.ts';
import { toast } from '../../api/toast.ts';
import { useSession } from '../../stores/session.ts';
import { envelope, failure, jsonResponse } from '../../test/setup.ts';
import AssetDetail from './AssetDetail.tsx';
import { AssetFormModal } from './AssetFormModal.tsx';

/** The fields schema the asset list answers: the definition's English labels and options (fields-schema.ts). */
const FIELDS = [
  { Field: 'massName', Label: 'Asset Name', Type: 'varchar', Required: true },
  {
    Field: 'massType',
    Label: 'Status',
    Type: "enum('0','1')",
    Required: false,
    Options: [
      { value: 0, label: 'Not Approved' },
      { value: 1, label: 'Approved' },
    ],
  },
  // a number the schema may add (issue 28: the number input reads a decimal comma)
  { Field: 'massDraft', Label: 'Draft', Type: 'decimal', Required: false },
];
const ROW = {
  massId: 1,
  massName: 'TB Satu',
  massType: 1,
  massDataId: 11,
  massSystemType: 'FMS',
  massMaty: { matyName: 'Tug Boat' },
};

let posted: unknown[] = [];
let refuseWith: Record<string, string[]> | null = null;

function fakeServer() {
  posted = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://t').pathname;
    if (init?.method === 'POST' && path === '/api/master/asset') {
      posted.push(JSON.parse(String(init.body)));
      if (refuseWith) return jsonResponse(failure(refuseWith, 400), 400);
      return jsonResponse(envelope({ ...ROW, massId: 2 }));
    }
    if (path === '/api/master/asset/1') return jsonResponse(envelope(ROW));
    return jsonResponse(envelope([], { pagination: { totalData: 0 } }));
  });
}

function withProviders(children: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  useSession.setState({ userAccess: { master_asset: ['create', 'read', 'update', 'delete'] } });
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  refuseWith = null;
  fakeServer();
});
afterEach(async () => {
  setLocale('en');
  await act(() => i18next.changeLanguage('en'));
  vi.restoreAllMocks();
});

const form = () =>
  render(withProviders(<AssetFormModal open row={null} fields={FIELDS} onClose={() => {}} onSaved={() => {}} />));

describe('the asset screens show the asset definition in the language in force (issue 27)', () => {
  it('the form: labels and options of the fields schema in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    form();
    expect(await screen.findByText('Nama Aset')).toBeTruthy();
    expect(screen.queryByText('Asset Name')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    expect(await screen.findByText('Disetujui')).toBeTruthy();
    expect(screen.getByText('Belum Disetujui')).toBeTruthy();
    // a blank required field: its Indonesian label in the message
    fireEvent.click(screen.getByText('Simpan'));
    expect(await screen.findByText('Nama Aset wajib diisi')).toBeTruthy();
  }, 60_000);

  it("the form: the server's field messages in Indonesian", async () => {
    refuseWith = { massName: ['Asset Name is required'] };
    await act(() => i18next.changeLanguage('id'));
    form();
    fireEvent.change(await screen.findByLabelText('Nama Aset'), { target: { value: ' ' } });
    fireEvent.click(screen.getByText('Simpan'));
    expect(await screen.findByText('Nama Aset wajib diisi')).toBeTruthy();
  }, 60_000);

  it('Asset Detail: the status choices in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      withProviders(
        <Routes>
          <Route path="/asset/:id" element={<AssetDetail />} />
        </Routes>,
        '/asset/1',
      ),
    );
    const status = await screen.findByLabelText('Status', undefined, { timeout: 10_000 });
    expect(within(status.closest('.ant-select') as HTMLElement).getByText('Disetujui')).toBeTruthy();
  }, 60_000);
});

describe('the asset form reads typed numbers (issue 28)', () => {
  const type = async (typed: string) => {
    form();
    fireEvent.change(await screen.findByLabelText('Asset Name'), { target: { value: 'TB Dua' } });
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: typed } });
    fireEvent.click(screen.getByText('Save'));
  };

  it("'1,5' is saved as 1.5", async () => {
    await type('1,5');
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ massName: 'TB Dua', massDraft: 1.5 })]));
  }, 60_000);

  it("'1,2,3' is refused with a message and nothing is sent", async () => {
    await type('1,2,3');
    expect(await screen.findByText('Not a number: write it like 1.5')).toBeTruthy();
    expect(posted).toEqual([]);
  }, 60_000);

  it('in Bahasa Indonesia the message shows the decimal comma', async () => {
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    form();
    fireEvent.change(await screen.findByLabelText('Draft'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByText('Simpan'));
    expect(await screen.findByText('Bukan angka: tulis seperti 1,5')).toBeTruthy();
  }, 60_000);
});
