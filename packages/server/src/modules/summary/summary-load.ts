import { BUCKET_SECONDS, type BucketUnit } from '@fleet/shared';
import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import type { Database } from '../../db/database.ts';
import { telemetryStore } from '../telemetry/sql.ts';
import { dataRanges, totaliserBaselines } from './summary-bounds.ts';
import {
  devicesFor,
  PRESENCE,
  SUMMARY_TYPES,
  type SummaryType,
  splitPeriod,
  TOTALISER_POINTS,
  typeOf,
} from './summary-inputs.ts';
import { type DeviceData, type Stat, VesselPeriod } from './summary-period.ts';
import { hourSamples, sampleIntervals } from './summary-presence.ts';
import { type Records, readPart } from './summary-read.ts';
import { trackSums } from './summary-track.ts';
import type { VesselDevice, VesselPlan } from './summary-vessel.ts';

/**
 * Reads what one vessel's summary needs, in parallel, and hands it to summary-period.ts: the statistics of the
 * whole hours of an HOUR or DAY request in a whole-hour timezone and of the rest of the period (summary-read.ts),
 * when each device reported (summary-presence.ts), what lies at the period's bounds (summary-bounds.ts) and the GPS
 * track (summary-track.ts). Only the devices of the requested groups are read; first/last data times are read for
 * every device, since maintenance and the empty flags depend on all of them.
 */

export interface LoadOptions {
  start: number;
  end: number;
  unit: BucketUnit;
  tz: number;
  now: number;
  groups: readonly SummaryGroup[];
  /** per-bucket records are needed (details, combined data); else only the period's totals */
  buckets: boolean;
}

export async function loadPeriod(database: Database, plan: VesselPlan, o: LoadOptions): Promise<VesselPeriod> {
  const wanted = new Map<number, VesselDevice>();
  for (const g of o.groups) for (const d of devicesFor(plan, g)) wanted.set(d.devcId, d);
  const byType = new Map<SummaryType, number[]>();
  for (const type of SUMMARY_TYPES) {
    const ids = [...wanted.values()].filter((d) => typeOf(d) === type).map((d) => d.devcId);
    if (ids.length) byType.set(type, ids);
  }

  // whole hours from the hourly rollups, per output bucket; the rest from the raw rows, per base bucket
  const { hours, ranges } = splitPeriod(o);
  const baseSeconds = o.unit === 'MINUTE' ? 60 : 3600;
  const shift = Math.round(o.tz * 3600);
  const output = o.buckets ? { size: BUCKET_SECONDS[o.unit], shift } : null;

  // devices of the types that have a presence data point (power, gateway … take no part in the summary)
  const presence = plan.devices
    .filter((d) => PRESENCE[typeOf(d)])
    .map((d) => ({ devcId: d.devcId, type: typeOf(d), metric: PRESENCE[typeOf(d)]! }));
  const base: Records = new Map();
  const derived: Records = new Map();
  const meterIds = Object.values(plan.meters)
    .map((d) => d.devcId)
    .filter((id) => wanted.has(id));
  const [volume, mass] = TOTALISER_POINTS;
  const gpsTracks = o.buckets && plan.gps && wanted.has(plan.gps.devcId) ? plan.gps.devcId : undefined;
  const [intervals, samples, bounds, lastGps, baselines, massBaselines, tracks] = await Promise.all([
    sampleIntervals(database, presence, o.start, o.end),
    hourSamples(database, presence, ranges),
    dataRanges(database, plan.devices, o.start, o.end),
    plan.gps
      ? telemetryStore(database)
          .lastStates([plan.gps.devcId])
          .then((l) => l[0])
      : undefined,
    totaliserBaselines(database, meterIds, o.start, volume.point),
    totaliserBaselines(database, meterIds, o.start, mass.point),
    gpsTracks === undefined ? undefined : trackSums(database, gpsTracks, o),
    ...ranges.map(([from, to]) =>
      readPart(database, plan, byType, { from, to, hours: false, output: { size: baseSeconds, shift } }, base),
    ),
  ]);
  if (hours) await readPart(database, plan, byType, { from: hours[0], to: hours[1], hours: true, output }, derived);

  const data = new Map<number, DeviceData>();
  const sorted = (m: Map<number, Stat> | undefined) =>
    [...(m ?? new Map<number, Stat>())].sort((a, b) => a[0] - b[0]).map(([ts, stat]) => ({ ts, stat }));
  for (const d of plan.devices) {
    data.set(d.devcId, {
      buckets: sorted(base.get(d.devcId)),
      derived: sorted(derived.get(d.devcId)),
      derivedFrom: hours?.[0],
      interval: intervals.get(d.devcId),
      hours: samples.get(d.devcId) ?? [],
      baseline: baselines.get(d.devcId),
      massBaseline: massBaselines.get(d.devcId),
      ...bounds.get(d.devcId)!,
    });
  }
  return new VesselPeriod({
    plan,
    start: o.start,
    end: o.end,
    unit: o.unit,
    tz: o.tz,
    now: o.now,
    baseSeconds,
    data,
    lastGpsTs: lastGps ? lastGps.ts : null,
    tracks,
  });
}
