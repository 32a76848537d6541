/**
 * The bunkering numbers of docs/domain.md §24 (bunker received, reconciliation, 15 °C) — pure functions,
 * no database. Every amount is litres unless a name says otherwise (kg).
 */

/** §24.3 Table 54B and the 15 °C correction: one copy in @fleet/shared (ingest stores §11 litres at 15 °C with it) */
export { alpha15, rho15FromObserved, vcf } from '@fleet/shared/volume-correction.ts';

import { rho15FromObserved, vcf } from '@fleet/shared/volume-correction.ts';

/** One raw reading of the bunker meter (telemetry_flowmeter). */
export interface MeterReading {
  ts: number;
  volumeTotal: number | null;
  massTotal: number | null;
  density: number | null;
  temperature: number | null;
}

/** §24.1 what the bunker meter measured in a window. */
export interface MeterTotals {
  readings: number;
  /** observed litres (totaliser delta; from mass ÷ density when the meter has no volume totaliser) */
  volume: number | null;
  /** kg (totaliser delta; from volume × density when the meter has no mass totaliser) */
  mass: number | null;
  /** litres at 15 °C (needs density and temperature) */
  volume15: number | null;
  /** totaliser resets seen inside the window */
  resets: number;
  averageDensity: number | null;
  averageTemperature: number | null;
}

/** §24.1 one step of a totaliser: the rise, or after a reset (the value fell) what was counted since zero. */
export const totaliserStep = (prev: number, next: number) => (next >= prev ? next - prev : next);

/** §24.1 the meter's totals over readings in time order (the window's readings, start ≤ ts ≤ end). */
export function meterTotals(readings: MeterReading[]): MeterTotals {
  let volume = 0;
  let mass = 0;
  let volume15 = 0;
  let hasVolume = false;
  let hasMass = false;
  let has15 = true;
  let resets = 0;
  let dSum = 0;
  let dN = 0;
  let tSum = 0;
  let tN = 0;
  let prevV: number | null = null;
  let prevM: number | null = null;
  for (const r of readings) {
    if (r.density !== null) {
      dSum += r.density;
      dN++;
    }
    if (r.temperature !== null) {
      tSum += r.temperature;
      tN++;
    }
    let dv: number | null = null;
    let dm: number | null = null;
    if (r.volumeTotal !== null) {
      if (prevV !== null) {
        if (r.volumeTotal < prevV) resets++;
        dv = totaliserStep(prevV, r.volumeTotal);
      }
      prevV = r.volumeTotal;
    }
    if (r.massTotal !== null) {
      if (prevM !== null) {
        if (r.massTotal < prevM && r.volumeTotal === null) resets++;
        dm = totaliserStep(prevM, r.massTotal);
      }
      prevM = r.massTotal;
    }
    const rho = r.density !== null && r.density > 0 ? r.density : null;
    if (dv === null && dm !== null && rho !== null) dv = (dm / rho) * 1000;
    if (dm === null && dv !== null && rho !== null) dm = (dv * rho) / 1000;
    if (dv !== null) {
      hasVolume = true;
      volume += dv;
      if (rho !== null && r.temperature !== null)
        volume15 += dv * vcf(rho15FromObserved(rho, r.temperature), r.temperature);
      else if (dv !== 0) has15 = false;
    }
    if (dm !== null) {
      hasMass = true;
      mass += dm;
    }
  }
  return {
    readings: readings.length,
    volume: hasVolume ? volume : null,
    mass: hasMass ? mass : null,
    volume15: hasVolume && has15 ? volume15 : null,
    resets,
    averageDensity: dN ? dSum / dN : null,
    averageTemperature: tN ? tSum / tN : null,
  };
}

/** A bunker adjustment as the computation needs it. */
export interface Adjustment {
  id: number;
  type: number; // 1 reset, 2 adjust
  amount: number;
  time: number;
}

/**
 * §24.2 adjustments in time order (then id): type 1 resets the running value to its amount, type 2 adds its
 * amount (negative subtracts). With `base` null (nothing measured) the value stays null until a reset gives it one.
 */
export function applyAdjustments(base: number | null, adjustments: Adjustment[]) {
  const ordered = [...adjustments].sort((a, b) => a.time - b.time || a.id - b.id);
  let value = base;
  let flagReset = 0;
  for (const a of ordered) {
    if (a.type === 1) {
      value = a.amount;
      flagReset = 1;
    } else if (value !== null) value += a.amount;
  }
  return { final: value, totalAdjustment: value === null ? 0 : value - (base ?? 0), flagReset };
}

/**
 * §24.3 the log's correction to 15 °C: its measured volume at 15 °C ÷ its observed volume (the delivery's
 * volume-weighted VCF); with no fuel measured (volume 0), the VCF of the readings' mean density and temperature;
 * null when neither is known.
 */
export function correctionFactor(
  m: Pick<MeterTotals, 'volume' | 'volume15' | 'averageDensity' | 'averageTemperature'>,
): number | null {
  if (m.volume !== null && m.volume15 !== null && m.volume > 0) return m.volume15 / m.volume;
  if (m.averageDensity !== null && m.averageDensity > 0 && m.averageTemperature !== null)
    return vcf(rho15FromObserved(m.averageDensity, m.averageTemperature), m.averageTemperature);
  return null;
}

/**
 * §24.3 `finalBunker15`: the adjustments of §24.2 applied to the volume at 15 °C, each amount (observed litres, as
 * the form takes them) corrected to 15 °C with the log's factor `k` — a Reset Value of 9 800 L sets 9 800 × k. Null
 * when the volume at 15 °C is, or when there are adjustments and no factor.
 */
export function finalAt15(volume15: number | null, adjustments: Adjustment[], k: number | null): number | null {
  if (volume15 === null) return null;
  if (!adjustments.length) return volume15;
  if (k === null) return null;
  return applyAdjustments(
    volume15,
    adjustments.map((a) => ({ ...a, amount: a.amount * k })),
  ).final;
}

export interface Discrepancy {
  amount: number | null;
  percentage: number | null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** §24.4 signed difference final − reference and its percentage of the reference (2 decimals; none for 0 or missing). */
export function discrepancy(final: number | null, reference: number | null): Discrepancy {
  if (final === null || reference === null) return { amount: null, percentage: null };
  const amount = final - reference;
  if (!Number.isFinite(amount)) return { amount: null, percentage: null }; // §32.2 overflow: not computable
  const percentage = reference === 0 ? null : round2((amount / reference) * 100);
  return { amount, percentage: percentage !== null && Number.isFinite(percentage) ? percentage : null };
}

export type ToleranceBand = 'within' | 'warning' | 'protest';

/** §24.5 the tolerance band of a percentage: |p| ≤ warning → within, ≤ protest → warning, else protest. */
export function toleranceBand(
  percentage: number | null,
  limits: { warning: number; protest: number },
): ToleranceBand | null {
  if (percentage === null) return null;
  const p = Math.abs(percentage);
  if (p <= limits.warning) return 'within';
  if (p <= limits.protest) return 'warning';
  return 'protest';
}
