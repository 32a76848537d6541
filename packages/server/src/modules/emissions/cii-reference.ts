import type { CiiShipType } from '@fleet/shared/resources/options.ts';

/**
 * The IMO constants of the CII (docs/domain.md §39.4), in one table: the 2019 reference lines of MEPC.353(78) (G2,
 * Table 1), the rating vectors exp(d1…d4) of MEPC.354(78) (G4) and the reduction factors Z of MEPC.338(76) (G3) with
 * the 2027–2030 factors adopted at MEPC 83.
 */

/** One size band of a ship type: its reference line and rating vector. */
export interface CiiBand {
  /** the band holds capacities ≥ from (in the type's capacity unit) */
  from: number;
  /** the capacity the reference line is evaluated at; null: the ship's own */
  capacity: number | null;
  a: number;
  c: number;
  /** exp(d1), exp(d2), exp(d3), exp(d4) */
  dd: readonly [number, number, number, number];
}

export interface CiiLine {
  /** AER (DWT) or cgDIST (GT) */
  metric: 'AER' | 'cgDIST';
  /** bands by size, largest `from` first */
  bands: readonly CiiBand[];
}

const band = (from: number, capacity: number | null, a: number, c: number, dd: CiiBand['dd']): CiiBand => ({
  from,
  capacity,
  a,
  c,
  dd,
});

const BULK = [0.86, 0.94, 1.06, 1.18] as const;
const TANKER = [0.82, 0.93, 1.08, 1.28] as const;
const GENERAL = [0.83, 0.94, 1.06, 1.19] as const;
const LNG_SMALL = [0.78, 0.92, 1.1, 1.37] as const;
const VEHICLE = [0.86, 0.94, 1.06, 1.16] as const;
const RORO_PAX = [0.76, 0.92, 1.14, 1.3] as const;

/** Every ship type with a reference line; `other` has none. */
export const CII_LINES: Record<Exclude<CiiShipType, 'other'>, CiiLine> = {
  bulk_carrier: {
    metric: 'AER',
    bands: [band(279_000, 279_000, 4745, 0.622, BULK), band(0, null, 4745, 0.622, BULK)],
  },
  gas_carrier: {
    metric: 'AER',
    bands: [
      band(65_000, null, 14405e7, 2.071, [0.81, 0.91, 1.12, 1.44]),
      band(0, null, 8104, 0.639, [0.85, 0.95, 1.06, 1.25]),
    ],
  },
  tanker: { metric: 'AER', bands: [band(0, null, 5247, 0.61, TANKER)] },
  container_ship: { metric: 'AER', bands: [band(0, null, 1984, 0.489, [0.83, 0.94, 1.07, 1.19])] },
  general_cargo: {
    metric: 'AER',
    bands: [band(20_000, null, 31948, 0.792, GENERAL), band(0, null, 588, 0.3885, GENERAL)],
  },
  refrigerated_cargo: { metric: 'AER', bands: [band(0, null, 4600, 0.557, [0.78, 0.91, 1.07, 1.2])] },
  combination_carrier: { metric: 'AER', bands: [band(0, null, 5119, 0.622, [0.87, 0.96, 1.06, 1.14])] },
  lng_carrier: {
    metric: 'AER',
    bands: [
      band(100_000, null, 9.827, 0, [0.89, 0.98, 1.06, 1.13]),
      band(65_000, null, 14479e10, 2.673, LNG_SMALL),
      band(0, 65_000, 14479e10, 2.673, LNG_SMALL),
    ],
  },
  roro_vehicle: {
    metric: 'cgDIST',
    bands: [
      band(57_700, 57_700, 3627, 0.59, VEHICLE),
      band(30_000, null, 3627, 0.59, VEHICLE),
      band(0, null, 330, 0.329, VEHICLE),
    ],
  },
  roro_cargo: { metric: 'cgDIST', bands: [band(0, null, 1967, 0.485, [0.76, 0.89, 1.08, 1.27])] },
  roro_passenger: { metric: 'cgDIST', bands: [band(0, null, 2023, 0.46, RORO_PAX)] },
  roro_passenger_hsc: { metric: 'cgDIST', bands: [band(0, null, 4196, 0.46, RORO_PAX)] },
  cruise_passenger: { metric: 'cgDIST', bands: [band(0, null, 930, 0.383, [0.87, 0.95, 1.06, 1.16])] },
};

/** Z (%) by year relative to 2019: MEPC.338(76) to 2026, MEPC 83's amendments (MEPC.400(83)) for 2027–2030. */
export const REDUCTION_FACTORS: Readonly<Record<number, number>> = {
  2019: 0,
  2020: 1,
  2021: 2,
  2022: 3,
  2023: 5,
  2024: 7,
  2025: 9,
  2026: 11,
  2027: 13.625,
  2028: 16.25,
  2029: 18.875,
  2030: 21.5,
};

/** Reg. 28.1: the CII applies from this gross tonnage. */
export const CII_MIN_GT = 5000;
