import type { VoyageCorrection } from '@fleet/shared/answers/voyages.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { api } from '../../api/client.ts';
import { CorrectionsList } from './CorrectionsList.tsx';
import { LegsTable } from './LegsTable.tsx';
import { leg, T0 } from './legs.fixture.ts';
import { legRows } from './legs-export.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const ANSWER = {
  assetId: 7,
  start: T0,
  end: T0 + 86400,
  legs: [leg({}), leg({ id: 'b', kind: 'anchor', start: T0 + 3600, fromPlace: null, toPlace: null, corrected: true })],
  totals: { distanceNm: 21.1, underwaySeconds: 6600, totalLitres: 540.88, co2Tonnes: 1.45 },
  detectedAt: T0,
};

describe('the Voyages screen in Bahasa Indonesia (issue 30)', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('the legs table: headers with units, kinds, the corrected mark, places at sea, totals', async () => {
    await act(() => i18next.changeLanguage('id'));
    wrap(<LegsTable answer={ANSWER} selected={null} onSelect={() => {}} ticked={[]} onTick={() => {}} />);
    for (const label of [
      'Jenis',
      'Dari → Ke',
      'Berangkat',
      'Tiba',
      'Jarak (NM)',
      'BBM ME (L)',
      'Kec. rata-rata (knot)',
    ])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('Berlayar')).toBeTruthy();
    expect(screen.getByText('Labuh jangkar / menunggu')).toBeTruthy();
    expect(screen.getByText('dikoreksi')).toBeTruthy();
    expect(screen.getByText('di laut')).toBeTruthy();
    expect(screen.getByText('Tanjung Priok → Merak')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Pilih leg 2' })).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('At anchor / waiting')).toBeTruthy();
  });

  it('the corrections list says what each did, who and when, with Undo', async () => {
    const list: VoyageCorrection[] = [
      {
        id: 2,
        assetId: 7,
        action: 'rename',
        detail: { action: 'rename', start: T0, place: 'Dermaga 3', which: 'both' },
        createdBy: 'ops@fleet.test',
        createdTime: T0 + 60,
      },
      {
        id: 1,
        assetId: 7,
        action: 'split',
        detail: { action: 'split', at: T0 + 1800 },
        createdBy: 'admin',
        createdTime: T0,
      },
    ];
    vi.spyOn(api, 'get').mockResolvedValue(list as never);
    await act(() => i18next.changeLanguage('id'));
    wrap(<CorrectionsList assetId={7} canCorrect />);
    expect(await screen.findByText(/Dinamai "Dermaga 3" \(Keduanya\) untuk leg dari/)).toBeTruthy();
    expect(screen.getByText(/Dipisah pada/)).toBeTruthy();
    expect(screen.getByText('ops@fleet.test')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Batalkan' })).toHaveLength(2);
  });

  it('the exported header in Indonesian', async () => {
    await act(() => i18next.changeLanguage('id'));
    expect(legRows(ANSWER)[0].slice(0, 8)).toEqual([
      'No.',
      'Jenis',
      'Dari',
      'Ke',
      'Berangkat',
      'Tiba',
      'Durasi (jam)',
      'Jarak (NM)',
    ]);
  });
});
