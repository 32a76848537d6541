import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../api/locale.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { BunkerLogForm } from './BunkerLogForm.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    jsonResponse(envelope([], { pagination: { totalData: 0 } })),
  );
});
afterEach(async () => {
  vi.restoreAllMocks();
  setLocale('en');
  await act(() => i18next.changeLanguage('en'));
});

const form = () => {
  render(<BunkerLogForm open log={null} assets={[]} onClose={() => {}} onSaved={() => {}} />);
  return screen.getByRole('dialog');
};

// issue 28: the Target Bunker box reads a decimal comma; its live check (the definition's schema) refuses a text
// that is not a number and a negative value (the box took no negative number before)
describe("the bunkering log form's Target Bunker", () => {
  it("refuses '1,2,3' and a negative value with the definition's messages; takes '12.345,5'", async () => {
    const dialog = form();
    const box = within(dialog).getByLabelText('Target Bunker (L)') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '1,2,3' } });
    expect(await within(dialog).findByText('Target Bunker must be a number')).toBeTruthy();
    fireEvent.change(box, { target: { value: '-1' } });
    expect(await within(dialog).findByText('Target Bunker must be between 0 and 1,000,000,000 L')).toBeTruthy();
    fireEvent.change(box, { target: { value: '12.345,5' } });
    await vi.waitFor(() => expect(within(dialog).queryByText(/^Target Bunker must/)).toBeNull());
  });

  it('in Bahasa Indonesia', async () => {
    setLocale('id');
    await act(() => i18next.changeLanguage('id'));
    const dialog = form();
    const box = within(dialog).getByLabelText('Target Bunker (L)') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'abc' } });
    expect(await within(dialog).findByText('Target Bunker harus berupa angka')).toBeTruthy();
  });
});
