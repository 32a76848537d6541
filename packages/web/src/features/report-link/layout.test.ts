import { describe, expect, it } from 'vitest';
import { tableLayout } from './layout.ts';

describe('report link summary table', () => {
  it('picks one of the three layouts of spec 002 §2.4', () => {
    expect(tableLayout({ singleEngine: true, hasAeFlowmeter: true })).toBe('single');
    expect(tableLayout({ singleEngine: true, hasAeFlowmeter: false })).toBe('single');
    expect(tableLayout({ singleEngine: false, hasAeFlowmeter: true })).toBe('twin-ae');
    expect(tableLayout({ singleEngine: false, hasAeFlowmeter: false })).toBe('twin-na');
  });
});
