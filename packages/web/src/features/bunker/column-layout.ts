import Dexie, { type Table } from 'dexie';

/**
 * Datalog column layouts kept in the browser (spec 002 §3.8): record 1 is the datalog's, record 2 the bunker
 * dashboard's. A record holds the column keys in their saved order with their visibility.
 */
export interface ColumnLayout {
  id: number;
  columns: { key: string; visible: boolean }[];
}

class LayoutDb extends Dexie {
  layouts!: Table<ColumnLayout, number>;
  constructor() {
    super('datalog-column-layouts');
    this.version(1).stores({ layouts: 'id' });
  }
}

let db: LayoutDb | null = null;
const open = () => {
  db ??= new LayoutDb();
  return db;
};

export const BUNKER_LAYOUT_ID = 2;

/** The saved order of `defaults` (unknown saved keys dropped, new keys appended); defaults when none or on failure. */
export async function loadLayout(id: number, defaults: string[]): Promise<string[]> {
  try {
    const saved = await open().layouts.get(id);
    if (!saved) return defaults;
    const keys = saved.columns.map((c) => c.key).filter((k) => defaults.includes(k));
    return [...keys, ...defaults.filter((k) => !keys.includes(k))];
  } catch {
    return defaults;
  }
}

export async function saveLayout(id: number, keys: string[]): Promise<void> {
  try {
    await open().layouts.put({ id, columns: keys.map((key) => ({ key, visible: true })) });
  } catch (e) {
    console.error('column layout not saved', e);
  }
}
