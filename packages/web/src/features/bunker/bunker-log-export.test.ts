import type { BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { setZone } from '../../api/zone.ts';
import { csvText } from '../../components/csv.ts';
import { bunkerLogSheet } from './bunker-log-export.ts';

const log = {
  bklgId: 4,
  bklgMass: { massName: 'MV Sinar' },
  bklgMblo: { mbloName: 'Tanjung Priok' },
  bklgMfty: { mftyName: 'HSD' },
  bklgType: 'IN',
  bklgStartDatetime: '2026-03-01T01:00:00.000Z',
  bklgEndDatetime: '2026-03-01T03:30:00.000Z',
  bklgTargetBunker: 76838.25,
  bklgStartSounding: 1000,
  bklgEndSounding: 77500.5,
  bklgSummary: { finalBunker: 76500.125, toleranceBand: null, flagReset: 1 },
} as unknown as BunkerLogRow;

afterEach(() => setZone(null));

describe('Bunkering Log download (issue 31)', () => {
  it('writes the list columns and quantities as numbers in kilolitres', () => {
    setZone('Asia/Jakarta');
    const sheet = bunkerLogSheet([log], 'kl', false);
    expect(sheet[0]).toEqual([
      'No',
      'Vessel',
      'Location',
      'Fuel Type',
      'Type',
      'Start Time',
      'End Time',
      'Target (KL)',
      'Final Bunker (KL)',
      'Tolerance',
      'RESET',
    ]);
    // 76838.25 L = 76.83825 KL; 76500.125 L = 76.500125 KL → 76.50013 at the list's 5 decimals at most
    expect(sheet[1]).toEqual([
      1,
      'MV Sinar',
      'Tanjung Priok',
      'HSD',
      'IN',
      '01-03-2026 08:00',
      '01-03-2026 10:30',
      76.83825,
      76.50013,
      null,
      'RESET',
    ]);
    expect(csvText(sheet).split('\r\n')[1]).toBe(
      '1,MV Sinar,Tanjung Priok,HSD,IN,01-03-2026 08:00,01-03-2026 10:30,76.83825,76.50013,,RESET',
    );
  });

  it('adds the sounding columns in litres when the list shows them', () => {
    const sheet = bunkerLogSheet([log], 'l', true);
    expect(sheet[0].slice(7, 10)).toEqual(['Target (L)', 'Start Sounding (L)', 'End Sounding (L)']);
    expect(sheet[1].slice(7, 11)).toEqual([76838.25, 1000, 77500.5, 76500.125]);
  });
});
