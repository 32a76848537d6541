import { configAe } from '@fleet/shared/resources/config-ae.ts';
import { configRpm } from '@fleet/shared/resources/config-rpm.ts';
import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { ApiError } from '../../api/client.ts';
import { setLocale } from '../../api/locale.ts';
import { FormModal, type FormModalProps } from './FormModal.tsx';

/**
 * Issue 28: "A decimal comma is stored ten times too large: Config RPM 'Rate by Power' 1,5 saves 15". The number
 * fields of a resource form (FieldInput) read a decimal comma; a text that is not a number reaches the form as text,
 * which the definition's schema refuses — in the form's live checks, and on the server (the same schema).
 */
const rpmDef = configRpm as unknown as ResourceDef;
const aeDef = configAe as unknown as ResourceDef;
const ROW = {
  mcrpId: 3,
  mcrpDevcId: 5,
  mcrpType: 'PORT',
  mcrpNo: null,
  mcrpMinValue: 400,
  mcrpConsumptRateByTime: 5,
  mcrpConsumptRateByPower: 0.2,
  mcrpConsumptRateByRpm: null,
  mcrpIsSingleEngine: 0,
};
const FIELDS = ['mcrpMinValue', 'mcrpConsumptRateByTime', 'mcrpConsumptRateByPower'];

/** The server's answer to a body: the definition's schemas, as its validation runs them. */
function serverCheck(def: ResourceDef, body: Record<string, unknown>) {
  const messages: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const r = def.fields[name]?.schema.safeParse(value);
    if (r && !r.success) messages[name] = [r.error.issues[0].message];
  }
  if (Object.keys(messages).length)
    throw new ApiError('Invalid data', { kind: 'server', httpStatus: 400, fieldMessages: messages });
}

function renderForm(props: Partial<FormModalProps> = {}, def = rpmDef) {
  const saved: Record<string, unknown>[] = [];
  const onSubmit = vi.fn(async (body: Record<string, unknown>) => {
    serverCheck(def, body);
    saved.push(body);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormModal
        def={def}
        open
        mode="update"
        row={ROW}
        fields={FIELDS}
        onSubmit={onSubmit}
        onClose={() => {}}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { saved, onSubmit, dialog: screen.getByRole('dialog') };
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const save = (dialog: HTMLElement, name = 'Save') => fireEvent.click(within(dialog).getByRole('button', { name }));

describe('resource forms read typed numbers (issue 28)', () => {
  afterEach(async () => {
    setLocale('en');
    await act(() => i18next.changeLanguage('en'));
  });

  it("shows the stored value and saves '1,5' as 1.5 (and '5,5' as 5.5), never 15", async () => {
    const { dialog, saved } = renderForm();
    expect((within(dialog).getByLabelText('Rate by Power') as HTMLInputElement).value).toBe('0.2');
    type(dialog, 'Rate by Power', '1,5');
    type(dialog, 'Rate by Time', '5,5');
    save(dialog);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ mcrpConsumptRateByPower: 1.5, mcrpConsumptRateByTime: 5.5, mcrpMinValue: 400 });
  });

  it("refuses '1,2,3' with a message (the server's check, shown under the field) and saves nothing", async () => {
    const { dialog, saved, onSubmit } = renderForm();
    type(dialog, 'Rate by Power', '1,2,3');
    // the box keeps what was typed and marks it
    const box = within(dialog).getByLabelText('Rate by Power') as HTMLInputElement;
    expect(box.value).toBe('1,2,3');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    save(dialog);
    expect(await within(dialog).findByText('Rate by Power must be a number')).toBeTruthy();
    // the text reached the body as it was typed: nothing else was made of it
    expect(onSubmit.mock.calls[0].slice(0, 2)).toEqual([
      expect.objectContaining({ mcrpConsumptRateByPower: '1,2,3' }),
      'update',
    ]);
    expect(saved).toEqual([]);
  });

  it('the live checks refuse it before anything is sent, and still refuse a negative rate', async () => {
    const { dialog, onSubmit } = renderForm({ liveChecks: true });
    type(dialog, 'Rate by Power', 'abc');
    expect(await within(dialog).findByText('Rate by Power must be a number')).toBeTruthy();
    type(dialog, 'Rate by Power', '-1');
    expect(await within(dialog).findByText('Rate by Power must be between 0 and 10 L/kWh')).toBeTruthy();
    save(dialog);
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("Config AE: 'Rate by Time' 5,5 saves 5.5; its whole Number refuses a fraction", async () => {
    const row = { mcaeId: 1, mcaeDevcId: 6, mcaeNo: 1, mcaeConsumptRateByTime: 2 };
    const { dialog, saved } = renderForm({ row, fields: ['mcaeNo', 'mcaeConsumptRateByTime'] }, aeDef);
    type(dialog, 'Number', '1,5');
    type(dialog, 'Rate by Time', '5,5');
    save(dialog);
    expect(await within(dialog).findByText('Number must be a number')).toBeTruthy();
    type(dialog, 'Number', '2.0');
    type(dialog, 'Number', '2');
    save(dialog);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ mcaeNo: 2, mcaeConsumptRateByTime: 5.5 });
  });

  it('in Bahasa Indonesia: the value with a decimal comma, "1,5" saved as 1.5, the refusal in Indonesian', async () => {
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    const { dialog, saved } = renderForm();
    expect((within(dialog).getByLabelText('Laju per Daya') as HTMLInputElement).value).toBe('0,2');
    type(dialog, 'Laju per Daya', '1,5');
    save(dialog, 'Simpan');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].mcrpConsumptRateByPower).toBe(1.5);
    type(dialog, 'Laju per Daya', '1,2,3');
    save(dialog, 'Simpan');
    expect(await within(dialog).findByText('Laju per Daya harus berupa angka')).toBeTruthy();
  });
});
