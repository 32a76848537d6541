import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { xlsxSheet } from '../../components/xlsx.ts';
import { COLUMNS, type VoyageRecord, voyageSheet } from './VoyageDatalog.tsx';

const record = {
  timestamp: 1772326800, // 01-03-2026 08:00 at +7
  b: {
    gps: {
      firstLatitude: -6.1,
      firstLongitude: 106.8,
      latitude: -6.2,
      longitude: 106.9,
      track: 45.25,
      speed: 18.52,
      polyLength: 18520,
    },
    rpm: { PORT: { rpm: 1234.4, runningTime: 3600 } },
    flowmeter: { PORT_IN: { volumeFlowrate: 1234.567, density: 850.1, temperature: 35 } },
  },
} as unknown as VoyageRecord;

describe('Voyage datalog XLSX (spec 002 §2.7, issue 28)', () => {
  it('writes figures as number cells, rounded as the table shows them; coordinates as text', async () => {
    const cols = COLUMNS.filter((c) =>
      ['firstCoordinate', 'heading', 'speed', 'cruise', 'portRpm', 'portVolumeFlowrate'].includes(c.key),
    );
    const rows = voyageSheet([record], cols, { speed: 'kmh', distance: 'km' }, [
      'No',
      'Date',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
    expect(rows[1]).toEqual([
      1,
      expect.stringMatching(/^01-03-2026 \d\d:00$/),
      '-6.10000, 106.80000',
      45.3,
      18.52,
      18.52,
      1234,
      1234.57,
    ]);
    const { data, options } = xlsxSheet(rows, 'Data');
    const read = (await readXlsxFile(await writeXlsxFile(data, options).toBuffer()))[0]?.data ?? [];
    expect(read[1]?.slice(3).map((v) => typeof v)).toEqual(['number', 'number', 'number', 'number', 'number']);
  });
});
