import { bunkerAdjustment } from '@fleet/shared/resources/bunker-adjustment.ts';
import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { tankDetail } from '@fleet/shared/resources/tank-detail.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { FormModal, type FormModalProps } from './FormModal.tsx';
import { requiredCheck } from './form-checks.ts';

function renderForm(def: ResourceDef, props: Partial<FormModalProps> = {}) {
  const onSubmit = vi.fn(async () => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormModal def={def} open mode="create" onSubmit={onSubmit} onClose={() => {}} {...props} />
    </QueryClientProvider>,
  );
  return { onSubmit, dialog: screen.getByRole('dialog') };
}

describe('FormModal in Bahasa Indonesia (issue 27)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it("shows the definition's title, labels, placeholders and its checks' messages in the language in force", async () => {
    await act(() => i18next.changeLanguage('id'));
    const def = bunkerAdjustment as unknown as ResourceDef;
    const { dialog, onSubmit } = renderForm(def, {
      fields: ['bklaType', 'bklaAmount', 'bklaReason', 'bklaDesc'],
      liveChecks: true,
    });
    expect(within(dialog).getByText('Buat Penyesuaian Bunker')).toBeTruthy();
    for (const label of ['Jenis', 'Nilai Penyesuaian (L)', 'Alasan', 'Catatan']) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
    expect(within(dialog).getByPlaceholderText('Gunakan nilai negatif untuk pengurangan')).toBeTruthy();
    // the default option's label
    expect(within(dialog).getByText('Atur Ulang Nilai')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nilai penyesuaian wajib diisi.')).toBeTruthy();
    expect(within(dialog).getByText('Alasan penyesuaian wajib diisi')).toBeTruthy();
    expect(within(dialog).getByText('Catatan detail wajib diisi.')).toBeTruthy();
    // a message built from the field's name, with the number the Indonesian way
    fireEvent.change(within(dialog).getByLabelText('Nilai Penyesuaian (L)'), { target: { value: '2000000000' } });
    expect(
      await within(dialog).findByText('Nilai penyesuaian harus antara -1.000.000.000 dan 1.000.000.000 L', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a screen's required check (the definition's messages) in the language in force", async () => {
    const def = tankDetail as unknown as ResourceDef;
    const { dialog } = renderForm(def, { validate: requiredCheck(def), fields: ['tadtHeight', 'tadtVolume'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Height is required')).toBeTruthy();
    await act(() => i18next.changeLanguage('id'));
    expect(within(dialog).getByText('Tambah Detail Tangki Baru')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Tinggi wajib diisi')).toBeTruthy();
    expect(within(dialog).getByText('Volume wajib diisi')).toBeTruthy();
  });
});
