import type { CombinedBucket } from '@fleet/shared/answers/summary.ts';
import { KMH_TO_KNOTS } from '../../components/gauges/scales.ts';

/** A row of the Asset Detail 'Data Log' table: one local hour of the vessel (docs/domain.md §6–§13). */
export interface DataLogRow {
  timestamp: number;
  latitude: number | null;
  longitude: number | null;
  speedKnots: number | null;
  distanceNm: number | null;
  portRpm: number | null;
  starboardRpm: number | null;
  meRunningSeconds: number | null;
  meFuel: number | null;
  aeFuel: number | null;
  aeRunningSeconds: number | null;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The combined hourly buckets as Data Log rows, oldest first. */
export function dataLogRows(datas: Record<string, CombinedBucket>): DataLogRow[] {
  return Object.entries(datas)
    .map(([ts, b]) => {
      const aes = Object.values(b.ae ?? {}).filter((a) => a != null);
      const speed = n(b.gps?.speed);
      const dist = n(b.gps?.polyLength);
      return {
        timestamp: Number(ts),
        latitude: n(b.gps?.latitude),
        longitude: n(b.gps?.longitude),
        speedKnots: speed === null ? null : speed * KMH_TO_KNOTS,
        distanceNm: dist === null ? null : dist / 1852,
        portRpm: n(b.rpm?.PORT?.rpm),
        starboardRpm: n(b.rpm?.STARBOARD?.rpm),
        meRunningSeconds: n(b.rpm?.MAINENGINE?.runningTime),
        meFuel: n(b.flowmeter?.meFuelCons),
        aeFuel: n(b.flowmeter?.aeFuelCons),
        aeRunningSeconds: aes.length ? aes.reduce((s, a) => s + (n(a.runningTime) ?? 0), 0) : null,
      };
    })
    .sort((a, b) => a.timestamp - b.timestamp);
}
