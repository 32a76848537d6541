import { describe, expect, it } from 'vitest';
import { abnormalConsumption, fitModel, steadyPoint } from '../../src/modules/fuel-watch/abnormal-consumption.ts';
import { flowWhileStopped } from '../../src/modules/fuel-watch/flow-stopped.ts';
import { robDropUnexplained } from '../../src/modules/fuel-watch/rob-drop.ts';
import { meteredSpan } from '../../src/modules/fuel-watch/vessel-hours.ts';
import { DAY, engine, H, hour, reference, T0, vessel } from './rules.ts';

const D1 = T0 + DAY;
const window = { from: D1, to: D1 + 10 * DAY };

describe('§41 metered hour: the worked example', () => {
  const at = (hh: number, mm: number) => T0 + hh * H + mm * 60;

  it('a silence 12:41–13:04: neither hour 12 nor hour 13 is metered', () => {
    // hour 12: last before 11:59, last in it 12:40 (20 min before its end)
    expect(meteredSpan(at(12, 0), at(11, 59), at(12, 40))).toBeNull();
    // hour 13: last before 12:40 (20 min before its start)
    expect(meteredSpan(at(13, 0), at(12, 40), at(13, 59))).toBeNull();
  });

  it('a silence 15:56–16:04: hours 15 and 16 are metered, spans 3 360 and 3 840 s', () => {
    expect(meteredSpan(at(15, 0), at(14, 59), at(15, 55))).toBe(3360);
    expect(meteredSpan(at(16, 0), at(15, 55), at(16, 59))).toBe(3840);
    // 10 minutes at either edge still count; the hour before without a reading does not
    expect(meteredSpan(at(16, 0), at(15, 50), at(16, 50))).toBe(3600);
    expect(meteredSpan(at(16, 0), at(15, 49), at(16, 59))).toBeNull();
    expect(meteredSpan(at(16, 0), undefined, at(16, 59))).toBeNull();
  });
});

