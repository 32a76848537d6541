import { pulseAnswerSchema } from '@fleet/shared/answers/pulse.ts';
import { aggregatedAnswerSchema, baseAnswerSchema } from '@fleet/shared/answers/series.ts';
import { isOnline } from '@fleet/shared/online.ts';
import { envelope } from '../../http/envelope.ts';
import type { Period } from '../../http/params.ts';
import { isoTime, nowSeconds } from '../../http/time.ts';
import type { AggregateRow, RawRow } from './series.ts';
import type { ScopedDevice } from './series-request.ts';

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

/** Zeros that pad a fraction of 7 places written without its trailing zeros. */
const PAD = ['', '0', '00', '000', '0000', '00000', '000000'];

/**
 * The JSON text of `tidy(v)` — exactly `String(tidy(v))` (null when not finite) — from the integer `round(v · 10⁷)`
 * instead of the general shortest-digits conversion, about three times faster (the number text was the largest part
 * of a series answer's CPU). Below 10⁸ that integer has at most 15 digits, and a decimal of at most 15 significant
 * digits is the shortest text of the double nearest to it: the digits are the same. Below 10⁻⁶ String writes an
 * exponent, and from 10⁸ on tidy keeps the value: those go through String.
 */
export function jsonNumber(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return 'null';
  if (Math.abs(v) >= 1e8) return String(v);
  const r = Math.round(v * 1e7);
  if (r === 0) return '0'; // -0 too, as String(-0)
  const m = r < 0 ? -r : r;
  const whole = Math.floor(m / 1e7);
  let frac = m - whole * 1e7;
  if (whole === 0 && frac < 10) return String(r / 1e7);
  const head = r < 0 ? `-${whole}` : `${whole}`;
  if (frac === 0) return head;
  let places = 7;
  while (frac % 10 === 0) {
    frac /= 10;
    places--;
  }
  const digits = `${frac}`;
  return `${head}.${PAD[places - digits.length]}${digits}`;
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
