import type { ReportModel } from '@fleet/shared/answers/daily-report.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { useFilter } from '../../stores/filter.ts';
import FmsReport from './FmsReport.tsx';

// the machine running the tests may be busy: data and windows may take a few seconds
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 90_000 });

const MODEL: ReportModel = {
  massId: 7,
  massName: 'TB Alpha',
  start: 1_800_000_000,
  end: 1_800_086_400,
  timezone: 7,
  timezoneLabel: 'GMT +007',
  rangeText: '15-01-2027 00:00 - 16-01-2027 00:00',
  dataText: '15-01-2027 00:00 - 15-01-2027 23:59',
  generatedAt: 1_800_090_000,
  generatedText: '16-01-2027 01:00',
  maintenance: true,
  fileName: 'x.pdf',
  pages: [
    { key: 'summary', title: 'Summary', blocks: [] },
    { key: 'ae_usage', title: 'AE Usage', blocks: [] },
  ],
};

describe('the Daily Report in Bahasa Indonesia (issue 27)', () => {
  beforeEach(() => {
    useFilter.getState().reset();
    vi.spyOn(api, 'list').mockResolvedValue({
      rows: [{ massId: 7, massName: 'TB Alpha', massDevice: [] }],
      total: 1,
    } as never);
    vi.spyOn(api, 'get').mockImplementation(
      async (path: string) => (path.includes('/subscriptions') ? [] : MODEL) as never,
    );
  });
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it("the report's frame, header and footer of each page, and the mail subscription", async () => {
    await act(() => i18next.changeLanguage('id'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <FmsReport />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Laporan Harian' })).toBeTruthy();
    expect(await screen.findByText('Halaman 2/2')).toBeTruthy();
    expect(screen.getAllByText(`Periode: ${MODEL.rangeText}`)).toHaveLength(2);
    expect(screen.getAllByText(`Rentang data yang dianalisis: ${MODEL.dataText}`)).toHaveLength(2);
    expect(screen.getAllByText('Dibuat 16-01-2027 01:00 (GMT +007)')).toHaveLength(2);
    expect(screen.getByText('Kapal ini sedang dalam perawatan.')).toBeTruthy();
    expect(screen.getByText('Unduh PDF')).toBeTruthy();
    expect(screen.getByText('Kirimi saya laporan ini setiap hari lewat e-mail')).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Page 2/2')).toBeTruthy();
    expect(screen.getByText('Email me this report daily')).toBeTruthy();
  });
});