describe('§41.1 abnormal consumption: the worked example', () => {
  it('the reference fits L = 20 + 40·x exactly', () => {
    const points = reference(T0).map((h) => steadyPoint(h, 400)!);
    const m = fitModel(points)!;
    expect(m.a).toBeCloseTo(20, 6);
    expect(m.b).toBeCloseTo(40, 6);
    // fewer than 12 reference hours: no model
    expect(fitModel(points.slice(1))).toBeNull();
  });

  it('two hours at 160 L then a steady hour at 130 L: one closed event of 2 hours', () => {
    const f = abnormalConsumption(
      engine([...reference(T0), hour(D1, 1400, 160), hour(D1 + H, 1400, 160), hour(D1 + 2 * H, 1400, 130)]),
      window,
    );
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      rule: 'abnormal_consumption',
      start: D1,
      end: D1 + 2 * H,
      active: false,
      oldData: { 'fm-port-in': { consumption: { litresPerHour: 129.76, rpm: 1400 } } },
      newData: { 'fm-port-in': { consumption: { litresPerHour: 160, hours: 2, excessLitres: 60.48 } } },
      reason: { key: 'abnormal_consumption', values: { engine: 'PORT', percent: 23.3, expected: 129.76 } },
    });
  });

  it('155 L (+19.45 %) is not flagged; nor is +20 % that is under 10 L', () => {
    expect(abnormalConsumption(engine([...reference(T0), hour(D1, 1400, 155)]), window)).toEqual([]);
    // at 1 000 rpm E = 60 L: 72 L is +20 % and 12 L above; at a model of 40 L, 48 L is +20 % but only 8 L above
    expect(abnormalConsumption(engine([...reference(T0), hour(D1, 1000, 72)]), window)).toHaveLength(1);
    const low = reference(T0).map((h) => ({ ...h, litres: (h.litres as number) / 2 }));
    expect(abnormalConsumption(engine([...low, hour(D1, 1000, 36)]), window)).toEqual([]);
    // such an hour inside a run (500 rpm: E = 25 L, 30 L is +20 % but 5 L) neither counts nor ends it; +13 % ends it
    const run = [hour(D1, 1400, 160), hour(D1 + H, 500, 30), hour(D1 + 2 * H, 1400, 160), hour(D1 + 3 * H, 1000, 68)];
    const f = abnormalConsumption(engine([...reference(T0), ...run]), window);
    expect(f.map((x) => [x.start, x.end, x.newData['fm-port-in'].consumption.hours])).toEqual([[D1, D1 + 3 * H, 2]]);
  });

  it('a run still going at the end of the window is Active; 24 hours without a steady hour end it', () => {
    const open = abnormalConsumption(engine([...reference(T0), hour(D1, 1400, 160)]), { from: D1, to: D1 + 5 * H });
    expect(open).toMatchObject([{ active: true, start: D1, end: D1 + H }]);
    const stale = abnormalConsumption(engine([...reference(T0), hour(D1, 1400, 160)]), { from: D1, to: D1 + 26 * H });
    expect(stale).toMatchObject([{ active: false }]);
    // two flagged hours 25 hours apart: two runs
    const two = abnormalConsumption(
      engine([...reference(T0), hour(D1, 1400, 160), hour(D1 + 25 * H, 1400, 160)]),
      window,
    );
    expect(two.map((f) => f.start)).toEqual([D1, D1 + 25 * H]);
  });

  it('an hour that is not steady is not judged: rpm spread, stopped samples, samples not covering it, not metered', () => {
    const base = hour(D1, 1400, 200);
    for (const h of [
      { ...base, rpm: { ...base.rpm!, min: 1250, max: 1400 } }, // 150 > 10 % of 1 400
      { ...base, rpm: { ...base.rpm!, min: 0 } },
      { ...base, rpm: { ...base.rpm!, first: D1 + 900 } },
      { ...base, litres: null, rate: null },
      // §41 "Metered hour": 200 L in it, but a meter's silence at its edge (the litres are not the hour's)
      { ...base, rate: null },
    ])
      expect(abnormalConsumption(engine([...reference(T0), h]), window)).toEqual([]);
  });

  it("an abnormal run never teaches the model; a lasting change becomes the engine's own after 14 days", () => {
    // 160 L at 1 400 rpm every hour for 16 days: flagged while day 0's 12 hours are in the 14 days (to T0 + 14 d);
    // the next 12 hours have no model and make the new one (E = 160 L): the first hour judged after them ends the run
    const lasting = Array.from({ length: 16 * 24 }, (_, k) => hour(D1 + k * H, 1400, 160));
    const f = abnormalConsumption(engine([...reference(T0), ...lasting]), { from: D1, to: D1 + 17 * DAY });
    expect(f.map((x) => [x.start, x.end, x.active, x.newData['fm-port-in'].consumption.hours])).toEqual([
      [D1, T0 + 14 * DAY + H, false, 13 * 24 + 1],
    ]);
    expect(f[0].oldData['fm-port-in'].consumption.litresPerHour).toBe(129.76);
  });
});

describe('§41.3 flow while the engine is stopped: the worked example', () => {
  const stopped = (litres: number[]) => engine(litres.map((l, k) => hour(T0 + (20 + k) * H, 0, l))); // 20:00 .. 01:00, 0 rpm

  it('0, 12, 10, 0 L in the hours 21–00: one run 22:00–24:00 of 22 L', () => {
    const f = flowWhileStopped(stopped([0, 0, 12, 10, 0, 0]), { from: T0, to: T0 + 2 * DAY });
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      start: T0 + 22 * H,
      end: T0 + 24 * H,
      active: false,
      newData: { 'fm-port-in': { flow: { litres: 22, hours: 2, rpm: 0 } } },
      reason: { key: 'flow_engine_stopped', values: { engine: 'PORT', litres: 22, hours: 2 } },
    });
  });

  it('12 and 7 L (19 L) open nothing; nor do 4 L hours; an hour with a running sample breaks the run', () => {
    expect(flowWhileStopped(stopped([0, 0, 12, 7, 0, 0]), { from: T0, to: T0 + 2 * DAY })).toEqual([]);
    expect(flowWhileStopped(stopped([4, 4, 4, 4, 4, 4]), { from: T0, to: T0 + 2 * DAY })).toEqual([]);
    const e = stopped([0, 0, 12, 10, 0, 0]);
    e.hours.get(T0 + 23 * H)!.rpm!.max = 450;
    expect(flowWhileStopped(e, { from: T0, to: T0 + 2 * DAY })).toEqual([]);
  });

  it('an hour after a running hour, or not metered, is not a stopped hour (§41.3 outage example)', () => {
    // 19:00 running, 20:00 stopped with the 21.63 L the meter's last 10 minutes before it carry, 21:00 0 L
    const after = engine([hour(T0 + 19 * H, 1400, 129.76), hour(T0 + 20 * H, 0, 21.63), hour(T0 + 21 * H, 0, 0)]);
    expect(flowWhileStopped(after, { from: T0, to: T0 + 2 * DAY })).toEqual([]);
    // the same litres with the engine standing since 19:00: a stopped hour, 21.63 L ≥ 20 L
    const stood = engine([hour(T0 + 19 * H, 0, 0), hour(T0 + 20 * H, 0, 21.63), hour(T0 + 21 * H, 0, 0)]);
    expect(flowWhileStopped(stood, { from: T0, to: T0 + 2 * DAY })).toMatchObject([
      { start: T0 + 20 * H, end: T0 + 21 * H },
    ]);
    // not metered
    stood.hours.get(T0 + 20 * H)!.rate = null;
    expect(flowWhileStopped(stood, { from: T0, to: T0 + 2 * DAY })).toEqual([]);
  });

  it('a run reaching the last ended hour is Active', () => {
    expect(flowWhileStopped(stopped([0, 0, 12, 10]), { from: T0, to: T0 + 24 * H })).toMatchObject([
      { active: true, start: T0 + 22 * H },
    ]);
  });
});

