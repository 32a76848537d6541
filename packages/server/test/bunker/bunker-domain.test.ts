import { describe, expect, it } from 'vitest';
import {
  applyAdjustments,
  correctionFactor,
  discrepancy,
  finalAt15,
  meterTotals,
  rho15FromObserved,
  toleranceBand,
  vcf,
} from '../../src/modules/bunker/bunker-domain.ts';

const reading = (ts: number, volumeTotal: number | null, extra: Partial<Record<string, number | null>> = {}) => ({
  ts,
  volumeTotal,
  massTotal: null,
  density: null,
  temperature: null,
  ...extra,
});

describe('bunker numbers (docs/domain.md §24)', () => {
  it('§24.3 Table 54B: ρ15 850 at 35 °C → α = 600.2226 / 850² = 0.00083076, VCF = exp(−0.016836) = 0.98330', () => {
    expect(vcf(850, 35)).toBeCloseTo(0.9833, 4);
    expect(vcf(850, 15)).toBe(1);
    // gas oil 820: α = 594.5418 / 820² = 0.00088421; ΔT 10 → exp(−0.0088421·1.0070737) = 0.99113
    expect(vcf(820, 25)).toBeCloseTo(0.99113, 4);
    // the observed density at 35 °C is 850 × 0.98330 = 835.81; solving back gives ρ15 850
    expect(rho15FromObserved(835.81, 35)).toBeCloseTo(850, 0);
  });

  it('§24.1 totaliser reset inside the window: 1000→3000→5000→500→2500 counts 2000+2000+500+2000 = 6500', () => {
    const t = meterTotals([
      reading(0, 1000),
      reading(60, 3000),
      reading(120, 5000),
      reading(180, 500),
      reading(240, 2500),
    ]);
    expect(t.volume).toBe(6500);
    expect(t.resets).toBe(1);
    expect(t.mass).toBeNull(); // no density: no mass
    expect(t.volume15).toBeNull();
  });

  it('§24.1 mass from volume × density; volume at 15 °C from each step', () => {
    const t = meterTotals([
      reading(0, 0, { density: 850, temperature: 15 }),
      reading(60, 1000, { density: 850, temperature: 15 }),
    ]);
    expect(t.volume).toBe(1000);
    expect(t.mass).toBe(850); // 1000 L × 850 kg/m³ / 1000
    expect(t.volume15).toBe(1000); // at 15 °C VCF = 1
    expect(meterTotals([]).volume).toBeNull();
  });

  it('§24.2 reset then adjust: 10 000, +200, reset 9 800, −50 → final 9 750, total adjustment −250', () => {
    const r = applyAdjustments(10000, [
      { id: 3, type: 2, amount: -50, time: 30 },
      { id: 1, type: 2, amount: 200, time: 10 },
      { id: 2, type: 1, amount: 9800, time: 20 },
    ]);
    expect(r).toEqual({ final: 9750, totalAdjustment: -250, flagReset: 1 });
    expect(applyAdjustments(10000, [])).toEqual({ final: 10000, totalAdjustment: 0, flagReset: 0 });
    expect(applyAdjustments(null, [])).toEqual({ final: null, totalAdjustment: 0, flagReset: 0 });
    // nothing measured: adding keeps it unknown; a reset sets it (§24.2)
    expect(applyAdjustments(null, [{ id: 1, type: 2, amount: 200, time: 1 }]).final).toBeNull();
    expect(
      applyAdjustments(null, [
        { id: 1, type: 1, amount: 5000, time: 1 },
        { id: 2, type: 2, amount: -100, time: 2 },
      ]),
    ).toEqual({ final: 4900, totalAdjustment: 4900, flagReset: 1 });
  });

  it('§24.3 adjustments at 15 °C: 10 000 L observed = 9 833 L at 15 °C (k 0.9833); +200, reset 9 800, −50 → 9 750 × 0.9833 = 9 587.175', () => {
    const k = correctionFactor({ volume: 10000, volume15: 9833, averageDensity: 835.81, averageTemperature: 35 });
    expect(k).toBeCloseTo(0.9833, 10);
    const adj = [
      { id: 1, type: 2, amount: 200, time: 10 },
      { id: 2, type: 1, amount: 9800, time: 20 },
      { id: 3, type: 2, amount: -50, time: 30 },
    ];
    // the reset sets 9 800 × 0.9833 = 9 636.34, then −50 × 0.9833 = −49.165 → 9 587.175 (not the observed 9 750)
    expect(finalAt15(9833, adj, k)).toBeCloseTo(9587.175, 6);
    // adjust only: 9 833 + 200 × 0.9833 = 10 029.66
    expect(finalAt15(9833, adj.slice(0, 1), k)).toBeCloseTo(10029.66, 6);
    expect(finalAt15(9833, [], null)).toBe(9833);
    expect(finalAt15(9833, adj, null)).toBeNull();
    expect(finalAt15(null, adj, k)).toBeNull();
    // no fuel measured: the VCF of the readings' means (ρobs 835.81 at 35 °C → ρ15 850, VCF 0.98330)
    expect(correctionFactor({ volume: 0, volume15: 0, averageDensity: 835.81, averageTemperature: 35 })).toBeCloseTo(
      0.9833,
      4,
    );
    expect(correctionFactor({ volume: 0, volume15: 0, averageDensity: null, averageTemperature: 35 })).toBeNull();
  });

  it('§24.4 zero target gives no percentage (N/A), never Infinity; missing reference gives nothing', () => {
    expect(discrepancy(9750, 10000)).toEqual({ amount: -250, percentage: -2.5 });
    expect(discrepancy(9750, 0)).toEqual({ amount: 9750, percentage: null });
    expect(discrepancy(9750, null)).toEqual({ amount: null, percentage: null });
    // −150 / 9 900 = −1.5151…% → −1.52
    expect(discrepancy(9750, 9900).percentage).toBe(-1.52);
  });

  it('§24.5 bands 0.5 % / 1 %', () => {
    const limits = { warning: 0.5, protest: 1 };
    expect(toleranceBand(0.5, limits)).toBe('within');
    expect(toleranceBand(-0.51, limits)).toBe('warning');
    expect(toleranceBand(1, limits)).toBe('warning');
    expect(toleranceBand(-2.5, limits)).toBe('protest');
    expect(toleranceBand(null, limits)).toBeNull();
  });
});
