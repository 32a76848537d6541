import { act, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { CompanyStatusTag } from './companies/CompanyStatusTag.tsx';
import { eventCount } from './events/AssetEvent.tsx';
import { PriorityTag } from './events/PriorityTag.tsx';
import { ThresholdsEditor } from './events/ThresholdsEditor.tsx';
import { newDevice, thresholdsProblem } from './events/thresholds.ts';
import { NotFoundState } from './NotFoundState.tsx';
import { UserFields } from './users/UserFields.tsx';

describe('the master-data screens in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('shows the options of the definitions (status, priority) in the language in force', async () => {
    render(
      <>
        <CompanyStatusTag value="1" />
        <PriorityTag value={1} />
        <NotFoundState title="Company not found" onBack={() => {}} />
      </>,
    );
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await act(() => i18next.changeLanguage('id'));
    expect(screen.getByText('Disetujui')).toBeTruthy();
    expect(screen.getByText('Tinggi')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeTruthy();
    expect(screen.getByText('Data ini tidak ada, atau bukan data yang boleh Anda lihat.')).toBeTruthy();
  });

  it("shows the thresholds editor, its checks and the Transfer's counts in the language in force", async () => {
    await act(() => i18next.changeLanguage('id'));
    render(<ThresholdsEditor value={[newDevice([])]} />);
    expect(screen.getByRole('button', { name: /Tambah Kondisi/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Tambah Perangkat/ })).toBeTruthy();
    expect(screen.getByText('jika')).toBeTruthy();
    expect(screen.getByLabelText('Kunci data')).toBeTruthy();
    expect(thresholdsProblem([{ ...newDevice([]), name: ' ' }])).toBe('Setiap perangkat harus memiliki nama');
    expect(eventCount({ selectedCount: 1, totalCount: 3 })).toBe('1/3 kejadian');
    await act(() => i18next.changeLanguage('en'));
    expect(thresholdsProblem([{ ...newDevice([]), name: ' ' }])).toBe('Every device needs a name');
    expect(eventCount({ selectedCount: 0, totalCount: 1 })).toBe('1 event');
  });

  it("labels a user's fields with the definitions' Indonesian", async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      <Form>
        <UserFields existing />
      </Form>,
    );
    for (const label of ['Email', 'Status', 'Nama Login', 'Kata Sandi']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('Kosongkan untuk tetap memakai kata sandi saat ini.')).toBeTruthy();
  });
});
