import type { DeviceType } from '@fleet/shared/telemetry.ts';
import type { IngestStage, StoredBatch } from '../telemetry/pipeline.ts';
import { op } from '../telemetry/telemetry-store.ts';

/**
 * Voyages as a stage of the ingest pipeline (docs/domain.md §37.6): inside the batch's transaction, each vessel whose
 * GPS, rpm, AE or flow meter devices got new readings is marked dirty from the earliest of them (an earlier mark
 * stays). Nothing is detected here: the background pass does that, so ingest pays one small statement per vessel.
 */
const TYPES: readonly DeviceType[] = ['gps', 'rpm', 'ae', 'flowmeter'];

const MARK_SQL = `insert into voyage_state (asset_id, dirty_from) values (?, ?)
  on conflict (asset_id) do update set dirty_from = excluded.dirty_from
  where voyage_state.dirty_from is null or excluded.dirty_from < voyage_state.dirty_from`;

/** The earliest new reading per vessel of the types detection reads. */
export function earliestByVessel({ byType, inserted, massOf }: StoredBatch): Map<number, number> {
  const out = new Map<number, number>();
  for (const type of TYPES) {
    const rows = byType.get(type);
    if (!rows) continue;
    for (const r of rows) {
      const massId = massOf.get(r.deviceId);
      if (massId == null || !inserted.has(r)) continue;
      const at = out.get(massId);
      if (at === undefined || r.ts < at) out.set(massId, r.ts);
    }
  }
  return out;
}

export const voyagesStage: IngestStage = {
  begin: () => ({
    *write(batch) {
      // vessels in id order: every writer takes the rows' locks in one order
      const marks = [...earliestByVessel(batch)].sort((a, b) => a[0] - b[0]);
      for (const [massId, ts] of marks) yield* op({ kind: 'sql', text: MARK_SQL, params: [massId, ts] });
    },
  }),
};
