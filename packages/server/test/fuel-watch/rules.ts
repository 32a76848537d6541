import type { EngineHour, EngineHours, VesselHours } from '../../src/modules/fuel-watch/vessel-hours.ts';
import type { VesselDevice } from '../../src/modules/summary/summary-vessel.ts';

export const H = 3600;
export const DAY = 86_400;
/** 2025-03-01 00:00 UTC: the UTC 6-hour grid of §41.2 starts here */
export const T0 = Date.UTC(2025, 2, 1) / 1000;

export const device = (devcId: number, devcUniqueId: string, devcType = 'flowmeter'): VesselDevice => ({
  devcId,
  devcUniqueId,
  devcType,
  devcLabel: null,
  devcName: devcUniqueId,
});

/** A whole hour of samples at one rpm (first at the hour's start, last 50 minutes in), its litres, metered. */
export const hour = (ts: number, rpm: number, litres: number | null): EngineHour => ({
  ts,
  litres,
  // metered: the meter's span is the hour (§41 "Metered hour")
  rate: litres,
  rpm: { n: 6, mean: rpm, min: rpm, max: rpm, first: ts, last: ts + 3000 },
});

export const engine = (hours: EngineHour[], side: 'PORT' | 'STARBOARD' = 'PORT'): EngineHours => ({
  side,
  threshold: 400,
  meter: device(side === 'PORT' ? 11 : 13, `fm-${side.toLowerCase()}-in`),
  hours: new Map(hours.map((h) => [h.ts, h])),
});

/** §41.1's reference: 4 hours each at 1 000, 1 200 and 1 400 rpm on L = 20 + 40·(rpm/1000)³. */
export const reference = (from: number): EngineHour[] =>
  [1000, 1200, 1400].flatMap((rpm, i) =>
    [0, 1, 2, 3].map((k) => hour(from + (4 * i + k) * H, rpm, Math.round((20 + 40 * (rpm / 1000) ** 3) * 100) / 100)),
  );

export const vessel = (o: Partial<VesselHours>): VesselHours => ({
  engines: [],
  metered: true,
  tanks: [device(21, 'tank-1', 'tank'), device(23, 'tank-3', 'tank')],
  tankVolume: new Map(),
  fuel: new Map(),
  // every hour of the first two days metered (§41 "Metered hour")
  measured: new Set(Array.from({ length: 48 }, (_, k) => T0 + k * H)),
  ...o,
});
