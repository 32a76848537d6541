import { describe, expect, it } from 'vitest';
import { fileNameOf } from './reports.ts';

describe('report download file name (spec 002 §7.3)', () => {
  it('reads content-disposition, else falls back', () => {
    expect(fileNameOf('attachment; filename="TB 01_report.pdf"', 'x')).toBe('TB 01_report.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''TB%2001.zip", 'x')).toBe('TB 01.zip');
    expect(fileNameOf(null, 'report-1-2')).toBe('report-1-2');
  });
});
