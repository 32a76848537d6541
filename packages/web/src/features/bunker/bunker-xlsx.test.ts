import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { xlsxSheet } from '../../components/xlsx.ts';
import { bunkerRows } from './bunker-xlsx.ts';

const labels = {
  datetime: 'datetime',
  mass_flowrate: 'mass_flowrate (kg/h)',
  volume_flowrate: 'volume_flowrate (L/h)',
  mass_total: 'mass_total (kg)',
  volume_total: 'volume_total (L)',
  density: 'density (kg/m³)',
  temperature: 'temperature (°C)',
};
const row = (datetime: string, timestamp: number, volumeTotal: number | null) => ({
  datetime,
  timestamp,
  mass_flowrate: 1234.5,
  volume_flowrate: 1500.25,
  mass_total: 98765.4321,
  volume_total: volumeTotal,
  density: 823.1,
  temperature: 31.5,
});
const rows = [
  row('2026-03-01T08:00:00+07:00', 1772326800, 120000.125),
  row('2026-03-01T08:01:00+07:00', 1772326860, null),
];

describe('Bunker Dashboard XLSX (spec 002 §2.14, §7.3)', () => {
  it('has the headers in the user column order, then the raw figures with the date-time as the table shows it', () => {
    const order = ['datetime', 'volume_total', 'mass_flowrate', 'temperature'];
    const out = bunkerRows(order, labels, rows);
    expect(out[0]).toEqual(['datetime', 'volume_total (L)', 'mass_flowrate (kg/h)', 'temperature (°C)']);
    expect(out[1]).toEqual([expect.stringMatching(/^01-03-2026 \d\d:\d\d:00$/), 120000.125, 1234.5, 31.5]);
    expect(out[2]?.[1]).toBeNull();
  });

  it('writes a workbook with the sheet Data that reads back with the same cells', async () => {
    const order = Object.keys(labels);
    const expected = bunkerRows(order, labels, rows);
    const { data, options } = xlsxSheet(expected, 'Data');
    const buf = await writeXlsxFile(data, options).toBuffer();
    const sheets = await readXlsxFile(buf);
    expect(sheets.map((s) => s.sheet)).toEqual(['Data']);
    const read = sheets[0]?.data ?? [];
    expect(read[0]).toEqual(order.map((k) => labels[k as keyof typeof labels]));
    expect(read.slice(1)).toEqual(expected.slice(1));
    expect(options.columns).toHaveLength(order.length); // every column 18 wide, header bold and frozen
    expect(data[0]?.[0]).toMatchObject({ fontWeight: 'bold' });
  });
});
