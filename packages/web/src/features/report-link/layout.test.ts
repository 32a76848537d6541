import { describe, expect, it } from 'vitest';
import { gmtLabel, tableLayout } from './layout.ts';

describe('report link summary table', () => {
  it('picks one of the three layouts of spec 002 §2.4', () => {
    expect(tableLayout({ singleEngine: true, hasAeFlowmeter: true })).toBe('single');
    expect(tableLayout({ singleEngine: true, hasAeFlowmeter: false })).toBe('single');
    expect(tableLayout({ singleEngine: false, hasAeFlowmeter: true })).toBe('twin-ae');
    expect(tableLayout({ singleEngine: false, hasAeFlowmeter: false })).toBe('twin-na');
  });

  it('labels the timezone as the daily report does', () => {
    expect(gmtLabel(7)).toBe('GMT +007');
    expect(gmtLabel(0)).toBe('GMT +000');
    expect(gmtLabel(-3)).toBe('GMT -003');
    expect(gmtLabel(5.5)).toBe('GMT +005:30');
  });
});
