import { describe, expect, it } from 'vitest';
import {
  autoIntervalMinutes,
  axesByUnit,
  axisLook,
  axisTick,
  formatValue,
  headroomMax,
  rpmAxisMax,
  splitGaps,
} from './rules.ts';

describe('chart rules (spec 002 §9)', () => {
  it('adds 10 % headroom', () => {
    expect(headroomMax([10, 50, 20])).toBe(55);
    expect(headroomMax([0.5])).toBe(0.55);
    expect(headroomMax([1])).toBe(1.1);
    expect(headroomMax([null, undefined])).toBeUndefined();
  });
  it('rounds the RPM maximum up to the next 100 plus 100', () => {
    expect(rpmAxisMax([1234])).toBe(1400);
    expect(rpmAxisMax([1200])).toBe(1300);
    expect(rpmAxisMax([])).toBe(1000);
  });
  it('shows litres as integers and values between 0 and 1 with 2 decimals', () => {
    expect(formatValue(12.6, 'litres')).toBe('13');
    expect(formatValue(0.456)).toBe('0.46');
    expect(formatValue(12.3456)).toBe('12.35');
    expect(formatValue(null)).toBe('-');
  });
  it('labels axis ticks with their own decimals, never two alike (not 1,1,1,0,0,0 nor 0.93 ×7: issue 28)', () => {
    expect([1, 0.8, 0.6, 0.4, 0.2, 0].map(axisTick)).toEqual(['1', '0.8', '0.6', '0.4', '0.2', '0']);
    expect([0.928, 0.929, 0.93, 0.931].map(axisTick)).toEqual(['0.928', '0.929', '0.93', '0.931']);
    expect([0.1 + 0.2, 2500, 12.5].map(axisTick)).toEqual(['0.3', '2,500', '12.5']);
    // a tooltip's litres below 10 keep their decimals too
    expect(formatValue(0.8, 'litres')).toBe('0.8');
    expect(formatValue(2.5, 'litres')).toBe('2.5');
    expect(formatValue(1200, 'litres')).toBe('1,200');
  });
  it('gives every unit its own axis, named by the unit, in order of appearance (issue 28)', () => {
    const { axes, axisOf } = axesByUnit(['RPM', 'km/h', 'L/h', 'RPM', 'L/h'], (u) => (u === 'RPM' ? 'rpm' : undefined));
    expect(axes).toEqual([{ name: 'RPM', kind: 'rpm' }, { name: 'km/h' }, { name: 'L/h' }]);
    expect(axisOf).toEqual([0, 1, 2, 0, 2]);
    expect(axesByUnit([])).toEqual({ axes: [], axisOf: [] });
  });
  it('joins the points around a gap with a separate dashed series', () => {
    const { solid, gaps } = splitGaps(
      [
        [0, 1],
        [60, 2],
        [240, 5],
        [300, null],
        [360, 6],
      ],
      60,
    );
    expect(gaps).toEqual([
      [60, 2],
      [240, 5],
      [240, null],
      [240, 5],
      [360, 6],
      [360, null],
    ]);
    expect(solid).toEqual([
      [0, 1],
      [60, 2],
      [120, null],
      [240, 5],
      [300, null],
      [360, 6],
    ]);
  });
  it('picks the automatic interval', () => {
    expect(autoIntervalMinutes(0, 50 * 60)).toBe(1);
    expect(autoIntervalMinutes(0, 6 * 3600)).toBe(8);
  });
  it('uses 3 ticks up to 991 px and hides axes on phones', () => {
    expect(axisLook(1440)).toEqual({ show: true });
    expect(axisLook(900)).toEqual({ show: true, splitNumber: 3 });
    expect(axisLook(390).show).toBe(false);
  });
});
