import Dexie, { type Table } from 'dexie';
import { type DatalogColumn, defaultColumns, normaliseLayout } from './columns.ts';

/** Spec 002 §3.8: a browser database of column layouts — record 1 the datalog, record 2 the bunker dashboard. */
interface LayoutRecord {
  id: number;
  columns: unknown;
}
class LayoutDb extends Dexie {
  layouts!: Table<LayoutRecord, number>;
  constructor() {
    super('datalog-column-layout');
    this.version(1).stores({ layouts: 'id' });
  }
}
export const DATALOG_LAYOUT_ID = 1;
let db: LayoutDb | null = null;
const open = () => {
  db ??= new LayoutDb();
  return db;
};

/** The saved datalog layout, migrated; defaults when there is none or it cannot be read. */
export async function loadLayout(): Promise<DatalogColumn[]> {
  try {
    const rec = await open().layouts.get(DATALOG_LAYOUT_ID);
    return rec ? normaliseLayout(rec.columns) : defaultColumns();
  } catch (e) {
    console.error('datalog layout could not be read; defaults used', e);
    return defaultColumns();
  }
}

export async function saveLayout(columns: DatalogColumn[]): Promise<void> {
  try {
    await open().layouts.put({ id: DATALOG_LAYOUT_ID, columns: columns.map(({ key, visible }) => ({ key, visible })) });
  } catch (e) {
    console.error('datalog layout could not be saved', e);
  }
}
