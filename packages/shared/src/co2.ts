/**
 * CO₂ emitted (t), docs/domain.md §23: the fuel's mass times the IMO conversion factor of the vessel's fuel type.
 * Mass per flow of fuel = litres × density (kg/m³) / 10⁶ t; the density is the one the side's supply meter
 * measured over the period, else the fuel type's standard density. Without a factor — or with fuel but no usable
 * density — there is no figure (null, shown '-'); no fuel at all is 0 t.
 * The server computes it once, into the summary answer (`flowmeter.summary.co2Emitted`), which the daily report shows.
 */
export interface Co2Input {
  /** litres and measured mean density (kg/m³) per flow of fuel: port, starboard, auxiliary engines */
  flows: { litres: number | null | undefined; density?: number | null }[];
  fuelType: { mftyCo2Factor: number | null; mftyDensity: number | null } | null | undefined;
}

export function co2Tonnes({ flows, fuelType }: Co2Input): number | null {
  const factor = fuelType?.mftyCo2Factor;
  if (factor == null || !(factor > 0)) return null;
  const tonnes = fuelTonnes({ flows, fuelType });
  return tonnes === null ? null : tonnes * factor;
}

/**
 * The fuel's mass (t) that co2Tonnes multiplies by the factor (docs/domain.md §39.1, the DCS fuel consumption): null
 * with fuel but no usable density; a fuel type without a factor still has a mass.
 */
export function fuelTonnes({ flows, fuelType }: Co2Input): number | null {
  let tonnes = 0;
  for (const f of flows) {
    if (f.litres == null || !Number.isFinite(f.litres) || f.litres <= 0) continue;
    const density = f.density != null && f.density > 0 ? f.density : fuelType?.mftyDensity;
    if (density == null || !(density > 0)) return null;
    tonnes += (f.litres * density) / 1e6;
  }
  return tonnes;
}
