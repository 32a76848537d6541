import type { TrackPoint } from '@fleet/shared/answers/voyages.ts';
import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import type { Side, VesselDevice, VesselPlan } from '../summary/summary-vessel.ts';
import { rawHorizon } from '../telemetry/raw-horizon.ts';
import { query } from '../telemetry/sql.ts';

/**
 * A vessel's track for replay and files (docs/domain.md §40): its GPS fixes in a period, thinned evenly in time beyond
 * a limit, each with its speed in knots and the engine values at that moment.
 */

/** Points of the replay answer; a GPX or KML file holds up to TRACK_FILE_LIMIT. */
export const TRACK_LIMIT = 5000;
export const TRACK_FILE_LIMIT = 50000;
/** §5 G: a sample older than this at a fix says nothing of that moment. */
const VALUE_AGE_LIMIT = 60;
const KMH_TO_KNOTS = 0.539957;

export interface Track {
  points: TrackPoint[];
  thinned: boolean;
}

const gps = TELEMETRY_TYPES.gps;
const FIX = 'latitude is not null and longitude is not null';

/**
 * The value of a device's column at the fix `t.ts`: its latest sample at or before it, at most 60 s older (§40).
 * One index seek per fix on (device_id, ts). The device id is ours, a whole number: written into the text.
 */
function valueAt(table: string, column: string, device: VesselDevice | undefined): string {
  if (!device) return 'null';
  return `(select v.${column} from ${table} v
            where v.device_id = ${Math.trunc(device.devcId)} and v.ts <= t.ts and v.ts >= t.ts - ${VALUE_AGE_LIMIT}
              and v.${column} is not null
            order by v.ts desc limit 1)`;
}

const SIDE_METERS: Record<Side, { supply: 'PORT_IN' | 'STARBOARD_IN'; ret: 'PORT_OUT' | 'STARBOARD_OUT' }> = {
  PORT: { supply: 'PORT_IN', ret: 'PORT_OUT' },
  STARBOARD: { supply: 'STARBOARD_IN', ret: 'STARBOARD_OUT' },
};

/** The vessel's fixes in `[start, end)`, oldest first; at most `limit`, the first fix of each slot when thinned. */
export async function readTrack(
  database: Database,
  plan: VesselPlan,
  start: number,
  end: number,
  limit: number,
): Promise<Track> {
  const from = Math.max(start, await rawHorizon(database));
  if (!plan.gps || end <= from) return { points: [], thinned: false };
  const gpsId = plan.gps.devcId;
  const [{ n }] = await query<{ n: number | string }>(
    database,
    `select count(*) as n from ${gps.table} where device_id = ? and ts >= ? and ts < ? and ${FIX}`,
    [gpsId, from, end],
  );
  const thinned = Number(n) > limit;
  // slots of w seconds from the period's start (§40); whole numbers computed here, written into the text
  const w = Math.ceil((end - from) / limit);
  const rows = thinned
    ? `join (select min(ts) as ts0 from ${gps.table}
              where device_id = ? and ts >= ? and ts < ? and ${FIX}
              group by (ts - ${Math.trunc(from)}) / ${w}) k on t.ts = k.ts0
        where t.device_id = ?`
    : `where t.device_id = ? and t.ts >= ? and t.ts < ? and ${FIX.replace(/(latitude|longitude)/g, 't.$1')}`;
  const params = thinned ? [gpsId, from, end, gpsId] : [gpsId, from, end];
  const rpm = TELEMETRY_TYPES.rpm;
  const fm = TELEMETRY_TYPES.flowmeter;
  const flow = 'volume_flowrate';
  const sides = (['PORT', 'STARBOARD'] as const).filter((s) => plan.meters[SIDE_METERS[s].supply]);
  const meterColumns = sides.flatMap((s) => [
    `${valueAt(fm.table, flow, plan.meters[SIDE_METERS[s].supply])} as ${s.toLowerCase()}_in`,
    `${valueAt(fm.table, flow, plan.meters[SIDE_METERS[s].ret])} as ${s.toLowerCase()}_out`,
  ]);
  const found = await query(
    database,
    `select t.ts, t.latitude, t.longitude, t.speed, t.track,
            ${valueAt(rpm.table, 'rpm', plan.rpm.PORT)} as rpm_port,
            ${valueAt(rpm.table, 'rpm', plan.rpm.STARBOARD)} as rpm_starboard
            ${meterColumns.map((c) => `, ${c}`).join('')}
       from ${gps.table} t ${rows}
      order by t.ts`,
    params,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const points = found.map((r): TrackPoint => {
    const speed = num(r.speed);
    return {
      ts: Number(r.ts),
      lat: Number(r.latitude),
      lng: Number(r.longitude),
      speedKn: speed === null ? null : speed * KMH_TO_KNOTS,
      headingDeg: num(r.track),
      rpmPort: num(r.rpm_port),
      rpmStarboard: num(r.rpm_starboard),
      meFuelLh: fuelRate(
        sides.map((s) => ({
          supply: num(r[`${s.toLowerCase()}_in`]),
          ret: num(r[`${s.toLowerCase()}_out`]),
          hasReturn: plan.meters[SIDE_METERS[s].ret] !== undefined,
        })),
      ),
    };
  });
  return { points, thinned };
}

/**
 * §40 ME fuel rate: Σ of the sides' supply less return; null without a side, or when a side's supply meter or its
 * return meter (where the side has one) has no sample at the fix.
 */
export function fuelRate(sides: { supply: number | null; ret: number | null; hasReturn: boolean }[]): number | null {
  if (!sides.length) return null;
  let total = 0;
  for (const s of sides) {
    if (s.supply === null || (s.hasReturn && s.ret === null)) return null;
    total += s.supply - (s.ret ?? 0);
  }
  return total;
}
