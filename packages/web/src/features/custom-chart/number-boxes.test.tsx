import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { ChartForm } from './ChartForm.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

function form() {
  vi.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 } as never);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChartForm open editing={null} nextOrder={2} onSave={async () => {}} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

// issue 28: Interval Length and Order read what is typed; a text that is not a whole number, or a number below 0,
// is kept as typed and refused with a message (they were clamped before)
describe("the chart form's number boxes", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18next.changeLanguage('en'));
  });

  it('show the starting values and refuse what is not a whole number from 0', async () => {
    const dialog = form();
    const length = within(dialog).getByLabelText('Interval Length') as HTMLInputElement;
    const order = within(dialog).getByLabelText('Order') as HTMLInputElement;
    expect([length.value, order.value]).toEqual(['8', '2']);
    fireEvent.change(length, { target: { value: '1,5' } });
    expect(within(dialog).getByText('Write a whole number, without decimals')).toBeTruthy();
    expect(length.value).toBe('1,5');
    fireEvent.change(length, { target: { value: '10' } });
    expect(within(dialog).queryByText('Write a whole number, without decimals')).toBeNull();
    fireEvent.change(order, { target: { value: '-1' } });
    expect(within(dialog).getByText('Write 0 or more')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('say so in Bahasa Indonesia', async () => {
    await act(() => i18next.changeLanguage('id'));
    const dialog = form();
    fireEvent.change(within(dialog).getByLabelText('Urutan'), { target: { value: '-1' } });
    expect(await within(dialog).findByText('Tulis 0 atau lebih')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Panjang Interval'), { target: { value: 'abc' } });
    expect(within(dialog).getByText('Tulis bilangan bulat, tanpa desimal')).toBeTruthy();
  });
});
