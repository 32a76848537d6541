import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from './locale.ts';
import { fileNameOf, reportQuery, savePrint } from './reports.ts';
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

describe('report download language (issue 27)', () => {
  afterEach(() => {
    setLocale('en');
    vi.restoreAllMocks();
  });

  it('asks the PDF in the language in force, like every call of the API client', async () => {
    const asked: Headers[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      asked.push(new Headers(init?.headers));
      return new Response(new Blob(['%PDF']), { status: 200 });
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => {};
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await savePrint(1, 2, new URLSearchParams(), 'report.pdf');
    setLocale('id');
    await savePrint(1, 2, new URLSearchParams(), 'report.pdf');
    expect(asked.map((h) => h.get('Accept-Language'))).toEqual(['en', 'id']);
  });
});
