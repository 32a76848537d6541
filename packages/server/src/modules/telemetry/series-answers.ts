import type { ServerResponse } from 'node:http';
import { pulseAnswerSchema } from '@fleet/shared/answers/pulse.ts';
import { type AggregatedAnswer, aggregatedAnswerSchema, baseAnswerSchema } from '@fleet/shared/answers/series.ts';
import { isOnline } from '@fleet/shared/online.ts';
import { envelope, okBytes } from '../../http/envelope.ts';
import type { Period } from '../../http/params.ts';
import { isoTime, nowSeconds } from '../../http/time.ts';
import type { AggregateRow, RawRow } from './series.ts';
import type { ScopedDevice } from './series-request.ts';

/** The answers of the series routes: their schemas, and the rows read shaped into them. */

export const aggregatedAnswer = envelope(aggregatedAnswerSchema);
export const baseAnswer = envelope(baseAnswerSchema);
export const pulseAnswer = envelope(pulseAnswerSchema);

/**
 * An aggregated answer: `data` is `{ series, count }`, written into the answer's bytes row by row (http/json-bytes.ts)
 * — the same document JSON.stringify would make of the row objects with every value `tidy`, without building them,
 * the values' text or the answer's text. A row: deviceId, devcId, devcLabel, timestamp, datetime, the primary
 * function's value of every data point, and `additional` with the extra functions' values.
 */
export function aggregatedOk(
  rows: AggregateRow[],
  devices: ScopedDevice[],
  keys: string[],
  extraKeys: string[],
  /** the response it is sent in (okBytes) */
  sentBy?: ServerResponse,
) {
  // what is the same in every row of a device or value, encoded once
  const head = new Map(
    devices.map((d) => [
      d.devcId,
      Buffer.from(
        `{"deviceId":${JSON.stringify(d.devcUniqueId)},"devcId":${d.devcId},"devcLabel":${JSON.stringify(d.devcLabel)},"timestamp":`,
      ),
    ]),
  );
  const keyParts = keys.map((k) => Buffer.from(`,${JSON.stringify(k)}:`));
  const extraParts = extraKeys.map((k, i) => Buffer.from(`${i ? ',' : ''}${JSON.stringify(k)}:`));
  const m = keys.length;
  // the expected size: a row's fixed parts, and up to 16 bytes a value (a longer answer grows its buffer)
  let fixed = 64; // timestamp, datetime, additional, punctuation
  for (const b of [...keyParts, ...extraParts]) fixed += b.length + 16;
  const headBytes = Math.max(0, ...[...head.values()].map((b) => b.length));
  return okBytes<AggregatedAnswer>(
    32 + rows.length * (headBytes + fixed),
    (out) => {
      out.ascii('{"series":[');
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r];
        const values = row.values;
        if (r) out.byte(44); // ,
        out.raw(head.get(row.deviceId)!);
        out.int(row.timestamp);
        out.ascii(',"datetime":"');
        out.isoTime(row.timestamp);
        out.byte(34); // "
        for (let i = 0; i < m; i++) {
          out.raw(keyParts[i]);
          out.tidyNumber(values[i]);
        }
        out.ascii(',"additional":{');
        for (let i = 0; i < extraParts.length; i++) {
          out.raw(extraParts[i]);
          out.tidyNumber(values[m + i]);
        }
        out.ascii('}}');
      }
      out.ascii('],"count":');
      out.int(rows.length);
      out.byte(125); // }
    },
    sentBy,
  );
}

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

/** A telemetry_last row as read (telemetry-store.ts `LAST_STATES_SQL`): `data` is the values' JSON object text. */
export interface LastRow {
  device_id: unknown;
  ts: unknown;
  data: string;
}

/**
 * The `data` of a pulse answer, `{ series }`: each device's latest reading, by devc_id, written as JSON text — the
 * device's identity, the time and `online`, then the values as telemetry_last keeps them, its JSON object text
 * spliced in as it is (the same document as parsing it, spreading it into the row and JSON.stringify, without either).
 */
export function pulseJson(devices: ScopedDevice[], rows: LastRow[], now = nowSeconds()): string {
  const byId = new Map(devices.map((d) => [d.devcId, d]));
  const found: { d: ScopedDevice; ts: number; data: string }[] = [];
  for (const r of rows) {
    const d = byId.get(Number(r.device_id));
    if (d) found.push({ d, ts: Number(r.ts), data: r.data });
  }
  found.sort((a, b) => a.d.devcId - b.d.devcId);
  let out = '{"series":[';
  for (let i = 0; i < found.length; i++) {
    const { d, ts, data } = found[i];
    const uid = JSON.stringify(d.devcUniqueId);
    out += `${i ? ',' : ''}{"deviceId":${uid},"devcId":${d.devcId},"devcUniqueId":${uid},"devcType":${JSON.stringify(d.type)},"devcLabel":${JSON.stringify(d.devcLabel)},"devcMassId":${d.devcMassId},"timestamp":${ts},"datetime":"${isoTime(ts)}","online":${isOnline(ts, now)}`;
    out += valuesTail(data);
  }
  return `${out}]}`;
}

/** `,"latitude":-6.1,…}` of a values object's JSON text; text that is not one is written again from its parse. */
function valuesTail(data: string): string {
  const text = data.charCodeAt(0) === 123 /* { */ ? data : JSON.stringify(JSON.parse(data) ?? {});
  return /^\{\s*\}$/.test(text) ? '}' : `,${text.slice(1)}`;
}
