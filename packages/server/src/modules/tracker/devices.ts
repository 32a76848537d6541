import type { Database } from '../../db/database.ts';
import { query } from '../telemetry/sql.ts';

/** A tracker that may connect: a device of type tracker, active (status 1), on a vessel of some company. */
export interface TrackerDevice {
  devcId: number;
  imei: string;
  massId: number;
  compId: number;
}

/**
 * The tracker whose unique id is this IMEI, or undefined. Relies on unique ids being unique
 * (the device table's unique constraint; issue 10 owns the rules), matched by unique id and type.
 */
export async function findTracker(database: Database, imei: string): Promise<TrackerDevice | undefined> {
  const [row] = await query<{ devc_id: number; devc_mass_id: number; mass_comp_id: number }>(
    database,
    `select d.devc_id, d.devc_mass_id, a.mass_comp_id from device d join asset a on a.mass_id = d.devc_mass_id
      where d.devc_unique_id = ? and lower(d.devc_type) in ('tracker', 'teltonika') and d.devc_status = '1'`,
    [imei],
  );
  if (!row) return undefined;
  return { devcId: Number(row.devc_id), imei, massId: Number(row.devc_mass_id), compId: Number(row.mass_comp_id) };
}
