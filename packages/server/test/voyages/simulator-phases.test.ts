import { DEMO_FLEET } from '@fleet/fleet-catalog';
import type { LegKind } from '@fleet/shared/answers/voyages.ts';
import { generateReadings, type Phase, VesselSimulator } from '@fleet/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { redetect } from '../../src/modules/voyages/redetect.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { send, vessel } from '../summary/summary-world.ts';

/**
 * Detection on the demo fleet's simulated track (docs/domain.md §37.3) against the simulator's own plan
 * (packages/simulator/src/timeline.ts): ten days of 1-minute GPS and rpm readings of a tug and a tanker through
 * ingest, then minute by minute the detected leg's kind against the phase the simulator was in.
 */
const EXPECTED: Record<Phase, LegKind> = {
  berth: 'berth',
  bunkering: 'berth',
  standby: 'berth',
  maintenance: 'berth',
  manoeuvre: 'underway',
  harbour: 'underway',
  sea: 'underway',
  waiting: 'anchor',
  anchorage: 'anchor',
  assist: 'towing',
};
const DAY = 86400;
const START = Date.UTC(2025, 5, 1) / 1000;
const END = START + 10 * DAY;

describe('detection against the simulator’s phases (sqlite)', () => {
  let t: TestApp;
  const results = new Map<string, { agree: number; legs: LegKind[]; places: (string | null)[] }>();
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    for (const code of ['tb01', 'ot01']) {
      const spec = DEMO_FLEET.find((v) => v.code === code);
      if (!spec) throw new Error(`no demo vessel ${code}`);
      const type = await t.database.db
        .insertInto('asset_type')
        .values({ matyName: spec.assetType, matyCreatedTime: nowSeconds() })
        .returning('matyId')
        .executeTakeFirstOrThrow();
      const v = await vessel(t, tenants.compA1, spec.name, { massMatyId: type.matyId });
      const wanted = spec.devices.filter((d) => d.type === 'gps' || d.type === 'rpm');
      for (const d of wanted) await v.add(d.uniqueId, d.type, d.label);
      const ids = new Set(wanted.map((d) => d.uniqueId));
      for (const batch of generateReadings({ seed: 'demo', vessels: [spec], start: START, end: END, batchSteps: 1440 }))
        await send(
          t,
          v.key,
          batch.filter((r) => ids.has(r.device)),
        );
      await redetect(t.database, v.massId, nowSeconds());
      const legs = await t.database.db
        .selectFrom('voyage_leg')
        .selectAll()
        .where('assetId', '=', v.massId)
        .orderBy('startTs')
        .execute();
      const sim = new VesselSimulator('demo', spec, START);
      let agree = 0;
      let total = 0;
      let k = 0;
      for (let ts = Number(legs[0].startTs); ts < Number(legs[legs.length - 1].endTs); ts += 60) {
        while (Number(legs[k].endTs) <= ts) k++;
        const state = sim.timeline.stateAt(ts);
        const want = state.segment.towing && EXPECTED[state.phase] === 'underway' ? 'towing' : EXPECTED[state.phase];
        total++;
        if (legs[k].kind === want) agree++;
      }
      results.set(code, {
        agree: agree / total,
        legs: legs.map((l) => l.kind),
        places: legs.map((l) => l.fromPlace),
      });
    }
  }, 240_000);
  afterAll(() => t?.close());

  it('the tug: berth, passages, towing and assists as planned for most of the time', () => {
    const r = results.get('tb01')!;
    // measured 0.991: the misses are the minutes around a stop's edges (a slow manoeuvre under 1 kn)
    expect(r.agree).toBeGreaterThan(0.98);
    expect(r.places).toContain('Tanjung Priok, Jakarta');
    expect(r.legs).toContain('towing');
    expect(r.legs).toContain('berth');
  });

  it('the tanker: berths and passages between named ports, anchorage waits', () => {
    const r = results.get('ot01')!;
    // measured 0.999
    expect(r.agree).toBeGreaterThan(0.98);
    expect(r.legs).toContain('anchor');
    expect(r.places).toEqual(expect.arrayContaining(['Tanjung Priok, Jakarta', 'Tanjung Priok, Jakarta anchorage']));
    expect(r.legs).toContain('underway');
  });
});
