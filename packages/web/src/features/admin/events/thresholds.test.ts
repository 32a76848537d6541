import { describe, expect, it } from 'vitest';
import {
  describeThresholds,
  newDevice,
  parseThresholds,
  serializeThresholds,
  thresholdsProblem,
  toThresholds,
} from './thresholds.ts';

describe('master event thresholds (spec 001 §3, §9)', () => {
  it('starts a device as NewDevice with and, one row == 0; the next free name when taken', () => {
    const first = newDevice([]);
    expect(first).toEqual({
      name: 'NewDevice',
      conditionsOperator: 'and',
      rows: [{ key: '', operator: '==', value: '0' }],
    });
    expect(newDevice([first]).name).toBe('NewDevice2');
    expect(newDevice([first, { ...first, name: 'NewDevice2' }]).name).toBe('NewDevice3');
    expect(newDevice([{ ...first, name: 'rpm' }]).name).toBe('NewDevice');
  });

  it('saves the map of device name → conditions_operator and data, numbers as numbers', () => {
    const json = serializeThresholds([
      {
        name: ' rpm ',
        conditionsOperator: 'or',
        rows: [
          { key: 'rpm', operator: '>', value: '1800' },
          { key: 'status', operator: '==', value: 'on' },
        ],
      },
    ]);
    expect(JSON.parse(json)).toEqual({
      rpm: {
        conditions_operator: 'or',
        data: { rpm: { operator: '>', value: 1800 }, status: { operator: '==', value: 'on' } },
      },
    });
  });

  it('reads stored JSON back into the same blocks, and nothing from unreadable text', () => {
    const blocks = parseThresholds(
      '{"gps":{"conditions_operator":"and","data":{"speed":{"operator":">=","value":12.5}}}}',
    );
    expect(blocks).toEqual([
      { name: 'gps', conditionsOperator: 'and', rows: [{ key: 'speed', operator: '>=', value: '12.5' }] },
    ]);
    expect(toThresholds(blocks)).toEqual({
      gps: { conditions_operator: 'and', data: { speed: { operator: '>=', value: 12.5 } } },
    });
    expect(parseThresholds('not json')).toEqual([]);
    expect(parseThresholds('{"gps":{"conditions_operator":"xor","data":{}}}')).toEqual([]);
    expect(describeThresholds(serializeThresholds(blocks))).toEqual(['gps: speed >= 12.5']);
  });

  it('refuses blank or repeated names that the JSON map would lose', () => {
    const row = { key: 'rpm', operator: '>' as const, value: '1' };
    expect(thresholdsProblem([{ name: 'rpm', conditionsOperator: 'and', rows: [row] }])).toBeNull();
    expect(thresholdsProblem([{ name: ' ', conditionsOperator: 'and', rows: [row] }])).toBe(
      'Every device needs a name',
    );
    expect(
      thresholdsProblem([
        { name: 'rpm', conditionsOperator: 'and', rows: [row] },
        { name: 'rpm', conditionsOperator: 'or', rows: [row] },
      ]),
    ).toBe('Device name rpm is used twice');
    expect(thresholdsProblem([{ name: 'rpm', conditionsOperator: 'and', rows: [row, row] }])).toBe(
      'Data key rpm is used twice in rpm',
    );
    expect(thresholdsProblem([{ name: 'rpm', conditionsOperator: 'and', rows: [{ ...row, key: '' }] }])).toBe(
      'Every data row of rpm needs a data key',
    );
  });
});
