import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import type { LinkSummary } from './layout.ts';
import ReportLinkPage from './ReportLinkPage.tsx';
import { SummaryTable } from './SummaryTable.tsx';

/** Twin engines with the auxiliary engines' own meters: the table's 'twin-ae' layout. */
const TWIN_AE = {
  massId: 7,
  massName: 'KM Bahari',
  firstData: 1_700_000_000,
  singleEngine: false,
  hasAeFlowmeter: true,
  rpm: { summary: { PORT: { average: 700, runningHours: 10 }, STARBOARD: { average: 710, runningHours: 11 } } },
  flowmeter: { summary: { portEngineCons: 100, starboardEngineCons: 110, aeEngineCons: 20, AE_IN: 30, AE_OUT: 10 } },
  gps: { summary: { totalCruise: 120, averageSpeedKnot: 9 }, data: {} },
} as unknown as LinkSummary;

describe('report link page in Bahasa Indonesia (issue 27)', () => {
  beforeEach(() => act(() => i18next.changeLanguage('id')));
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('says in Indonesian why it cannot show a report, with its header and footer', async () => {
    window.history.replaceState(null, '', '/auth/export');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportLinkPage />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Ringkasan Laporan' })).toBeTruthy();
    expect(
      await screen.findByText('Halaman ini dibuka melalui tautan laporan. Mintalah tautan baru kepada pengirimnya.'),
    ).toBeTruthy();
    expect(screen.getByTestId('rl-footer').textContent).toMatch(/^Dibuat /);
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('This page opens with a report link. Ask the sender for a new link.')).toBeTruthy();
  });

  it('shows the summary table in Indonesian (twin engines with AE meters)', () => {
    render(<SummaryTable s={TWIN_AE} />);
    const table = screen.getByTestId('rl-summary-table');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Uraian', 'Kiri (Port)', 'AE (AE_IN/AE_OUT)', 'Kanan (Starboard)']);
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows.slice(0, 5)).toEqual([
      'RPM Rata-rata',
      'Jam Operasi',
      'Konsumsi BBM (Liter)',
      'BBM Masuk (Liter)',
      'BBM Keluar (Liter)',
    ]);
    expect(rows).toContain('Total BBM (Liter)');
    expect(rows).toContain('Jarak (NM)');
    expect(rows).toContain('Kecepatan Rata-rata (knot)');
  });

  it('a single engine: the auxiliary engines’ figures still find their rows', () => {
    render(<SummaryTable s={{ ...TWIN_AE, singleEngine: true } as LinkSummary} />);
    const table = screen.getByTestId('rl-summary-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Uraian', 'Mesin Utama', 'Mesin Bantu']);
    const fuelIn = within(table).getByRole('rowheader', { name: 'BBM Masuk (Liter)' }).parentElement!;
    expect(fuelIn.querySelectorAll('td')[1].textContent).not.toBe('N/A');
  });
});