describe('§41.2 ROB drop unexplained: the worked example', () => {
  const fuel = new Map(Array.from({ length: 7 }, (_, k) => [T0 + k * H, 100]));
  const check = (end: number, busy: [number, number][] = []) =>
    robDropUnexplained(
      vessel({
        tankVolume: new Map([
          [T0, 20_000],
          [T0 + 6 * H, end],
        ]),
        fuel,
      }),
      { from: T0, to: T0 + DAY, busy },
    );

  it('20 000 → 18 500 L with 600 L burnt: 900 L unexplained', () => {
    const f = check(18_500);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      start: T0,
      end: T0 + 6 * H,
      active: false,
      oldData: { 'tank-1': { rob: { volume: 20_000 } } },
      newData: { 'tank-1': { rob: { volume: 18_500, dropLitres: 1500, consumedLitres: 600, unexplainedLitres: 900 } } },
    });
  });

  it('300 L unexplained is not more than the tolerance; a bunkering in the check skips it', () => {
    expect(check(19_100)).toEqual([]);
    expect(check(18_500, [[T0 + 2 * H, T0 + 3 * H]])).toEqual([]);
  });

  it('an hour of the check not metered skips it (§41.2: 200 L/h, the meters silent from 01:00 to 07:30)', () => {
    const tankVolume = new Map([
      [T0, 20_000],
      [T0 + 6 * H, 18_700],
    ]);
    const measured = new Set([T0, T0 + 7 * H, T0 + 8 * H]);
    const v = vessel({ tankVolume, fuel: new Map([[T0, 200]]), measured });
    expect(robDropUnexplained(v, { from: T0, to: T0 + DAY, busy: [] })).toEqual([]);
    // had the hours counted: C = ½ · 200 = 100 L, U = 1 300 − 100 = 1 200 L flagged
    const all = vessel({ tankVolume, fuel: new Map([[T0, 200]]) });
    expect(robDropUnexplained(all, { from: T0, to: T0 + DAY, busy: [] })).toMatchObject([
      { newData: { 'tank-1': { rob: { consumedLitres: 100, unexplainedLitres: 1200 } } } },
    ]);
  });

  it('1 % of the reading when it is more than 300 L; an unmetered vessel is not checked', () => {
    const big = (end: number) =>
      robDropUnexplained(
        vessel({
          tankVolume: new Map([
            [T0, 100_000],
            [T0 + 6 * H, end],
          ]),
          fuel,
        }),
        { from: T0, to: T0 + DAY, busy: [] },
      );
    expect(big(100_000 - 600 - 1000)).toEqual([]); // 1 000 L = the 1 % tolerance, not more
    expect(big(100_000 - 600 - 1001)).toHaveLength(1);
    expect(
      robDropUnexplained(
        vessel({
          metered: false,
          tankVolume: new Map([
            [T0, 20_000],
            [T0 + 6 * H, 18_500],
          ]),
          fuel,
        }),
        {
          from: T0,
          to: T0 + DAY,
          busy: [],
        },
      ),
    ).toEqual([]);
  });
});
