/** Datalog columns (spec 002 §3.3): key, label, minWidth, visible; grouped by category for the Filter Column modal. */
export interface DatalogColumn {
  key: string;
  label: string;
  minWidth: number;
  visible: boolean;
}
export type Category = 'gps' | 'port' | 'starboard' | 'ae';
export const CATEGORY_LABELS: Record<Category, string> = { gps: 'GPS', port: 'PORT', starboard: 'STARBOARD', ae: 'AE' };

const side = (p: 'port' | 'starboard', L: string) => [
  { key: `${p}Rpm`, label: `${L} RPM`, minWidth: 100 },
  { key: `${p}VolumeFlowrate`, label: `${L} Flowrate (L/h)`, minWidth: 140 },
  { key: `${p}RunningHours`, label: `${L} Running Hours`, minWidth: 150 },
  { key: `${p}VolumeInventory`, label: `${L} Volume Inventory (L)`, minWidth: 170 },
  { key: `${p}Temperature`, label: `${L} Flow Temp (°C)`, minWidth: 140 },
  { key: `${p}Density`, label: `${L} Density (kg/m³)`, minWidth: 150 },
  { key: `temperatureExhaust${p === 'port' ? 'Port' : 'Starboard'}`, label: `${L} Exhaust Temp (°C)`, minWidth: 160 },
  { key: `temperatureTank${p === 'port' ? 'Port' : 'Starboard'}`, label: `${L} Reservoir Temp (°C)`, minWidth: 170 },
];

export const CATEGORIES: Record<Category, Omit<DatalogColumn, 'visible'>[]> = {
  gps: [
    { key: 'coordinate', label: 'Coordinate', minWidth: 220 },
    { key: 'heading', label: 'Heading', minWidth: 90 },
    { key: 'speed', label: 'Speed', minWidth: 100 },
    { key: 'cruise', label: 'Cruise', minWidth: 100 },
  ],
  port: side('port', 'PORT'),
  starboard: side('starboard', 'STARBOARD'),
  ae: [1, 2, 3].flatMap((n) => [
    { key: `ae${n}RunningHours`, label: `AE ${n} Running Hours`, minWidth: 150 },
    { key: `ae${n}FuelConsumption`, label: `AE ${n} Fuel (L)`, minWidth: 120 },
  ]),
};

export const DATE_COLUMN = { key: 'dateTime', label: 'Date Time', minWidth: 150 };

/** Every column visible, in the spec's order (spec 002 §9 "all columns visible by default"); dateTime first. */
export function defaultColumns(): DatalogColumn[] {
  return [DATE_COLUMN, ...Object.values(CATEGORIES).flat()].map((c) => ({ ...c, visible: true }));
}

export function categoryOf(key: string): Category | null {
  for (const [cat, cols] of Object.entries(CATEGORIES)) if (cols.some((c) => c.key === key)) return cat as Category;
  return null;
}

/**
 * A stored layout made usable (spec 002 §4): the flat list as stored; an older layout grouped by category
 * (`{ gps: [...], port: [...] }` or `[{ category, columns: [...] }]`) flattened keeping the visibility flags;
 * unknown keys dropped, columns added since appended visible, dateTime kept first and visible; anything
 * unreadable gives the defaults.
 */
export function normaliseLayout(stored: unknown): DatalogColumn[] {
  const defaults = defaultColumns();
  let flat: unknown[] | null = null;
  if (Array.isArray(stored)) {
    flat = stored.every((x) => x && typeof x === 'object' && Array.isArray((x as { columns?: unknown }).columns))
      ? stored.flatMap((g) => (g as { columns: unknown[] }).columns)
      : stored;
  } else if (stored && typeof stored === 'object') {
    const groups = Object.values(stored as Record<string, unknown>);
    if (groups.length && groups.every(Array.isArray)) flat = (groups as unknown[][]).flat();
  }
  if (!flat) return defaults;
  const byKey = new Map(defaults.map((c) => [c.key, c]));
  const out: DatalogColumn[] = [];
  for (const x of flat) {
    if (!x || typeof x !== 'object') return defaults;
    const { key, visible } = x as { key?: unknown; visible?: unknown };
    const def = typeof key === 'string' ? byKey.get(key) : undefined;
    if (!def || out.some((c) => c.key === key)) continue;
    out.push({ ...def, visible: visible !== false });
  }
  if (!out.length) return defaults;
  for (const d of defaults) if (!out.some((c) => c.key === d.key)) out.push(d);
  const date = out.findIndex((c) => c.key === DATE_COLUMN.key);
  const [dateCol] = out.splice(date, 1);
  return [{ ...dateCol, visible: true }, ...out];
}
