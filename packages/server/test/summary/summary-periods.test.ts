import { bucketStart } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { H, MIN, send, series, vessel } from './summary-world.ts';

/**
 * docs/domain.md §11: periods add up. One vessel, a port supply meter (2 L a minute on its totaliser) and a return
 * meter (0.5 L a minute), every minute for 3 hours from T0 (local midnight, +7) — except the supply meter is silent
 * from minute 60 to minute 99 (its totaliser keeps counting: the reading of minute 100 is 2 L × 100 above the first).
 */
describe.each(dialects())('summary periods on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let massId: number;
  let T0: number;
  const fuel = async (start: number, end: number, unit = 'HOUR') => {
    const r = await t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${massId}&aggregatedUnit=${unit}&devcType=flowmeter`,
      token,
    });
    expect(r.statusCode).toBe(200);
    return r.json.data.flowmeter.summary;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    token = tenants.adminA;
    T0 = bucketStart(nowSeconds() - 3 * 86400, 86400, 7);
    const v = await vessel(t, tenants.compA1, 'Periods');
    await v.add('rpm-p', 'rpm', 'PORT');
    await v.add('fm-p-in', 'flowmeter', 'PORT_IN');
    await v.add('fm-p-out', 'flowmeter', 'PORT_OUT');
    massId = v.massId;
    await send(t, v.key, [
      ...series('rpm-p', T0, 180, () => ({ rpm: 900 })),
      ...series('fm-p-in', T0, 180, (i) => ({ volumeInventory: 1000 + 2 * i, volumeFlowrate: 120 })).filter(
        (_, i) => i < 60 || i >= 100,
      ),
      ...series('fm-p-out', T0, 180, (i) => ({ volumeInventory: 500 + 0.5 * i, volumeFlowrate: 30 })),
    ]);
  });
  afterAll(() => t?.close());

  it('the whole period: last − first of each meter', async () => {
    const f = await fuel(T0, T0 + 3 * H);
    // supply 2 × 179 = 358, return 0.5 × 179 = 89.5
    expect(f.portEngineCons).toBeCloseTo(358 - 89.5, 9);
  });

  it('two halves split inside the silence add up to the whole (the baseline is the last reading before)', async () => {
    const split = T0 + 80 * MIN;
    const a = await fuel(T0, split);
    const b = await fuel(split, T0 + 3 * H);
    // first half: supply minutes 0–59 → 2 × 59 = 118; return minutes 0–79 → 0.5 × 79 = 39.5
    expect(a.portEngineCons).toBeCloseTo(118 - 39.5, 9);
    // second half: supply from the reading of minute 59 (1118) to that of minute 179 (1358) = 240;
    // return from minute 79 to 179 = 50
    expect(b.portEngineCons).toBeCloseTo(240 - 50, 9);
    expect(a.portEngineCons + b.portEngineCons).toBeCloseTo(358 - 89.5, 9);
  });

  it('adjacent periods on whole hours add up at every bucket unit', async () => {
    for (const unit of ['MINUTE', 'HOUR', 'DAY']) {
      const parts = [
        await fuel(T0, T0 + H, unit),
        await fuel(T0 + H, T0 + 2 * H, unit),
        await fuel(T0 + 2 * H, T0 + 3 * H, unit),
      ];
      expect(parts.reduce((s, p) => s + p.portEngineCons, 0)).toBeCloseTo(358 - 89.5, 9);
    }
  });
});
