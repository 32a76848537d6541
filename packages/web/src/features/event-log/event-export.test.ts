import type { EventRow } from '@fleet/shared/answers/events.ts';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setZone } from '../../api/zone.ts';
import { csvText } from '../../components/csv.ts';
import { eventSheet } from './event-export.ts';

const row = {
  evntId: 7,
  evntTimestamp: '2026-03-01T01:02:03.000Z',
  evntStatus: 1,
  evntIsPriority: 0,
  evntDuration: 3725,
  evntMevtId: 3,
  evntMevt: { mevtId: 3, mevtType: 'Overspeed' },
  evntReason: null,
} as unknown as EventRow;

afterEach(async () => {
  setZone(null); // back to the browser's
  await i18next.changeLanguage('en');
});

describe('Event Log download (issue 31)', () => {
  it('writes the list columns and one row as the list shows it, in the zone of the company', () => {
    setZone('Asia/Jakarta');
    const sheet = eventSheet([row]);
    expect(sheet[0]).toEqual(['Date Time', 'Event Type', 'Reason', 'Status', 'Priority', 'Duration']);
    // 01:02:03 UTC is 08:02:03 in Asia/Jakarta; 3725 s is 01:02:05
    expect(sheet[1]).toEqual(['2026-03-01 08:02:03', 'Overspeed', null, 'Active', 'Normal', '01:02:05']);
    expect(csvText(sheet).split('\r\n')[1]).toBe('2026-03-01 08:02:03,Overspeed,,Active,Normal,01:02:05');
  });

  it('writes the headers in Bahasa Indonesia when that is the language', async () => {
    await i18next.changeLanguage('id');
    expect(eventSheet([row])[0]).toEqual([
      'Tanggal Waktu',
      'Jenis Kejadian',
      'Alasan',
      'Status',
      'Prioritas',
      'Durasi',
    ]);
  });
});
