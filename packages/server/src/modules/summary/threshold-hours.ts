import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Db } from '../../db/database.ts';
import { placeholders } from '../telemetry/sql.ts';
import { DEFAULT_RPM_MIN, HOUR } from './summary-domain.ts';
import { hourlyTable, SPAN_STATES } from './summary-inputs.ts';

/**
 * What the summary reads of raw rpm readings for a whole hour that crosses an engine's running threshold (docs/domain.md
 * §9; summary-spans.ts `hourRows`), kept before the retention deletes them: per device and UTC hour whose lowest rpm
 * is not above the threshold and highest is, the seconds and samples above it and whether its first span's sample is.
 * The threshold is the engine's setting when the readings are deleted; the rollups cannot answer another one later.
 */

/** Each rpm device's running threshold (Config RPM's minimum, else DEFAULT_RPM_MIN), as summary-vessel.ts reads it. */
export async function rpmThresholds(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('device')
    .leftJoin('configRpm', 'configRpm.mcrpDevcId', 'device.devcId')
    .select(['device.devcId', 'device.devcType', 'configRpm.mcrpMinValue'])
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) {
    if (
      String(r.devcType ?? '')
        .trim()
        .toUpperCase() !== 'RPM'
    )
      continue;
    const min = r.mcrpMinValue === null || r.mcrpMinValue === undefined ? Number.NaN : Number(r.mcrpMinValue);
    out.set(Number(r.devcId), Number.isFinite(min) ? min : DEFAULT_RPM_MIN);
  }
  return out;
}

/**
 * The statement that keeps the crossing hours of one device in [from, to) (whole UTC hours) from its raw rows, run in
 * the retention's transaction just before they are deleted. Same SQL on both engines.
 */
export function keepThresholdHours(devcId: number, threshold: number, from: number, to: number) {
  const state = SPAN_STATES.rpm!;
  const table = TELEMETRY_TYPES.rpm.table;
  const inState = state.inState('r', 'c.thr');
  const rows = `r.device_id = c.device_id and r.ts >= c.hour and r.ts < c.hour + ${HOUR} and ${state.present('r')}`;
  return {
    text: `with c as (
        select h.device_id, h.bucket as hour, cast(? as double precision) as thr, h.span_ft as sft
          from ${hourlyTable('rpm')} h
         where h.device_id in (${placeholders(1)}) and h.bucket >= ? and h.bucket < ? and h.rpm_n > 0
           and h.rpm_min <= ? and h.rpm_max > ?)
      insert into telemetry_rpm_threshold_hours (device_id, bucket, threshold, state_span, state_n, first_state)
      select c.device_id, c.hour, c.thr,
             coalesce((select sum(case when ${inState} then r.span else 0 end) from ${table} r where ${rows}), 0),
             (select count(*) from ${table} r where ${rows} and ${inState}),
             coalesce((select case when ${inState} then 1 else 0 end from ${table} r
                        where r.device_id = c.device_id and r.ts = c.sft), 0)
        from c where true
      on conflict (device_id, bucket) do update set threshold = excluded.threshold, state_span = excluded.state_span,
        state_n = excluded.state_n, first_state = excluded.first_state`,
    params: [threshold, devcId, from, to, threshold, threshold],
  };
}
