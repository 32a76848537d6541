import { DEMO_FLEET, tankVolumeAt } from '@fleet/fleet-catalog';
import { type Reading, VesselSimulator } from '@fleet/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BACKFILL_DAYS } from '../../src/config.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { demoProfileStart, SOUNDING_STOCK_TAKE_NOTE } from '../../src/db/seed/demo-bunker.ts';
import { DemoBunkerClerk } from '../../src/db/seed/demo-clerk.ts';
import { syncVesselRobEvents } from '../../src/modules/rob/rob-events.ts';
import { robSummary } from '../../src/modules/rob/rob-summary.ts';
import { issueDeviceKey, resolveDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { ingestReadings } from '../../src/modules/telemetry/ingest.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';

/** A fixed "now" (2026-03-20 05:00 UTC): the demo's history is the BACKFILL_DAYS before it. */
const NOW = Date.UTC(2026, 2, 20, 5, 0, 0) / 1000;
const FROM = demoProfileStart(NOW, DEFAULT_BACKFILL_DAYS);

/**
 * The demo's ledgers (issue 25; docs/domain.md §25.5): every demo vessel's ROB profile, run by the product's ROB
 * summary over the simulator's history of the default BACKFILL_DAYS, never goes below zero — and never above its
 * tanks (the sounding tables' full volume). The history is what the built-in simulator writes, for the devices the
 * ledger reads: the fuel flow meters (their totalisers every 5 minutes: litres are totaliser differences, the same
 * at any reading interval) and, where the vessel has no AE meter, the auxiliary engines every minute (their
 * estimate is running time × rate, §13).
 * At NOW the lowest balances are about tb01 13 900 L (of 52 600 L of tanks), ot01 87 700, tb04 26 300 (in dock, no
 * fuel used), sb01 31 600, tb02 11 700, tb11 25 700 L.
 */
describe.each(dialects())('the demo fleet bunkers so that no ROB goes below zero, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: (d) => seedDemo(d, { now: NOW, backfillDays: DEFAULT_BACKFILL_DAYS }).then(() => undefined),
    });
    const db = t.database.db;
    for (const v of DEMO_FLEET) {
      const gateway = await db
        .selectFrom('device')
        .select('devcId')
        .where('devcUniqueId', '=', `gateway-${v.code}`)
        .executeTakeFirstOrThrow();
      const scope = await resolveDeviceKey(t.database, await issueDeviceKey(db, Number(gateway.devcId), 'test'));
      if (!scope) throw new Error('no key scope');
      const meters = v.devices.filter((d) => d.type === 'flowmeter');
      const aes = v.variant.aeFlowMeter ? [] : v.devices.filter((d) => d.type === 'ae');
      for (const [devices, step] of [
        [meters, 300],
        [aes, 60],
      ] as const) {
        if (!devices.length) continue;
        const sim = new VesselSimulator('demo', { ...v, devices }, FROM - 7200);
        let batch: Reading[] = [];
        for (let ts = FROM - 3600; ts <= NOW; ts += step) {
          sim.readingsAt(ts, batch);
          if (batch.length >= 5000) {
            const r = await ingestReadings(t.app.ingest, scope, batch);
            expect(r.rejected).toBe(0);
            batch = [];
          }
        }
        if (batch.length) await ingestReadings(t.app.ingest, scope, batch);
      }
    }
  }, 600_000);
  afterAll(() => t.close());

  it('every vessel: the ledger from its demo profile stays at or above zero and within its tanks', async () => {
    const db = t.database.db;
    const seen: Record<string, { min: number; max: number; last: number; bunkerings: number }> = {};
    for (const v of DEMO_FLEET) {
      const profile = await db
        .selectFrom('rob')
        .innerJoin('asset', 'massId', 'mrobMassId')
        .selectAll('rob')
        .where('massName', '=', v.name)
        .executeTakeFirstOrThrow();
      expect(Number(profile.mrobStartTime)).toBe(FROM);
      const s = await robSummary(t.database, profile, {
        interval: 'daily',
        tz: 7,
        now: NOW,
        tolerance: t.config.bunkerTolerance,
      });
      const balances = [s.rob.balances.start ?? Number.NaN];
      for (const d of s.details)
        for (const entries of Object.values(d.logs))
          for (const e of Object.values(entries)) if (e) balances.push(e.endInventory ?? Number.NaN);
      const capacity = v.tanks.reduce((sum, tank) => sum + tankVolumeAt(tank, tank.heightM), 0);
      seen[v.code] = {
        min: Math.round(Math.min(...balances)),
        max: Math.round(Math.max(...balances)),
        last: Math.round(s.rob.balances.last ?? Number.NaN),
        bunkerings: s.rob.bunker.IN?.count ?? 0,
      };
      expect(s.rob.belowZero, v.code).toEqual([]);
      expect(Math.min(...balances), v.code).toBeGreaterThanOrEqual(0);
      expect(Math.max(...balances), v.code).toBeLessThanOrEqual(capacity);
      // nothing for the Event Log either
      expect(
        await syncVesselRobEvents(t.database, Number(profile.mrobMassId), {
          defaultTimeZone: 'Asia/Jakarta',
          tolerance: t.config.bunkerTolerance,
          now: NOW,
        }),
      ).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    }
    // the tugs burn a few thousand litres a day and bunker every week or two; the dry-docked tug burns nothing
    for (const code of ['tb01', 'tb02', 'tb11']) expect(seen[code].bunkerings, code).toBeGreaterThanOrEqual(2);
    expect(seen.tb04).toMatchObject({ bunkerings: 0 });
    expect(seen.tb04.min).toBe(seen.tb04.max);
  });

  it('while the demo runs, the demo crew logs each bunkering the simulator finishes, once', async () => {
    const db = t.database.db;
    const logs = async () =>
      (
        await db
          .selectFrom('bunker_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await logs());
    // at the seed's time everything is logged already
    expect(await new DemoBunkerClerk(t.database, DEFAULT_BACKFILL_DAYS, () => NOW).pass()).toBe(0);
    // twelve days on, the tugs have bunkered again (every week or two): logged, numbered on, a second pass adds none
    const later = new DemoBunkerClerk(t.database, DEFAULT_BACKFILL_DAYS, () => NOW + 12 * 86400);
    const written = await later.pass();
    expect(written).toBeGreaterThanOrEqual(3);
    expect(Number(await logs())).toBe(before + written);
    expect(await later.pass()).toBe(0);
    const tb01 = await db
      .selectFrom('bunker_log')
      .innerJoin('asset', 'massId', 'bklgMassId')
      .select(['bklgNote', 'bklgEndDatetime'])
      .where('massName', '=', 'TB Samudra Perkasa 01')
      .orderBy('bklgEndDatetime')
      .execute();
    expect(tb01.map((l) => l.bklgNote)).toEqual(
      tb01.map((_l, i) => `Bunker delivery note TB01-${String(i + 1).padStart(3, '0')}`),
    );
    expect(Number(tb01[tb01.length - 1].bklgEndDatetime)).toBeGreaterThan(NOW);
    // the tug without engine flowmeters gets its stock-take by sounding with each bunkering
    const stockTakes = await db
      .selectFrom('rob_adjustment')
      .select('robaTime')
      .where('robaNote', '=', SOUNDING_STOCK_TAKE_NOTE)
      .execute();
    expect(stockTakes.some((a) => Number(a.robaTime) > NOW)).toBe(true);
  });
});
