import { describe, expect, it } from 'vitest';
import { test as compiled, hit } from '../../src/modules/event-engine/conditions.ts';
import { assetConfigs } from '../../src/modules/event-engine/definitions.ts';

/**
 * A reader's one condition compiled onto it (definitions.ts `Reader.at/op/num`, evaluated by conditions.ts `test`)
 * decides as the condition itself (`hit`) for every operator, around the threshold, for missing values; text
 * thresholds and unknown data names are left to `hit` (`at` -1).
 */
const device = (id: number, type: string) => ({
  devc_id: id,
  devc_unique_id: `${type}-${id}`,
  devc_type: type,
  devc_mass_id: 1,
});
const definition = (mevtId: number, thresholds: object) => ({
  devc_id: 100,
  devc_unique_id: 'gw-1',
  devc_mass_id: 1,
  mcev_id: 7,
  mevt_id: mevtId,
  mevt_type: `E${mevtId}`,
  mevt_trigger_duration: 0,
  mevt_is_priority: 0,
  mevt_thresholds: JSON.stringify(thresholds),
});
const on = (key: string, operator: string, value: number | string) => ({
  rpm: { conditions_operator: 'and', data: { [key]: { operator, value } } },
});

describe('a reader compiled from its one condition', () => {
  const ops = ['==', '!=', '>', '<', '>=', '<='];
  const thresholds: (number | string)[] = [600, '600', ' 600.5 ', -3, 0, 'true', 'high', '1e3'];
  const rows = ops.flatMap((op, i) => thresholds.map((v, j) => definition(i * 100 + j, on('rpm', op, v))));
  rows.push(definition(9999, on('noSuchData', '>', 1)));
  const conf = assetConfigs(rows, [device(100, 'gateway'), device(1, 'rpm')]).get(1)!;
  const readers = conf.readersOf.get(1)!;

  it('decides as the condition for every operator and value, and leaves text and unknown data to it', () => {
    expect(readers).toHaveLength(rows.length);
    let fast = 0;
    for (const reader of readers) {
      const single = reader.single!;
      expect(reader.state).toBe(reader.def.index);
      expect(reader.first).toBe(reader.def.groups[0]);
      if (single.num === null || single.index < 0) {
        expect(reader.at).toBe(-1);
        continue;
      }
      fast++;
      for (const v of [null, undefined, -4, -3, 0, 1, 599, 600, 600.5, 601, 1000, 1001, Number.NaN]) {
        const values: (number | null | undefined)[] = [];
        values[single.index] = v;
        expect(compiled(reader.op, reader.num, values[reader.at]), `${single.operator} ${single.value} on ${v}`).toBe(
          hit(single, values),
        );
      }
    }
    // 'high' and '1e3' stay text, 'true' is the flag 1; a condition on data the type lacks is no number either
    expect(fast).toBe(ops.length * 6);
  });
});
