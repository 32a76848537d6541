/**
 * Litres at 15 °C (docs/domain.md §24.3, ASTM D1250 / ISO 91-1 Table 54B): pure functions, the only copy. The
 * bunker reconciliation (§24) and the per-reading engine fuel stored at ingest (§11 `volume15_delta`) use them.
 */

/** §24.3 thermal expansion coefficient α at 15 °C for a density ρ15 (kg/m³). */
export function alpha15(rho15: number): number {
  if (rho15 >= 838.5) return (186.9696 + 0.48618 * rho15) / (rho15 * rho15); // fuel oils
  if (rho15 >= 787.5) return 594.5418 / (rho15 * rho15); // gas oils, jet
  return -0.00336312 + 2680.3206 / (rho15 * rho15); // transition zone 770.5–787.5 (and below, by extension)
}

/** §24.3 volume correction factor from tC (°C) to 15 °C for a product of density ρ15. */
export function vcf(rho15: number, tC: number): number {
  const a = alpha15(rho15);
  const dt = tC - 15;
  return Math.exp(-a * dt * (1 + 0.8 * a * dt));
}

/** §24.3 the density at 15 °C from an observed density at tC: ρ15 = ρobs / VCF(ρ15, t), by fixed-point iteration. */
export function rho15FromObserved(rhoObs: number, tC: number): number {
  let rho = rhoObs;
  for (let i = 0; i < 20; i++) {
    const next = rhoObs / vcf(rho, tC);
    if (Math.abs(next - rho) < 1e-9) return next;
    rho = next;
  }
  return rho;
}

/**
 * §11 litres at line temperature → litres at 15 °C with the density (kg/m³) and temperature (°C) the meter measured
 * them at: `litres × VCF(ρ15, T)`, ρ15 solved from ρ at T. 0 litres are 0 at any temperature; null when litres were
 * counted without a density above 0 or a temperature (or the correction has no finite value, a density far outside
 * fuels').
 */
export function litresAt15(litres: number, density: number | null, temperature: number | null): number | null {
  if (litres === 0) return 0;
  if (density === null || temperature === null || !(density > 0)) return null;
  const v = litres * vcf(rho15FromObserved(density, temperature), temperature);
  return Number.isFinite(v) ? v : null;
}
