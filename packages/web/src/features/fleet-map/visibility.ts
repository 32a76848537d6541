import Dexie, { type Table } from 'dexie';

/** Ship visibility per massId (spec 002 §3.8): database 'ship-visibility-status', version 1, keyed by massId. */
interface ShipVisibility {
  massId: number;
  isVisible: boolean;
}

class VisibilityDb extends Dexie {
  ships!: Table<ShipVisibility, number>;
  constructor() {
    super('ship-visibility-status');
    this.version(1).stores({ ships: 'massId' });
  }
}

let db: VisibilityDb | null = null;
const open = () => {
  db ??= new VisibilityDb();
  return db;
};

/** Saved visibilities; ships without a saved value start visible (spec 002 §4). Empty when IndexedDB is unavailable. */
export async function loadVisibility(): Promise<Map<number, boolean>> {
  try {
    const rows = await open().ships.toArray();
    return new Map(rows.map((r) => [r.massId, r.isVisible]));
  } catch {
    return new Map();
  }
}

export async function saveVisibility(entries: { massId: number; isVisible: boolean }[]): Promise<void> {
  try {
    await open().ships.bulkPut(entries);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
