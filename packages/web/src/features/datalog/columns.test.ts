import { describe, expect, it } from 'vitest';
import { columnWidth, defaultColumns, headerWidth, normaliseLayout } from './columns.ts';

describe('datalog column layout (spec 002 §4)', () => {
  const keys = (cols: { key: string }[]) => cols.map((c) => c.key);
  it('keeps a flat layout with its order and visibility', () => {
    const d = defaultColumns();
    const stored = [d[0], { ...d[3], visible: false }, d[1], d[2], ...d.slice(4)];
    const out = normaliseLayout(stored.map(({ key, visible }) => ({ key, visible })));
    expect(keys(out)).toEqual(keys(stored));
    expect(out[1]).toMatchObject({ key: d[3].key, visible: false, label: d[3].label });
  });
  it('migrates an old layout grouped by category to the flat list, keeping the flags', () => {
    const out = normaliseLayout({
      gps: [
        { key: 'speed', visible: false },
        { key: 'coordinate', visible: true },
      ],
      port: [{ key: 'portRpm', visible: false }],
    });
    expect(out[0].key).toBe('dateTime');
    expect(out.slice(1, 4).map((c) => [c.key, c.visible])).toEqual([
      ['speed', false],
      ['coordinate', true],
      ['portRpm', false],
    ]);
    expect(out).toHaveLength(defaultColumns().length); // the rest appended, visible
    const grouped = normaliseLayout([{ category: 'ae', columns: [{ key: 'ae1RunningHours', visible: false }] }]);
    expect(grouped[1]).toMatchObject({ key: 'ae1RunningHours', visible: false });
  });
  it('falls back to the defaults for a broken layout', () => {
    for (const bad of [null, 'x', 42, [1, 2], [{ key: 'nope' }], {}])
      expect(normaliseLayout(bad)).toEqual(defaultColumns());
  });
  it('keeps the date column first and visible', () => {
    const out = normaliseLayout([{ key: 'speed' }, { key: 'dateTime', visible: false }]);
    expect(out[0]).toMatchObject({ key: 'dateTime', visible: true });
  });
});

// issue 25: the header "Heading" wrapped as "Headin g" in a 90 px column
describe('datalog header widths', () => {
  it('fit the longest word with padding and sort arrows (hand-computed)', () => {
    // H 10.5 + e a d n g 5 × 8.5 + i 5.5 = 58.5; + 16 padding + 26 arrows + 6 = 106.5 → 107
    expect(headerWidth('Heading')).toBe(107);
    // STARBOARD: 9 capitals × 10.5 = 94.5 + 48 = 142.5 → 143; the longest word of 'STARBOARD RPM'
    expect(headerWidth('STARBOARD RPM')).toBe(143);
    expect(columnWidth({ minWidth: 90 }, 'Heading')).toBe(107);
    expect(columnWidth({ minWidth: 220 }, 'Coordinate')).toBe(220);
  });
  it('every column, with every unit label, is at least as wide as its header needs', () => {
    const labels = (l: string) =>
      l === 'Speed' ? ['Speed (knot)', 'Speed (km/h)'] : l === 'Cruise' ? ['Cruise (NM)', 'Cruise (KM)'] : [l];
    for (const c of defaultColumns())
      for (const l of labels(c.label)) expect(columnWidth(c, l)).toBeGreaterThanOrEqual(headerWidth(l));
  });
});
