import { type FieldDef, resourceList } from '@fleet/shared';
import { describe, expect, it } from 'vitest';

const numeric = resourceList.flatMap((def) =>
  Object.entries(def.fields)
    .filter(([, f]) => (f.kind === 'number' || f.kind === 'integer') && !f.readOnly)
    .map(([name, f]) => ({ name: `${def.name}.${name}`, f: f as FieldDef })),
);

/**
 * docs/domain.md §32.1: every numeric field a client writes has a range that its schema enforces — a new field
 * without one fails here instead of storing 1e308.
 */
describe('every writable numeric field of the master data has a range', () => {
  it('finds the numeric fields', () => {
    expect(numeric.map((n) => n.name)).toEqual(
      expect.arrayContaining(['bunker_log.bklgStartSounding', 'rob.mrobInitialValue', 'rob_adjustment.robaValue']),
    );
  });

  it.each(numeric)('$name refuses values no vessel can have', ({ f }) => {
    for (const v of [1e308, -1e308, 1.7e308, 1e12, -1e12]) expect(f.schema.safeParse(v).success, String(v)).toBe(false);
  });

  it.each(numeric.filter((n) => n.f.kind === 'number'))(
    '$name declares its range with a unit and holds to it',
    ({ f }) => {
      expect(f.range).toBeDefined();
      const r = f.range!;
      const mid = (r.min + r.max) / 2 || 1;
      expect(f.schema.safeParse(mid).success).toBe(true);
      expect(f.schema.safeParse(r.max + Math.max(1, Math.abs(r.max) * 1e-6)).success).toBe(false);
      expect(f.schema.safeParse(r.min - Math.max(1, Math.abs(r.min) * 1e-6)).success).toBe(false);
    },
  );
});
