import { describe, expect, it } from 'vitest';
import { compareData, formatDuration, thresholdGroups } from './event-log-format.ts';

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
