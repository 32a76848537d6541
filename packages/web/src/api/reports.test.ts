import { describe, expect, it } from 'vitest';
import { fileNameOf, reportQuery } from './reports.ts';
import { zoneHours } from './zone.ts';

describe('report download file name (spec 002 §7.3)', () => {
  it('reads content-disposition, else falls back', () => {
    expect(fileNameOf('attachment; filename="TB 01_report.pdf"', 'x')).toBe('TB 01_report.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''TB%2001.zip", 'x')).toBe('TB 01.zip');
    expect(fileNameOf(null, 'report-1-2')).toBe('report-1-2');
  });
});

describe('report query (spec 002 §7.3, docs/domain.md §1, §31)', () => {
  it("asks the period in the company's time zone, with tables for one day", () => {
    const day = reportQuery(7, 1_772_643_600, 1_772_730_000, ['summary']);
    expect(day.get('timezone')).toBe(String(zoneHours(1_772_643_600_000)));
    expect(day.getAll('reports[]')).toEqual(['summary']);
    expect(day.get('dataTables')).toBe('true');
    expect(reportQuery(7, 1_772_643_600, 1_772_730_001).get('dataTables')).toBeNull();
    expect(reportQuery(7, 0, 1).getAll('reports[]')).toHaveLength(5);
  });
});
