import { describe, expect, it } from 'vitest';
import { co2Tonnes, fuelTonnes } from '../src/co2.ts';

const hsd = { mftyCo2Factor: 3.206, mftyDensity: 845 };

// docs/domain.md §23, hand-computed
describe('CO₂ emitted (t)', () => {
  it('uses the measured density per side and the standard one for the auxiliary engines', () => {
    // port 1000 L × 850 kg/m³ = 0.85 t; starboard 500 L × 840 = 0.42 t; AE 200 L × 845 (standard) = 0.169 t
    // 1.439 t × 3.206 = 4.613434 t
    const t = co2Tonnes({
      flows: [
        { litres: 1000, density: 850 },
        { litres: 500, density: 840 },
        { litres: 200, density: null },
      ],
      fuelType: hsd,
    });
    expect(t).toBeCloseTo(4.613434, 9);
  });
  it('uses the fuel type factor (HFO 3.114)', () => {
    // 2000 L × 980 = 1.96 t × 3.114 = 6.10344 t
    expect(co2Tonnes({ flows: [{ litres: 2000 }], fuelType: { mftyCo2Factor: 3.114, mftyDensity: 980 } })).toBeCloseTo(
      6.10344,
      9,
    );
  });
  it('is 0 without fuel, and unknown without a factor or a density', () => {
    expect(co2Tonnes({ flows: [{ litres: 0 }, { litres: null }], fuelType: hsd })).toBe(0);
    expect(
      co2Tonnes({ flows: [{ litres: 100, density: 850 }], fuelType: { mftyCo2Factor: null, mftyDensity: 845 } }),
    ).toBeNull();
    expect(co2Tonnes({ flows: [{ litres: 100 }], fuelType: { mftyCo2Factor: 3.206, mftyDensity: null } })).toBeNull();
    expect(co2Tonnes({ flows: [{ litres: 100 }], fuelType: null })).toBeNull();
  });
});

// docs/domain.md §39.1: the mass CO₂ is computed of, hand-computed
describe('fuel mass (t)', () => {
  it('weighs each flow by its density, as CO₂ does, with or without a factor', () => {
    const flows = [
      { litres: 1000, density: 850 },
      { litres: 500, density: 840 },
      { litres: 200, density: null },
    ];
    // 0.85 + 0.42 + 0.169 = 1.439 t; the CO₂ above is this mass × 3.206
    expect(fuelTonnes({ flows, fuelType: hsd })).toBeCloseTo(1.439, 12);
    expect(fuelTonnes({ flows, fuelType: { mftyCo2Factor: null, mftyDensity: 845 } })).toBeCloseTo(1.439, 12);
    expect(co2Tonnes({ flows, fuelType: hsd })).toBeCloseTo(1.439 * 3.206, 12);
  });
  it('is unknown with fuel but no density, and 0 without fuel', () => {
    expect(fuelTonnes({ flows: [{ litres: 200 }], fuelType: { mftyCo2Factor: 3.206, mftyDensity: null } })).toBeNull();
    expect(fuelTonnes({ flows: [{ litres: 0 }], fuelType: null })).toBe(0);
  });
});
