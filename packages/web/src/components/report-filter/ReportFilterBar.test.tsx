import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rangeOf, useFilter } from '../../stores/filter.ts';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { ReportFilterBar } from './ReportFilterBar.tsx';

const ASSETS = [
  { massId: 7, massName: 'TB Alpha', massDevice: [] },
  { massId: 9, massName: 'TB Bravo', massDevice: [] },
];

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderBar(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ReportFilterBar />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens an antd Select by its aria-label and picks an option. */
function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const opts = screen.getAllByTitle(option);
  fireEvent.click(opts[opts.length - 1]);
}

describe('shared filter bar (spec 002 §2.11)', () => {
  beforeEach(() => {
    useFilter.getState().reset();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(envelope(ASSETS, { pagination: { totalData: 2 } })),
    );
  });

  it('reads the filter from the URL and picks the first asset when none is given', async () => {
    renderBar('/dashboard/fms?rangeType=yesterday&interval=day');
    await waitFor(() => expect(useFilter.getState().currentAsset).toBe(7));
    expect(useFilter.getState()).toMatchObject({
      rangeType: 'yesterday',
      interval: 'day',
      range: rangeOf('yesterday'),
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('massId=7'));
  });

  it('a preset sets the range only on Apply, which writes the store and the URL', async () => {
    renderBar('/report');
    await waitFor(() => expect(useFilter.getState().currentAsset).toBe(7));
    pick('Range Type', 'Last Week');
    pick('Asset', 'TB Bravo');
    expect(useFilter.getState().rangeType).toBe('today'); // a draft until Apply
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(useFilter.getState()).toMatchObject({ rangeType: 'lastWeek', currentAsset: 9, range: rangeOf('lastWeek') });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('rangeType=lastWeek'));
    expect(screen.getByTestId('where').textContent).toContain('massId=9');
  });

  it('offers Minute only with the minute flag, and leaves minute for hour without it', async () => {
    useFilter.getState().setInterval('minute');
    renderBar('/dashboard/fms');
    await waitFor(() => expect(useFilter.getState().interval).toBe('hour'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Interval' }));
    const list = await screen.findByRole('listbox');
    expect(within(list.parentElement as HTMLElement).queryByText('Minute')).toBeNull();
  });

  describe('in Bahasa Indonesia (issue 27)', () => {
    afterEach(() => act(() => i18next.changeLanguage('en')));

    it('labels the fields, names the range types and the reports, and keeps working', async () => {
      const { container } = renderBar('/report');
      await waitFor(() => expect(useFilter.getState().currentAsset).toBe(7));
      await act(() => i18next.changeLanguage('id'));
      // jsdom knows no <search> role
      expect(container.querySelector('search')?.getAttribute('aria-label')).toBe('Filter laporan');
      expect(screen.getByText('Rentang Tanggal')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Awal Rentang Tanggal' })).toBeTruthy();
      pick('Jenis Rentang', 'Minggu Lalu');
      fireEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
      expect(useFilter.getState()).toMatchObject({ rangeType: 'lastWeek', range: rangeOf('lastWeek') });
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Interval' }));
      expect((await screen.findAllByTitle('Hari')).length).toBeGreaterThan(0);
    });

    it('the report download offers the reports by their Indonesian names', async () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/report']}>
            <ReportFilterBar report />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await act(() => i18next.changeLanguage('id'));
      fireEvent.click(screen.getByRole('button', { name: /Unduh Laporan/ }));
      expect(await screen.findByRole('dialog', { name: 'Unduh laporan' })).toBeTruthy();
      expect(screen.getByText('Pelacakan Kapal')).toBeTruthy();
      expect(screen.getByText('Unduh Semua')).toBeTruthy();
    });
  });
});
