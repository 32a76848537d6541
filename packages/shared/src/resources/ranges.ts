import type { NumRange } from './define.ts';

/**
 * The accepted values of every numeric field of the master data (docs/domain.md §32), as quantities with their
 * unit. The bounds are generous physical limits, not business rules: they keep out values no vessel can hold,
 * which would otherwise be stored and overflow the sums and percentages computed from them.
 */

/** Fuel in litres: 10⁹ L (1 000 000 m³) is above the largest tanker ever built (about 650 000 m³). */
export const MAX_FUEL_LITRES = 1_000_000_000;

export const RANGES = {
  /** an amount of fuel on board, in a tank or delivered (soundings, targets, initial ROB, reset values) */
  fuelVolume: { min: 0, max: MAX_FUEL_LITRES, unit: 'L' },
  /** a signed change of an amount of fuel (adjustments) */
  fuelChange: { min: -MAX_FUEL_LITRES, max: MAX_FUEL_LITRES, unit: 'L' },
  /** the weight of a tank's content: the largest volume at 1.1 kg/L, the densest fuel oil */
  fuelWeight: { min: 0, max: 1.1 * MAX_FUEL_LITRES, unit: 'kg' },
  /** a sounding table's height, in the unit of its header (mm, cm): 100 000 mm = 100 m, above any tank */
  tankHeight: { min: 0, max: 100_000, unit: '' },
  /** an engine's consumption per running hour: the largest two-stroke engines burn about 20 000 L/h */
  ratePerHour: { min: 0, max: 50_000, unit: 'L/h' },
  /** consumption per kWh: diesel engines use about 0.2–0.3 L/kWh */
  ratePerKwh: { min: 0, max: 10, unit: 'L/kWh' },
  /** consumption per hour per rpm: the slowest large engines (about 80 rpm) reach a few hundred */
  ratePerRpm: { min: 0, max: 1_000, unit: 'L/h per rpm' },
  /** an engine speed: marine diesels run below 3 000 rpm */
  engineRpm: { min: 0, max: 10_000, unit: 'rpm' },
  /** tonnes of CO₂ per tonne of fuel (IMO MEPC.364(79) factors are about 3.1–3.2); the schema excludes both ends */
  co2Factor: { min: 0, max: 10, unit: 't CO₂/t fuel' },
  /** fuel density at 15 °C (the existing limit of the fuel type form) */
  fuelDensity: { min: 500, max: 1_100, unit: 'kg/m³' },
  /** gross tonnage (ITC 69, no unit): the largest ships afloat are about 250 000 GT; a vessel has at least 1 */
  grossTonnage: { min: 1, max: 1_000_000, unit: 'GT' },
  /** deadweight: the largest tanker ever built carried about 565 000 t */
  deadweight: { min: 1, max: 1_000_000, unit: 't' },
} satisfies Record<string, NumRange>;
