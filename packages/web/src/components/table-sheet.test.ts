import { describe, expect, it } from 'vitest';
import { csvText } from './csv.ts';
import { type SheetColumn, tableSheet } from './table-sheet.ts';

type Row = { name: string; litres: number | null; note: string };

describe('tableSheet (issue 31)', () => {
  it('writes the columns that have a file cell, titled as shown, and leaves out the actions', () => {
    const columns: SheetColumn<Row>[] = [
      { title: 'Name', sheet: (r) => r.name },
      { title: 'Value', sheet: (r) => r.litres },
      { title: 'Note', sheet: (r) => r.note },
      { title: 'Actions' },
    ];
    const rows = [
      { name: 'MT Samudra Jaya', litres: -1234.5, note: 'Sounding, "port" tank\nchecked' },
      { name: 'TB 01', litres: null, note: '' },
    ];
    const sheet = tableSheet(columns, rows);
    expect(sheet).toEqual([
      ['Name', 'Value', 'Note'],
      ['MT Samudra Jaya', -1234.5, 'Sounding, "port" tank\nchecked'],
      ['TB 01', null, ''],
    ]);
    // as a spreadsheet reads it: the number bare with a dot, the note quoted with its quotes doubled
    expect(csvText(sheet)).toBe(
      'Name,Value,Note\r\nMT Samudra Jaya,-1234.5,"Sounding, ""port"" tank\nchecked"\r\nTB 01,,\r\n',
    );
  });
});
