import type { Summary } from '@fleet/shared/answers/summary.ts';
import { describe, expect, it } from 'vitest';
import { changePercent, figuresOf } from '../../src/modules/efficiency/efficiency-figures.ts';
import { lastMonths } from '../../src/modules/efficiency/efficiency-months.ts';
import { rankByType } from '../../src/modules/efficiency/efficiency-rank.ts';

/** The parts of a summary answer §38 reads, with the figures of its worked example. */
function summaryOf(o: {
  fuel: number | null;
  me: number;
  ae: number;
  nm: number;
  port: number | null;
  starboard: number | null;
  co2: number | null;
}): Summary {
  const side = (h: number | null) =>
    h === null
      ? null
      : { devcId: 1, average: 900, runningTime: h * 3600, runningHours: h, threshold: 400, sampleInterval: 60 };
  return {
    gps: { summary: { totalCruise: o.nm } },
    rpm: { summary: { PORT: side(o.port), STARBOARD: side(o.starboard) } },
    flowmeter: {
      summary: {
        totalFuelCons: o.fuel,
        meEngineCons: o.me,
        aeEngineCons: o.ae,
        meEngineCons15: null,
        aeEngineCons15: null,
        meEngineConsKg: null,
        aeEngineConsKg: null,
        co2Emitted: o.co2,
      },
    },
    ae: {
      AE1: { devcId: 2, fuelConsumption: o.ae, runningSeconds: 36000, runningTime: 10, rate: 5 },
      AE2: null,
      AE3: null,
    },
  } as unknown as Summary;
}

describe('docs/domain.md §38 worked example', () => {
  const now = figuresOf(
    summaryOf({ fuel: 12000, me: 10800, ae: 1200, nm: 1600, port: 150, starboard: 148, co2: 32.1 }),
  );
  const before = figuresOf(
    summaryOf({ fuel: 10000, me: 9000, ae: 1000, nm: 1250, port: 125, starboard: 120, co2: 26.75 }),
  );

  it('ME hours are the longer side; L/NM and L/h from the total fuel', () => {
    expect(now.meHours).toBe(150);
    expect(now.litresPerNm).toBe(7.5);
    expect(now.litresPerHour).toBe(80);
    expect(before.litresPerNm).toBe(8);
    expect(before.litresPerHour).toBe(80);
    expect(now.ae1Hours).toBe(10);
    expect(now.ae2Hours).toBeNull();
  });

  it('changes: +20 %, −6.25 %, 0 %, +20 %', () => {
    expect(changePercent(now.fuel, before.fuel)).toBeCloseTo(20, 10);
    expect(changePercent(now.litresPerNm, before.litresPerNm)).toBeCloseTo(-6.25, 10);
    expect(changePercent(now.litresPerHour, before.litresPerHour)).toBe(0);
    expect(changePercent(now.co2, before.co2)).toBeCloseTo(20, 10);
  });

  it('ranks 7.50, 9.20, 7.50 and none as 1, 3, 1 of 3 and no rank', () => {
    const rows = [7.5, 9.2, 7.5, null].map((litresPerNm) => ({ matyId: 4, litresPerNm }));
    const ranks = rankByType(rows);
    expect(rows.map((r) => ranks.get(r))).toEqual([
      { rank: 1, rankOf: 3 },
      { rank: 3, rankOf: 3 },
      { rank: 1, rankOf: 3 },
      undefined,
    ]);
  });
});

describe('§38 edge cases', () => {
  it('no change against a previous figure of 0 or a missing one, or a missing current one', () => {
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(10, null)).toBeNull();
    expect(changePercent(null, 10)).toBeNull();
    expect(changePercent(0, 10)).toBe(-100);
  });

  it('no L/NM below 1 NM, no L/h without ME hours, no figures without fuel', () => {
    const f = figuresOf(summaryOf({ fuel: 500, me: 500, ae: 0, nm: 0.99, port: 0, starboard: null, co2: null }));
    expect(f.litresPerNm).toBeNull();
    expect(f.litresPerHour).toBeNull();
    expect(f.starboardHours).toBeNull();
    expect(
      figuresOf(summaryOf({ fuel: 500, me: 500, ae: 0, nm: 1, port: 2, starboard: null, co2: null })),
    ).toMatchObject({ litresPerNm: 500, litresPerHour: 250, meHours: 2 });
    const none = figuresOf(summaryOf({ fuel: null, me: 0, ae: 0, nm: 40, port: 5, starboard: 5, co2: null }));
    expect([none.litresPerNm, none.litresPerHour]).toEqual([null, null]);
    // a vessel without RPM devices has no ME hours
    expect(
      figuresOf({ ...summaryOf({ fuel: 9, me: 9, ae: 0, nm: 3, port: 1, starboard: 1, co2: null }), rpm: undefined })
        .meHours,
    ).toBeNull();
  });

  it('ties on the figure as shown (2 decimals); types ranked apart; no type, no rank', () => {
    const a = { matyId: 1, litresPerNm: 7.504 };
    const b = { matyId: 1, litresPerNm: 7.496 };
    const c = { matyId: 1, litresPerNm: 7.51 };
    const d = { matyId: 2, litresPerNm: 20 };
    const e = { matyId: null, litresPerNm: 1 };
    const ranks = rankByType([c, a, b, d, e]);
    expect(ranks.get(a)).toEqual({ rank: 1, rankOf: 3 });
    expect(ranks.get(b)).toEqual({ rank: 1, rankOf: 3 });
    expect(ranks.get(c)).toEqual({ rank: 3, rankOf: 3 });
    expect(ranks.get(d)).toEqual({ rank: 1, rankOf: 1 });
    expect(ranks.has(e)).toBe(false);
  });
});

describe('§38 months', () => {
  it('the last 12 calendar months of Asia/Jakarta, ending with the current one', () => {
    const now = Date.UTC(2026, 10, 27, 3, 0) / 1000; // 27 Nov 2026 10:00 WIB
    const months = lastMonths('Asia/Jakarta', now, 12);
    expect(months.map((m) => m.month)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    // November: [1 Nov 00:00, 1 Dec 00:00) WIB = [31 Oct 17:00, 30 Nov 17:00) UTC
    expect(months[11]).toEqual({
      month: '2026-11',
      start: Date.UTC(2026, 9, 31, 17) / 1000,
      end: Date.UTC(2026, 10, 30, 17) / 1000,
    });
    for (let i = 1; i < 12; i++) expect(months[i].start).toBe(months[i - 1].end);
  });

  it('a month starts at local midnight: 30 Nov 18:00 UTC is already December in Jakarta', () => {
    const months = lastMonths('Asia/Jakarta', Date.UTC(2026, 10, 30, 18) / 1000, 1);
    expect(months[0].month).toBe('2026-12');
    expect(months[0].start).toBe(Date.UTC(2026, 10, 30, 17) / 1000);
  });
});
