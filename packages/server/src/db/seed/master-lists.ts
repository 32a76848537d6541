import { PORTS, type TankSpec, tankVolumeAt } from '@fleet/fleet-catalog';

/** Fuel types sold in Indonesian ports (Pertamina product names); kg/L at 15 °C for the sounding tables. */
/** density in t/m³; co2Factor t CO₂ per t fuel, IMO MEPC.364(79) (docs/domain.md §23); a blend has none until set. */
export const FUEL_TYPES: { name: string; density: number; co2Factor: number | null }[] = [
  { name: 'HSD (High Speed Diesel)', density: 0.845, co2Factor: 3.206 },
  { name: 'MFO (Marine Fuel Oil)', density: 0.96, co2Factor: 3.114 },
  { name: 'MGO (Marine Gas Oil)', density: 0.86, co2Factor: 3.206 },
  { name: 'Biosolar B35', density: 0.855, co2Factor: null },
  { name: 'Dexlite', density: 0.84, co2Factor: 3.206 },
  { name: 'VLSFO 0.5% S', density: 0.93, co2Factor: 3.151 },
];

export const BUNKER_LOCATIONS: string[] = Object.values(PORTS).map((p) => p.name);

export const ASSET_TYPES: string[] = [
  'Tug Boat',
  'Oil Tanker',
  'Supply Boat',
  'Barge',
  'Self-Propelled Oil Barge',
  'Crew Boat',
  'Landing Craft Tank',
  'Anchor Handling Tug Supply',
];

/** Sensor types with the categories (what they measure) that belong to each. */
export const SENSOR_TYPES: { name: string; categories: string[] }[] = [
  { name: 'Radar Level Transmitter', categories: ['Fuel Oil Storage Tank', 'Fuel Oil Service Tank'] },
  { name: 'Hydrostatic Level Sensor', categories: ['Fresh Water Tank', 'Ballast Water Tank', 'Lube Oil Sump Tank'] },
  { name: 'Ultrasonic Level Sensor', categories: ['Sludge Tank', 'Bilge Holding Tank'] },
  { name: 'PT100 Temperature Sensor', categories: ['Fuel Oil Temperature', 'Cooling Water Temperature'] },
  { name: 'Type K Thermocouple', categories: ['Exhaust Gas Temperature'] },
  { name: 'Oval Gear Flow Meter', categories: ['Main Engine Fuel Line', 'Auxiliary Engine Fuel Line'] },
  { name: 'Coriolis Mass Flow Meter', categories: ['Bunker Manifold'] },
];

/** The category of the tank sensors of the demo vessels (Config Tank). */
export const TANK_SENSOR_CATEGORY = 'Fuel Oil Storage Tank';

export interface SoundingRow {
  /** sounding, cm from the tank bottom */
  height: number;
  /** L */
  volume: number;
  /** kg, volume × fuel density */
  weight: number;
}

/**
 * The sounding (calibration) table of a tank that is a box whose lower part narrows linearly towards the keel,
 * as a side fuel tank following the hull does: the volume grows slower near the bottom, then linearly.
 * One row every `stepCm` from 0 to the tank top.
 */
export function soundingTable(tank: TankSpec, density: number, stepCm = 10): SoundingRow[] {
  const h = tank.heightM;
  const litres = (heightM: number) => Math.round(tankVolumeAt(tank, heightM) * 100) / 100;
  const rows: SoundingRow[] = [];
  const top = Math.round(h * 100);
  for (let cm = 0; cm <= top; cm += stepCm) {
    const volume = litres(cm / 100);
    rows.push({ height: cm, volume, weight: Math.round(volume * density * 100) / 100 });
  }
  if (rows[rows.length - 1].height !== top) {
    const volume = litres(h);
    rows.push({ height: top, volume, weight: Math.round(volume * density * 100) / 100 });
  }
  return rows;
}
