import { pulseAnswerSchema } from '@fleet/shared/answers/pulse.ts';
import { aggregatedAnswerSchema, baseAnswerSchema } from '@fleet/shared/answers/series.ts';
import { isOnline } from '@fleet/shared/online.ts';
import { envelope } from '../../http/envelope.ts';
import type { Period } from '../../http/params.ts';
import { isoTime, nowSeconds } from '../../http/time.ts';
import type { AggregateRow, RawRow } from './series.ts';
import type { ScopedDevice } from './series-request.ts';
import type { LastState } from './telemetry-store.ts';

/** The answers of the series routes: their schemas, and the rows read shaped into them. */

export const aggregatedAnswer = envelope(aggregatedAnswerSchema);
export const baseAnswer = envelope(baseAnswerSchema);
export const pulseAnswer = envelope(pulseAnswerSchema);

/**
 * The `data` of an aggregated answer, `{ series, count }`, written as JSON text row by row: the same
 * document JSON.stringify would make of the row objects, in about half the time and without building them.
 * A row: deviceId, devcId, devcLabel, timestamp, datetime, the primary function's value of every data point,
 * and `additional` with the extra functions' values.
 */
export function aggregatedJson(
  rows: AggregateRow[],
  devices: ScopedDevice[],
  keys: string[],
  extraKeys: string[],
  /** per value: the index of an earlier identical function, or -1 */
  dupOf: number[],
): string {
  const head = new Map(
    devices.map((d) => [
      d.devcId,
      `{"deviceId":${JSON.stringify(d.devcUniqueId)},"devcId":${d.devcId},"devcLabel":${JSON.stringify(d.devcLabel)},"timestamp":`,
    ]),
  );
  const keyParts = keys.map((k) => `,${JSON.stringify(k)}:`);
  const extraParts = extraKeys.map((k, i) => `${i ? ',' : ''}${JSON.stringify(k)}:`);
  const m = keys.length;
  const text: string[] = new Array(dupOf.length);
  let out = '{"series":[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let i = 0; i < dupOf.length; i++) text[i] = dupOf[i] < 0 ? jsonNumber(row.values[i]) : text[dupOf[i]];
    out += `${r ? ',' : ''}${head.get(row.deviceId)}${row.timestamp},"datetime":"${isoTime(row.timestamp)}"`;
    for (let i = 0; i < m; i++) out += keyParts[i] + text[i];
    out += ',"additional":{';
    for (let i = 0; i < extraParts.length; i++) out += extraParts[i] + text[m + i];
    out += '}}';
  }
  return `${out}],"count":${rows.length}}`;
}

const jsonNumber = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(tidy(v)));

/**
 * Aggregated values to 7 decimal places (docs/domain.md §1): the float noise of sums and averages
 * (-6.942000000000005) is not data, and a 30-day hourly answer is a third smaller without it.
 * Values beyond 10^8 are left as they are (scaling them would lose integer precision).
 */
export const tidy = (v: number | null) => (v === null || Math.abs(v) >= 1e8 ? v : Math.round(v * 1e7) / 1e7);

/** The `data` of a base (raw) series answer: the devices asked about and each reading's values as JSON text. */
export function baseData(range: Period, devices: ScopedDevice[], rows: RawRow[]) {
  const byId = new Map(devices.map((d) => [d.devcId, d]));
  return {
    fromString: isoTime(range.start),
    toString: isoTime(range.end),
    devices: devices.map((d) => ({
      devcId: d.devcId,
      devcUniqueId: d.devcUniqueId,
      devcName: d.devcName,
      devcType: d.devcType,
      devcLabel: d.devcLabel,
    })),
    series: rows.map((r) => {
      const values: Record<string, number> = {};
      for (const [k, v] of Object.entries(r.values)) if (v !== null) values[k] = v;
      return {
        id: `${r.deviceId}-${r.ts}`,
        deviceId: byId.get(r.deviceId)!.devcUniqueId,
        datetime: isoTime(r.ts),
        timestamp: r.ts,
        data: JSON.stringify(values),
      };
    }),
  };
}

/** The rows of a pulse answer: each device's latest reading, by devc_id. */
export function pulseRows(devices: ScopedDevice[], states: LastState[], now = nowSeconds()) {
  const byId = new Map(devices.map((d) => [d.devcId, d]));
  return states
    .map((s) => {
      const d = byId.get(s.deviceId)!;
      return {
        deviceId: d.devcUniqueId,
        devcId: d.devcId,
        devcUniqueId: d.devcUniqueId,
        devcType: d.type!,
        devcLabel: d.devcLabel,
        devcMassId: d.devcMassId,
        timestamp: s.ts,
        datetime: isoTime(s.ts),
        online: isOnline(s.ts, now),
        ...s.data,
      };
    })
    .sort((a, b) => a.devcId - b.devcId);
}
