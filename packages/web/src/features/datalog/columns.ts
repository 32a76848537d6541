/**
 * Datalog columns (spec 002 §3.3): key, label (the English header; the screen shows the text of the key, texts.ts),
 * minWidth, visible; grouped by category for the Filter Column modal.
 */
export interface DatalogColumn {
  key: string;
  label: string;
  minWidth: number;
  visible: boolean;
}
export type Category = 'gps' | 'port' | 'starboard' | 'ae';

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

/**
 * An upper bound of a header word's width in px (14 px semibold, the small table's header font): wide capitals,
 * narrow i/l/t/f/r and punctuation. Headers wrap between words only; a column is at least as wide as its longest
 * word plus the cell padding and the sort arrows, so no word breaks ("Headin g") at any screen width.
 */
function wordWidth(word: string): number {
  let w = 0;
  for (const ch of word) {
    if ('MW'.includes(ch)) w += 14;
    else if ('mw'.includes(ch)) w += 12.5;
    else if (/[A-Z]/.test(ch)) w += 10.5;
    else if ('iljtfr'.includes(ch)) w += 5.5;
    else if (/[a-z]/.test(ch)) w += 8.5;
    else if (/[0-9]/.test(ch)) w += 8.5;
    else if ('()/.,:'.includes(ch)) w += 5.5;
    else w += 10; // °, ³ and other signs
  }
  return w;
}
/** Cell padding (8 px each side), the sort arrows with their gap, and a little room. */
const HEADER_CHROME = 16 + 26 + 6;

/** The width a column needs so that no word of its header is broken (the longest word on a line of its own). */
export function headerWidth(label: string): number {
  return Math.ceil(Math.max(...label.split(/\s+/).map(wordWidth)) + HEADER_CHROME);
}

/** A column's width on screen: its minimum, widened to keep every header word whole. */
export const columnWidth = (c: { minWidth: number }, label: string) => Math.max(c.minWidth, headerWidth(label));

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
