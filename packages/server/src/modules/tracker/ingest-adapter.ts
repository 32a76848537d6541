import { countIngest } from '../../http/metrics.ts';
import { type IngestResult, ingestReadings } from '../telemetry/ingest.ts';
import type { IngestPipeline } from '../telemetry/pipeline.ts';
import type { TrackerDevice } from './devices.ts';

/**
 * The one place the tracker module calls the telemetry ingest path (so it can be re-pointed when that path
 * changes): a tracker's readings, validated and stored exactly as POST /api/ingest stores a device's readings —
 * idempotent on (device, ts), last state and rollups kept in step, one transaction.
 */
export interface TrackerReading {
  /** epoch seconds */
  ts: number;
  data: Record<string, number>;
}

export async function ingestTrackerReadings(
  ingest: IngestPipeline,
  device: TrackerDevice,
  readings: TrackerReading[],
): Promise<IngestResult> {
  // the tracker authenticated by its IMEI on this connection: the scope is that one device (no device key)
  const scope = { keyId: 0, devcId: device.devcId, devcUniqueId: device.imei, massId: device.massId, gateway: false };
  const result = await ingestReadings(
    ingest,
    scope,
    readings.map((r) => ({ device: device.imei, ts: r.ts, data: r.data })),
  );
  countIngest('teltonika', result);
  return result;
}
