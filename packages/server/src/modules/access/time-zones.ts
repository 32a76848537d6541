import { isTimeZone, zoneOffsetHours } from '@fleet/shared/time-zone.ts';
import type { Db } from '../../db/database.ts';

/**
 * The time zone a figure is cut in when the request names none (docs/domain.md §1 "The company's time zone"): the zone
 * of the company that owns the asset (a vessel, a device's vessel, a ROB profile's vessel) or the session's company; the installation's default (`fallback`, the zone of
 * TZ_OFFSET) for a company without one.
 */

/**
 * A stored zone, or `fallback` when there is none or the runtime does not know it (written by hand, or a name a later
 * ICU dropped): a stored value never makes a request fail.
 */
export const zoneOr = (stored: string | null | undefined, fallback: string) => (isTimeZone(stored) ? stored : fallback);

/** The company's own zone, or `fallback`. */
export async function companyTimeZone(db: Db, compId: number | null, fallback: string): Promise<string> {
  if (compId === null) return fallback;
  const row = await db.selectFrom('company').select('compTimezone').where('compId', '=', compId).executeTakeFirst();
  return zoneOr(row?.compTimezone, fallback);
}

/** The zone of the company that owns the asset, or `fallback`. */
export async function assetTimeZone(db: Db, massId: number, fallback: string): Promise<string> {
  const row = await db
    .selectFrom('asset')
    .leftJoin('company', 'company.compId', 'asset.massCompId')
    .select('company.compTimezone')
    .where('asset.massId', '=', massId)
    .executeTakeFirst();
  return zoneOr(row?.compTimezone, fallback);
}

/** The hours east of UTC a period starting at `start` is cut in: the request's own, else the zone's offset then. */
export const offsetOr = (given: number | null, zone: string, start: number) => given ?? zoneOffsetHours(zone, start);
