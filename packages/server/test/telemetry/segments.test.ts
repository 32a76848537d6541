import { storedMetrics, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { fillStateSpans } from '../../src/db/migrations/023_state_spans.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { LEVELS, rollups, rollupsFromRaw, rounded, telemetryWorld } from './world.ts';

/**
 * The per-segment columns ingest stores with each reading (docs/domain.md §5, §6, §11; telemetry/segments.ts) and
 * their rollups, with the worked examples of docs/domain.md computed by hand: spans, GPS distance on the span,
 * totaliser deltas and litres at 15 °C; late and out-of-order readings; duplicates; migration 021's fill.
 */
const T0 = 1767225600; // 2026-01-01 00:00 UTC
const at = (day: number, h: number, m: number, s = 0) => T0 + day * 86400 + h * 3600 + m * 60 + s;
/** metres along a meridian: haversine is exact there, R·Δφ (R = 6 371 000 m) */
const meridianM = (dLat: number) => (6371000 * dLat * Math.PI) / 180;

describe.each(dialects())('per-segment columns on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  const post = async (readings: unknown[]) => {
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings },
    });
    expect(r.statusCode).toBe(200);
    return r.json.data as { accepted: number; duplicate: number; rejected: number; results: { status: string }[] };
  };
  const rows = async (table: string, columns: string, deviceId: number, from: number, to: number) =>
    (
      await query(
        t.database,
        `select ts, ${columns} from ${table} where device_id = ? and ts >= ? and ts < ? order by ts`,
        [deviceId, from, to],
      )
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])));
  const hourly = async (table: string, columns: string, deviceId: number, bucket: number) => {
    const [r] = await query(t.database, `select ${columns} from ${table}_hourly where device_id = ? and bucket = ?`, [
      deviceId,
      bucket,
    ]);
    return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : Number(v)]));
  };
  const rpm = (ts: number, value = 1500) => ({ device: 'rpm-a1-1', ts, data: { rpm: value } });

  it('§5 example: samples 10:58:30 … 11:12:30, the 660 s silence credited 60 s', async () => {
    const ts = [at(0, 10, 58, 30), at(0, 10, 59, 30), at(0, 11, 0, 30), at(0, 11, 11, 30), at(0, 11, 12, 30)];
    expect((await post(ts.map((x) => rpm(x)))).accepted).toBe(5);
    expect(await rows('telemetry_rpm', 'span', w.dev.rpmPort, at(0, 0, 0), at(1, 0, 0))).toEqual([
      { ts: ts[0], span: null }, // the device's first sample has no segment
      { ts: ts[1], span: 60 },
      { ts: ts[2], span: 60 },
      { ts: ts[3], span: 60 }, // min(660, 60)
      { ts: ts[4], span: 60 },
    ]);
    // the hour 10:00 holds 10:59:30's span; 11:00 the three others, the first of them (its spill before 11:00 is
    // max(0, 60 − (11:00:30 − 11:00)) = 30 s) and the last
    // (a derived column's rollup keeps count, sum and its first value: rollup.ts DERIVED_STATS)
    const stats = 'span_n, span_sum, span_fv, span_ft';
    expect(await hourly('telemetry_rpm', stats, w.dev.rpmPort, at(0, 10, 0))).toEqual({
      span_n: 1,
      span_sum: 60,
      span_fv: 60,
      span_ft: ts[1],
    });
    expect(await hourly('telemetry_rpm', stats, w.dev.rpmPort, at(0, 11, 0))).toEqual({
      span_n: 3,
      span_sum: 180,
      span_fv: 60,
      span_ft: ts[2],
    });
  });

  it('a reading without a position is no fix: no span, no distance; the next fix runs from the fix before it', async () => {
    const fix = (ts: number, latitude: number) => ({ device: 'gps-a1', ts, data: { latitude, longitude: 106.8 } });
    const base = at(1, 6, 0);
    await post([
      fix(base, -6.0),
      fix(base + 60, -6.01),
      { device: 'gps-a1', ts: base + 120, data: { speed: 12 } }, // speed only
      fix(base + 180, -6.03),
    ]);
    const got = await rows('telemetry_gps', 'distance, span, span_distance', w.dev.gps, base, base + 3600);
    expect(
      got.map((r) => [r.ts, r.span, r.distance === null ? null : 'd', r.span_distance === null ? null : 'sd']),
    ).toEqual([
      [base, null, 'd', null], // the device's first fix: 0 m, no segment
      [base + 60, 60, 'd', 'sd'],
      [base + 120, null, null, null],
      [base + 180, 120, 'd', 'sd'], // from base + 60
    ]);
    expect(got[0].distance).toBe(0);
    expect(got[1].distance).toBeCloseTo(meridianM(0.01), 6); // 1 111.949 m
    expect(got[1].span_distance).toBeCloseTo(meridianM(0.01), 6);
    expect(got[3].distance).toBeCloseTo(meridianM(0.02), 6); // 2 223.899 m
    expect(got[3].span_distance).toBeCloseTo(meridianM(0.02), 6);
  });

  it('§6 examples: distance on the span, and a drop-out credited its last hour at the mean speed', async () => {
    const fix = (ts: number, distance?: number) => ({
      device: 'gps-a1',
      ts,
      data: { latitude: -6, longitude: 107, ...(distance === undefined ? {} : { distance }) },
    });
    await post([fix(at(2, 9, 50), 0), fix(at(2, 10, 10), 3704), fix(at(2, 10, 40), 5556)]);
    await post([fix(at(3, 6, 0), 0), fix(at(3, 8, 30), 27780)]);
    expect(await rows('telemetry_gps', 'distance, span, span_distance', w.dev.gps, at(2, 9, 50), at(4, 0, 0))).toEqual([
      { ts: at(2, 9, 50), distance: 0, span: 3600, span_distance: 0 }, // after the last fix of the test before
      { ts: at(2, 10, 10), distance: 3704, span: 1200, span_distance: 3704 },
      { ts: at(2, 10, 40), distance: 5556, span: 1800, span_distance: 5556 },
      { ts: at(3, 6, 0), distance: 0, span: 3600, span_distance: 0 },
      // L = 9 000 s: span 3 600 s, 27 780 × 3 600 / 9 000 = 11 112 m
      { ts: at(3, 8, 30), distance: 27780, span: 3600, span_distance: 11112 },
    ]);
    expect(
      await hourly('telemetry_gps', 'span_sum, span_fv, span_ft, span_distance_sum', w.dev.gps, at(2, 10, 0)),
    ).toEqual({ span_sum: 3000, span_fv: 1200, span_ft: at(2, 10, 10), span_distance_sum: 9260 });
  });

  const meter = (ts: number, data: Record<string, number>) => ({ device: 'fm-a1-1', ts, data });

  it('§11 totaliser deltas: 0 for the first reading, 0 at a reset, what is counted after it', async () => {
    const base = at(4, 0, 0);
    const volumes = [1000, 1010, 1025, 5, 12];
    const masses = [850, 858.5, 871.25, 4.25, 10.2];
    await post(
      volumes.map((v, i) =>
        meter(base + i * 60, { volumeFlowrate: 600, volumeInventory: v, massInventory: masses[i] }),
      ),
    );
    const got = await rows(
      'telemetry_flowmeter',
      'span, volume_delta, volume15_delta, mass_delta',
      w.dev.fm,
      base,
      base + 3600,
    );
    expect(got.map((r) => r.volume_delta)).toEqual([0, 10, 15, 0, 7]);
    expect(got.map((r) => r.mass_delta)).toEqual([0, 8.5, 12.75, 0, expect.closeTo(5.95, 9)]);
    // no density or temperature: litres at 15 °C only where there are none to correct
    expect(got.map((r) => r.volume15_delta)).toEqual([0, null, null, 0, null]);
    expect(got.map((r) => r.span)).toEqual([null, 60, 60, 60, 60]);
    expect(
      await hourly(
        'telemetry_flowmeter',
        'volume_delta_n, volume_delta_sum, volume15_delta_n, mass_delta_sum',
        w.dev.fm,
        base,
      ),
    ).toEqual({
      volume_delta_n: 5,
      volume_delta_sum: 32,
      volume15_delta_n: 2,
      mass_delta_sum: expect.closeTo(27.2, 9),
    });
  });

  it('§11 litres at 15 °C: 4 720 L at 850 kg/m³ and 35 °C are 4 642.9 L', async () => {
    const base = at(5, 0, 0);
    await post([
      meter(base, { volumeInventory: 20000, density: 850, temperature: 35 }),
      meter(base + 60, { volumeInventory: 24720, density: 850, temperature: 35 }),
      // litres without a density: no figure at 15 °C
      meter(base + 120, { volumeInventory: 24730, temperature: 35 }),
    ]);
    const got = await rows('telemetry_flowmeter', 'volume_delta, volume15_delta', w.dev.fm, base, base + 3600);
    expect(got[0].volume_delta).toBe(20000 - 12); // since the meter's last reading (the test before)
    expect(got[1].volume_delta).toBe(4720);
    // ρ15 = 864.12 kg/m³, VCF(864.12, 35 °C) = 0.983663 → 4 642.89 L
    expect(got[1].volume15_delta).toBeCloseTo(4642.89, 2);
    expect(got[2]).toEqual({ ts: base + 120, volume_delta: 10, volume15_delta: null });
  });

  it('an out-of-order batch stores what an ordered one would', async () => {
    const base = at(6, 0, 0);
    const times = [0, 30, 60, 75, 200, 260, 261, 400].map((s) => base + s);
    const shuffled = [5, 0, 7, 2, 6, 1, 4, 3].map((i) => ({ device: 'rpm-a1-3', ts: times[i], data: { rpm: 900 } }));
    expect((await post(shuffled)).accepted).toBe(8);
    expect((await rows('telemetry_rpm', 'span', w.dev.rpmStbd, base, base + 3600)).map((r) => r.span)).toEqual([
      null,
      30,
      30,
      15,
      60,
      60,
      1,
      60,
    ]);
  });

  it('a late reading between stored ones: it and the next sample get the new segments, rollups as if rebuilt', async () => {
    // RPM: 00:59:00 and 01:00:40 (span 60 of a 100 s segment); then 00:59:50 arrives
    const a = at(7, 0, 59);
    const b = at(7, 1, 0, 40);
    await post([rpm(a), rpm(b)]);
    expect((await rows('telemetry_rpm', 'span', w.dev.rpmPort, a, a + 3600)).map((r) => r.span)).toEqual([60, 60]);
    const late = await post([rpm(at(7, 0, 59, 50))]);
    expect(late.accepted).toBe(1);
    expect((await rows('telemetry_rpm', 'span', w.dev.rpmPort, a, a + 3600)).map((r) => r.span)).toEqual([60, 50, 50]);
    expect(await hourly('telemetry_rpm', 'span_n, span_sum', w.dev.rpmPort, at(7, 0, 0))).toEqual({
      span_n: 2,
      span_sum: 110,
    });
    expect(await hourly('telemetry_rpm', 'span_n, span_sum, span_fv', w.dev.rpmPort, at(7, 1, 0))).toEqual({
      span_n: 1,
      span_sum: 50,
      span_fv: 50,
    });

    // flow meter: 100 L at 00:59:00, 130 L at 01:01:00; 110 L at 00:59:30 arrives late, with 800 kg/m³ at 15 °C
    const c = at(7, 0, 59);
    await post([meter(c, { volumeInventory: 100 }), meter(c + 120, { volumeInventory: 130 })]);
    expect(await hourly('telemetry_flowmeter', 'volume_delta_sum', w.dev.fm, at(7, 1, 0))).toEqual({
      volume_delta_sum: 30,
    });
    await post([meter(c + 30, { volumeInventory: 110, density: 800, temperature: 15 })]);
    const got = await rows('telemetry_flowmeter', 'volume_delta, volume15_delta', w.dev.fm, c, c + 3600);
    expect(got).toEqual([
      { ts: c, volume_delta: 0, volume15_delta: 0 }, // a fall from the test before's 24 730 L: a reset
      { ts: c + 30, volume_delta: 10, volume15_delta: 10 }, // at 15 °C the VCF is 1
      { ts: c + 120, volume_delta: 20, volume15_delta: null },
    ]);
    expect(await hourly('telemetry_flowmeter', 'volume_delta_sum', w.dev.fm, at(7, 1, 0))).toEqual({
      volume_delta_sum: 20,
    });

    // GPS: fixes at 02:00 and 02:02; one at 02:01 half-way arrives late
    const g = at(7, 2, 0);
    const fix = (ts: number, latitude: number) => ({ device: 'gps-a1', ts, data: { latitude, longitude: 106 } });
    await post([fix(g, -6), fix(g + 120, -6.02)]);
    await post([fix(g + 60, -6.01)]);
    const fixes = await rows('telemetry_gps', 'distance, span, span_distance', w.dev.gps, g, g + 3600);
    expect(fixes.map((r) => r.span)).toEqual([3600, 60, 60]);
    expect(fixes[1].span_distance).toBeCloseTo(meridianM(0.01), 6);
    expect(fixes[2].distance).toBeCloseTo(meridianM(0.01), 6);
    expect(fixes[2].span_distance).toBeCloseTo(meridianM(0.01), 6);

    // every rollup (every device, column and level of the tests so far) equals one rebuilt from the raw rows
    const tables = Object.fromEntries(
      (['gps', 'rpm', 'ae', 'flowmeter', 'temperature'] as const).map((type) => [
        TELEMETRY_TYPES[type].table,
        storedMetrics(TELEMETRY_TYPES[type]).map((m) => m.column),
      ]),
    );
    for (const level of LEVELS)
      expect(rounded(await rollups(t.database, level))).toEqual(
        rounded(await rollupsFromRaw(t.database, tables, level)),
      );
  });

  it('a duplicate keeps the stored reading and its columns, alone or inside a late batch', async () => {
    const base = at(8, 0, 0);
    await post([rpm(base), rpm(base + 60), rpm(base + 120)]);
    const before = await rows('telemetry_rpm', 'rpm, span', w.dev.rpmPort, base, base + 3600);
    const again = await post([rpm(base + 60, 700)]);
    expect(again.duplicate).toBe(1);
    // a late batch holding a stored reading: that one is a duplicate, the others chain around it
    const mixed = await post([rpm(base + 30, 800), rpm(base + 60, 700), rpm(base + 90, 800)]);
    expect(mixed.results.map((r) => r.status)).toEqual(['accepted', 'duplicate', 'accepted']);
    expect(await rows('telemetry_rpm', 'rpm, span', w.dev.rpmPort, base, base + 3600)).toEqual([
      before[0],
      { ts: base + 30, rpm: 800, span: 30 },
      { ts: base + 60, rpm: 1500, span: 30 },
      { ts: base + 90, rpm: 800, span: 30 },
      { ts: base + 120, rpm: 1500, span: 30 },
    ]);
  });

  it('the derived columns are not data points: no device sends them, no series names them', async () => {
    const r = await post([
      { device: 'rpm-a1-1', ts: at(9, 0, 0), data: { rpm: 900, span: 60 } },
      { device: 'fm-a1-1', ts: at(9, 0, 0), data: { volumeDelta: 5 } },
    ]);
    expect(r.results.map((x: any) => x.reason)).toEqual([
      "unknown data key 'span' for device type rpm",
      "unknown data key 'volumeDelta' for device type flowmeter",
    ]);
    const get = (url: string) => t.call({ method: 'GET', url, token: w.adminA });
    const day = `${at(0, 0, 0)}/${at(1, 0, 0)}`;
    const sum = await get(
      `/api/series/aggregated/rpm/period/${day}?device[]=rpm-a1-1&functionNames[]=SUM&functionParams[]=span`,
    );
    expect(sum.statusCode).toBe(400);
    expect(sum.json.status.message).toMatch(/span/);
    const base = await get(`/api/series/base/period/${day}?device[]=rpm-a1-1`);
    expect(base.statusCode).toBe(200);
    expect(JSON.stringify(base.json)).toContain('rpm');
    expect(JSON.stringify(base.json)).not.toMatch(/span/i);
  });

  it("§7, §10, §15 state spans: a sample's span in its state, 0 out of it, null where it has no span", async () => {
    const h = at(20, 6, 0);
    const gateway = async (readings: unknown[]) => expect((await post(readings)).rejected).toBe(0);
    // each device's previous sample two hours before: the spans at h are G (3 600 s for GPS, 60 s otherwise)
    await gateway([
      { device: 'gps-a1', ts: h - 7200, data: { latitude: -6, longitude: 106, speed: 0 } },
      { device: 'ae-a1-1', ts: h - 7200, data: { rpm: 0 } },
      { device: 'fm-a1-1', ts: h - 7200, data: { volumeFlowrate: 0 } },
    ]);
    // GPS: a fix at 8 km/h (moving) after 2 h; 60 s later again; a fix without a speed; exactly 1 kn (not above it);
    // a reading without a position but moving (no fix); then 2 km/h
    await gateway([
      { device: 'gps-a1', ts: h, data: { latitude: -6, longitude: 106, speed: 8 } },
      { device: 'gps-a1', ts: h + 60, data: { latitude: -6.001, longitude: 106, speed: 8 } },
      { device: 'gps-a1', ts: h + 180, data: { latitude: -6.002, longitude: 106 } },
      { device: 'gps-a1', ts: h + 240, data: { latitude: -6.003, longitude: 106, speed: 1.852 } },
      { device: 'gps-a1', ts: h + 270, data: { speed: 9 } },
      { device: 'gps-a1', ts: h + 300, data: { latitude: -6.004, longitude: 106, speed: 2 } },
      // AE: rpm without a flag; a flag that says running at rpm 0; a flag that says stopped at rpm 1500
      { device: 'ae-a1-1', ts: h, data: { rpm: 1500 } },
      { device: 'ae-a1-1', ts: h + 30, data: { rpm: 1500 } },
      { device: 'ae-a1-1', ts: h + 60, data: { rpm: 0, running: 1 } },
      { device: 'ae-a1-1', ts: h + 90, data: { rpm: 1500, running: 0 } },
      { device: 'ae-a1-1', ts: h + 200, data: { rpm: 0 } },
      // flow meter: 0 L/h, 40 L/h, a reading without a flow rate (no sample), 40 L/h after a gap
      { device: 'fm-a1-1', ts: h, data: { volumeFlowrate: 0 } },
      { device: 'fm-a1-1', ts: h + 60, data: { volumeFlowrate: 40 } },
      { device: 'fm-a1-1', ts: h + 90, data: { volumeInventory: 100 } },
      { device: 'fm-a1-1', ts: h + 150, data: { volumeFlowrate: 40 } },
    ]);
    const day = [h, h + 3600] as const;
    expect(await rows('telemetry_gps', 'span, moving_span', w.dev.gps, ...day)).toEqual([
      { ts: h, span: 3600, moving_span: 3600 },
      { ts: h + 60, span: 60, moving_span: 60 },
      { ts: h + 180, span: 120, moving_span: 0 },
      { ts: h + 240, span: 60, moving_span: 0 },
      { ts: h + 270, span: null, moving_span: null },
      { ts: h + 300, span: 60, moving_span: 60 },
    ]);
    expect(await rows('telemetry_ae', 'span, running_span', w.dev.ae, ...day)).toEqual([
      { ts: h, span: 60, running_span: 60 },
      { ts: h + 30, span: 30, running_span: 30 },
      { ts: h + 60, span: 30, running_span: 30 },
      { ts: h + 90, span: 30, running_span: 0 },
      { ts: h + 200, span: 60, running_span: 0 },
    ]);
    expect(await rows('telemetry_flowmeter', 'span, flow_span', w.dev.fm, ...day)).toEqual([
      { ts: h, span: 60, flow_span: 0 },
      { ts: h + 60, span: 60, flow_span: 60 },
      { ts: h + 90, span: null, flow_span: null },
      { ts: h + 150, span: 60, flow_span: 60 },
    ]);
    // rolled up like the span: the hour's moving seconds, and its first fix's (the one a split of the span needs)
    // 3 600 + 60 + 0 + 0 + 60 s
    expect(
      await hourly('telemetry_gps', 'moving_span_n, moving_span_sum, moving_span_fv, moving_span_ft', w.dev.gps, h),
    ).toEqual({ moving_span_n: 5, moving_span_sum: 3720, moving_span_fv: 3600, moving_span_ft: h });
  });

  it("migration 023's fill gives what ingest wrote: moving, AE running and flow spans (§7, §10, §15)", async () => {
    // readings of every kind, with gaps, resets, position-less readings and a late batch, through ingest
    const base = at(10, 0, 0);
    const readings: unknown[] = [];
    for (let i = 0; i < 240; i++) {
      const ts = base + i * 45 + (i % 7 === 0 ? 400 * (i % 3) : 0);
      readings.push({
        device: 'gps-a1',
        ts,
        // readings without a position, fixes without a speed, fixes below and above 1 kn (§7)
        data:
          i % 11 === 5
            ? { speed: 3 }
            : {
                latitude: -6 + i / 500,
                longitude: 106 + (i % 9) / 300,
                ...(i % 8 === 3 ? {} : { speed: i % 5 === 2 ? 1 : 8 }),
              },
      });
      if (i % 5) readings.push({ device: 'rpm-a1-3', ts, data: { rpm: (i * 37) % 1600 } });
      // AE samples with and without a running flag that contradicts rpm (§10)
      readings.push({
        device: 'ae-a1-1',
        ts: ts + 7,
        data: { rpm: i % 4 ? 1500 : 0, ...(i % 6 === 1 ? { running: i % 12 === 1 ? 0 : 1 } : {}) },
      });
      readings.push({ device: 'tm-a1-1', ts: ts + 3, data: i % 6 ? { temperature: 300 + i } : {} });
      readings.push({
        device: 'fm-a1-1',
        ts,
        data: {
          ...(i % 4 ? { volumeFlowrate: 50 + i } : {}),
          ...(i % 9 ? { volumeInventory: i === 120 ? 3 : i < 120 ? 5000 + i * 2.5 : 10 + i } : {}),
          ...(i % 13 ? { massInventory: 4000 + i * 2 } : {}),
          ...(i % 10 ? { density: 840 + (i % 20), temperature: 30 + (i % 15) } : {}),
        },
      });
    }
    const valid = readings.filter((r: any) => Object.keys(r.data).length);
    await post(valid.filter((_, i) => i % 4 !== 1));
    await post(valid.filter((_, i) => i % 4 === 1)); // late: between stored ones
    // (021's fill of the other derived columns was checked the same way until 023 dropped the rollup statistics it
    // writes; the migration test below runs it on the schema it was written for)
    await refilled(STATE_SPANS, () => fillStateSpans(t.database.db as never));
  });

  /** The derived `columns` and their rollups as ingest wrote them, emptied, then filled again by `fill`: the same. */
  async function refilled(columnsOf: readonly (readonly [string, readonly string[]])[], fill: () => Promise<void>) {
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const [table, columns] of columnsOf)
        out[table] = await query(
          t.database,
          `select device_id, ts, ${columns.join(', ')} from ${table} order by device_id, ts`,
        );
      for (const level of LEVELS) out[level.name] = rounded(await rollups(t.database, level));
      return out;
    };
    const written = await snapshot();
    const exec = async (text: string) => {
      const d = t.database;
      if (d.dialect === 'sqlite') d.sqlite.prepare(text).run();
      else await query(d, text);
    };
    for (const [table, columns] of columnsOf) {
      await exec(`update ${table} set ${columns.map((c) => `${c} = null`).join(', ')}`);
      for (const level of LEVELS)
        await exec(
          `update ${table}_${level.name} set ${columns
            .flatMap((c) => [`${c}_n = 0`, `${c}_sum = 0`, ...['fv', 'ft'].map((s) => `${c}_${s} = null`)])
            .join(', ')}`,
        );
    }
    expect(await snapshot()).not.toEqual(written);
    await fill();
    const filled = await snapshot();
    for (const [table] of columnsOf) {
      expect(filled[table].length).toBe(written[table].length);
      filled[table].forEach((r: any, i) => {
        for (const [k, v] of Object.entries(written[table][i] as object))
          if (v === null) expect(r[k], `${table} ${r.ts} ${k}`).toBeNull();
          else expect(Number(r[k]), `${table} ${r.ts} ${k}`).toBeCloseTo(Number(v), 6);
      });
    }
    for (const level of LEVELS) expect(filled[level.name]).toEqual(written[level.name]);
  }
});

