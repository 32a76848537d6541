import { describe, expect, it } from 'vitest';
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
