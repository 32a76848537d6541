import { describe, expect, it } from 'vitest';
import { compareData, formatDuration, reasonValues, thresholdGroups } from './event-log-format.ts';

describe('event log formatting', () => {
  it('shows durations as HH:mm:ss, bad ones as 00:00:00', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(90)).toBe('00:01:30');
    expect(formatDuration(360000)).toBe('100:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });

  it('compares old and new data by device, type and name with - where missing', () => {
    const rows = compareData(
      { 'power-1': { power: { onAc: 1, batteryVoltage: 12.4 } } },
      { 'power-1': { power: { onAc: 0 } }, 'temp-1': { temperature: { temperature: 520 } } },
    );
    expect(rows.map((r) => [r.device, r.type, r.name, r.oldValue, r.newValue])).toEqual([
      ['power-1', 'power', 'onAc', '1', '0'],
      ['temp-1', 'temperature', 'temperature', '-', '520'],
      ['power-1', 'power', 'batteryVoltage', '12.4', '-'],
    ]);
    expect(compareData(null, undefined)).toEqual([]);
  });

  it('turns the threshold snapshot into groups with an operator and rows', () => {
    expect(
      thresholdGroups({ power: { conditions_operator: 'or', data: { onAc: { operator: '==', value: 0 } } } }),
    ).toEqual([
      { name: 'power', operator: 'OR', rows: [{ key: 'onAc', parameter: 'onAc', operator: '==', value: '0' }] },
    ]);
  });
});

describe('the reason of a fuel-watch event (issue 30, docs/domain.md §41)', () => {
  const side = (s: string) => (s === 'PORT' ? 'Kiri' : s);
  it('writes the numbers for the language: marks, percentages, the engine by its side', () => {
    const abnormal = {
      key: 'abnormal_consumption' as const,
      values: { engine: 'PORT', hours: 40, expected: 148.74, actual: 1193.5, percent: 30.1, excess: 1790.63 },
    };
    expect(reasonValues(abnormal, side, 'en')).toEqual({
      engine: 'Kiri',
      hours: '40',
      expected: '148.74',
      actual: '1,193.5',
      percent: '30.1%',
      excess: '1,790.63',
    });
    expect(reasonValues(abnormal, side, 'id')).toMatchObject({ actual: '1.193,5', percent: '30,1%' });
    const short = {
      key: 'short_delivery' as const,
      values: { note: 24020, received: 23325, short: 695, percent: -2.89, protest: 1, basis: 'observed' },
    };
    expect(reasonValues(short, side, 'id')).toEqual({
      note: '24.020',
      received: '23.325',
      short: '695',
      percent: '-2,89%',
      protest: '1%',
      basis: 'observed',
    });
  });
});
