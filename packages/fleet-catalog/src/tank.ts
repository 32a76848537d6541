/**
 * Fuel tank geometry, shared by the seed (sounding tables) and the simulator (levels from litres): one formula and
 * one tank type (docs/domain.md; the seed's sounding tables and the simulated levels agree by construction).
 */

/** A fuel tank as the sounding table describes it: a box whose lower part narrows towards the keel (m). */
export interface TankSpec {
  side: 1 | 3;
  lengthM: number;
  widthM: number;
  keelWidthM: number;
  taperHeightM: number;
  heightM: number;
}

/** Litres in a tank filled to height h (m), by the sounding-table geometry. */
export function tankVolumeAt(t: TankSpec, h: number): number {
  const hh = Math.max(0, Math.min(t.heightM, h));
  const taper = Math.min(hh, t.taperHeightM);
  const lower = t.lengthM * (t.keelWidthM * taper + ((t.widthM - t.keelWidthM) * taper * taper) / (2 * t.taperHeightM));
  const upper = t.lengthM * t.widthM * Math.max(0, hh - t.taperHeightM);
  return (lower + upper) * 1000;
}

/** Height (m) at which a tank holds `litres` (inverse of tankVolumeAt). */
export function tankLevelOf(t: TankSpec, litres: number): number {
  const v = Math.max(0, litres) / 1000;
  const a = (t.lengthM * (t.widthM - t.keelWidthM)) / (2 * t.taperHeightM);
  const b = t.lengthM * t.keelWidthM;
  const taperVolume = tankVolumeAt(t, t.taperHeightM) / 1000;
  if (v <= taperVolume) return a > 0 ? (-b + Math.sqrt(b * b + 4 * a * v)) / (2 * a) : v / b;
  return Math.min(t.heightM, t.taperHeightM + (v - taperVolume) / (t.lengthM * t.widthM));
}
