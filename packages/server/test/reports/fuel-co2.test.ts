import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { type World, worldApp } from '../crud/world.ts';
import { dialects, freshDatabase, type TestApp } from '../helpers/app.ts';

// docs/domain.md §23: the CO₂ factor and standard density of each fuel type, and the fuel type of each asset
describe.each(dialects())('CO₂ master data on %s', (dialect) => {
  it('migration 008 gives existing fuel types the factor of the IMO class their name names', async () => {
    const d = await freshDatabase(dialect, '003_wide_rollups');
    try {
      const names = ['HSD (High Speed Diesel)', 'MFO 180', 'Marine Gas Oil', 'LFO', 'Biosolar B35'];
      for (const n of names) await d.db.insertInto('fuel_type').values({ mftyName: n }).execute();
      await migrate(d);
      const rows = await d.db
        .selectFrom('fuel_type')
        .select(['mftyName', 'mftyCo2Factor', 'mftyDensity'])
        .orderBy('mftyId')
        .execute();
      expect(rows.map((r) => [r.mftyName, r.mftyCo2Factor == null ? null : Number(r.mftyCo2Factor)])).toEqual([
        ['HSD (High Speed Diesel)', 3.206],
        ['MFO 180', 3.114],
        ['Marine Gas Oil', 3.206],
        ['LFO', 3.151],
        ['Biosolar B35', null],
      ]);
      expect(Number(rows[0].mftyDensity)).toBe(845);
      expect(rows[4].mftyDensity).toBeNull();
    } finally {
      await d.drop();
    }
  });
});

describe.each(dialects())('CO₂ fields through the API on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  it('keeps the factor and density of a fuel type and checks their ranges', async () => {
    const ok = await t.call({
      method: 'PUT',
      url: `/api/master/fuel_type/${w.fuelType}`,
      token: w.platform,
      payload: { mftyCo2Factor: 3.206, mftyDensity: 845 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json.data).toMatchObject({ mftyCo2Factor: 3.206, mftyDensity: 845 });
    const bad = await t.call({
      method: 'PUT',
      url: `/api/master/fuel_type/${w.fuelType}`,
      token: w.platform,
      payload: { mftyCo2Factor: 12, mftyDensity: 20 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.status.message).toEqual({
      mftyCo2Factor: ['CO₂ Factor must be between 0 and 10'],
      mftyDensity: ['Standard Density must be between 500 and 1100 kg/m³'],
    });
  });

  it("answers an asset's fuel type with its factor and density", async () => {
    const put = await t.call({
      method: 'PUT',
      url: `/api/master/asset/${w.assetA1}`,
      token: w.adminA,
      payload: { massMftyId: w.fuelType },
    });
    expect(put.statusCode).toBe(200);
    const r = await t.call({ method: 'GET', url: `/api/master/asset/${w.assetA1}`, token: w.adminA });
    expect(r.json.data.massMfty).toMatchObject({ mftyCo2Factor: 3.206, mftyDensity: 845 });
    const missing = await t.call({
      method: 'PUT',
      url: `/api/master/asset/${w.assetA1}`,
      token: w.adminA,
      payload: { massMftyId: 999999 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.status.message).toEqual({ massMftyId: ['Fuel Type not found'] });
  });
});
