import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../components/report-filter/ReportDownload.tsx';
import { menuOf } from './ReportWrapper.tsx';

describe('report wrapper tab (spec 002 §2.2)', () => {
  it('follows menu; unknown values and TeltonikaMap without permission fall back to ReportSummary', () => {
    expect(menuOf(null, true)).toBe('ReportSummary');
    expect(menuOf('Datalog', false)).toBe('Datalog');
    expect(menuOf('datalog', true)).toBe('ReportSummary');
    expect(menuOf('TeltonikaMap', true)).toBe('TeltonikaMap');
    expect(menuOf('TeltonikaMap', false)).toBe('ReportSummary');
  });
});

describe('report download file name (spec 002 §7.3)', () => {
  it('reads content-disposition, else falls back', () => {
    expect(fileNameOf('attachment; filename="TB 01_report.pdf"', 'x')).toBe('TB 01_report.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''TB%2001.zip", 'x')).toBe('TB 01.zip');
    expect(fileNameOf(null, 'report-1-2')).toBe('report-1-2');
  });
});