const STATE_SPANS = [
  ['telemetry_gps', ['moving_span']],
  ['telemetry_ae', ['running_span']],
  ['telemetry_flowmeter', ['flow_span']],
] as const;

describe.each(dialects())('migration 021_segments on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('adds the columns and fills them and their rollups for the readings stored before it', async () => {
    database = await freshDatabase(dialect, '020_mail_outbox');
    const w = await telemetryWorld(database);
    const d = database;
    const run = async (text: string, params: unknown[]) => {
      if (d.dialect === 'sqlite') d.sqlite.prepare(text).run(...params);
      else await query(d, text, params);
    };
    const h = at(0, 11, 0);
    // §5 example on an RPM; a GPS drop-out (§6); a meter's reset and its 15 °C litres (§11)
    for (const ts of [h - 90, h - 30, h + 30, h + 690, h + 750])
      await run('insert into telemetry_rpm (device_id, ts, rpm) values (?, ?, ?)', [w.dev.rpmPort, ts, 1500]);
    for (const [ts, lat, dist] of [
      [h, -6, 0],
      [h + 120, null, null],
      [h + 9000, -6.1, 27780],
    ] as const)
      await run('insert into telemetry_gps (device_id, ts, latitude, longitude, distance) values (?, ?, ?, ?, ?)', [
        w.dev.gps,
        ts,
        lat,
        lat === null ? null : 106,
        dist,
      ]);
    for (const [ts, v, rho] of [
      [h, 20000, 850],
      [h + 60, 24720, 850],
      [h + 120, 15, 850],
      [h + 180, 25, null],
    ] as const)
      await run(
        'insert into telemetry_flowmeter (device_id, ts, volume_flowrate, volume_inventory, density, temperature) values (?, ?, ?, ?, ?, ?)',
        [w.dev.fm, ts, 100, v, rho, 35],
      );
    // the rollup rows as they were (the new statistics are filled from the readings)
    for (const [table, id, buckets] of [
      ['telemetry_rpm', w.dev.rpmPort, [h - 3600, h]],
      ['telemetry_gps', w.dev.gps, [h, h + 7200]],
      ['telemetry_flowmeter', w.dev.fm, [h]],
    ] as const) {
      for (const b of buckets) await run(`insert into ${table}_hourly (device_id, bucket) values (?, ?)`, [id, b]);
      await run(`insert into ${table}_daily (device_id, bucket) values (?, ?)`, [id, T0 - 7 * 3600]);
    }
    await migrate(database, '021_segments');

    const get = async (sql: string, params: unknown[]) =>
      (await query(d, sql, params)).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])),
      );
    expect((await get('select span from telemetry_rpm order by ts', [])).map((r) => r.span)).toEqual([
      null,
      60,
      60,
      60,
      60,
    ]);
    expect(await get('select distance, span, span_distance from telemetry_gps order by ts', [])).toEqual([
      { distance: 0, span: null, span_distance: null },
      { distance: null, span: null, span_distance: null },
      { distance: 27780, span: 3600, span_distance: 11112 },
    ]);
    const meter = await get('select volume_delta, volume15_delta from telemetry_flowmeter order by ts', []);
    expect(meter.map((r) => r.volume_delta)).toEqual([0, 4720, 0, 10]);
    expect(meter[1].volume15_delta).toBeCloseTo(4642.89, 2);
    expect(meter.map((r) => r.volume15_delta)).toEqual([0, expect.any(Number), 0, null]);

    expect(
      await get(
        'select span_n, span_sum, span_fv, span_ft, span_lv, span_lt from telemetry_rpm_hourly where bucket = ?',
        [h],
      ),
    ).toEqual([{ span_n: 3, span_sum: 180, span_fv: 60, span_ft: h + 30, span_lv: 60, span_lt: h + 750 }]);
    expect(await get('select span_n, span_sum, span_ft from telemetry_rpm_daily', [])).toEqual([
      { span_n: 4, span_sum: 240, span_ft: h - 30 },
    ]);
    expect(
      await get('select span_distance_n, span_distance_sum from telemetry_gps_hourly order by bucket', []),
    ).toEqual([
      { span_distance_n: 0, span_distance_sum: 0 },
      { span_distance_n: 1, span_distance_sum: 11112 },
    ]);
    const [fm] = await get(
      'select volume_delta_sum, volume15_delta_n, volume15_delta_sum, volume15_delta_lv from telemetry_flowmeter_hourly',
      [],
    );
    expect(fm.volume_delta_sum).toBe(4730);
    expect(fm.volume15_delta_n).toBe(3);
    expect(fm.volume15_delta_sum).toBeCloseTo(4642.89, 2);
    expect(fm.volume15_delta_lv).toBe(0);

    // 023: the state spans (no speed: not moving; 100 L/h: flowing) and the derived rollups narrowed to n, sum, fv, ft
    await migrate(database);
    expect(await get('select span, moving_span from telemetry_gps order by ts', [])).toEqual([
      { span: null, moving_span: null },
      { span: null, moving_span: null },
      { span: 3600, moving_span: 0 },
    ]);
    expect((await get('select flow_span from telemetry_flowmeter order by ts', [])).map((r) => r.flow_span)).toEqual([
      null,
      60,
      60,
      60,
    ]);
    expect(
      await get('select flow_span_n, flow_span_sum, flow_span_fv, flow_span_ft from telemetry_flowmeter_hourly', []),
    ).toEqual([{ flow_span_n: 3, flow_span_sum: 180, flow_span_fv: 60, flow_span_ft: h + 60 }]);
    expect(await get('select moving_span_n, moving_span_sum from telemetry_gps_daily order by bucket', [])).toEqual([
      { moving_span_n: 1, moving_span_sum: 0 },
    ]);
    await expect(query(d, 'select span_lv from telemetry_rpm_hourly', [])).rejects.toThrow();
  });
});
