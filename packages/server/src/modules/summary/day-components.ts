import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { placeholders, query, queryArrays, telemetryStore } from '../telemetry/sql.ts';
import { op } from '../telemetry/telemetry-store.ts';

/**
 * Stored day components (issue 29; docs/domain.md §9, §20 "From stored days"; migration day_components): what the
 * summary derives per UTC hour, kept per device and local day of the daily rollup, so a period of whole days reads one
 * row per device and day. Read-through: a reader recomputes a day from its hours when its row is missing or was
 * computed from other data — each component keeps the daily rollup's count (and span sum) it was computed with and
 * answers only while the daily row still says the same (any new reading of the day adds to its count; a span a late
 * reading shortens lowers its sum) — and stores it when the day has ended. The same SQL on both engines.
 */

export const DAY_COMPONENTS = 'telemetry_day_components';

/** A day is stored only once it has ended: the current day changes with every reading. */
export const dayEnded = (day: number, size: number) => day + size <= nowSeconds();

// ---------------------------------------------------------------- §20: the histogram of hourly spacings

/** §20: spacing (tenths of a second) → the samples of the hours with that spacing. */
export type Spacings = Map<number, number>;

export const encodeSpacings = (h: Spacings) => [...h].map(([s, w]) => `${s}:${w}`).join(',');

export function decodeSpacings(text: string, into: Spacings = new Map()): Spacings {
  if (!text) return into;
  for (const part of text.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) continue; // a day without spacings ('') among others
    const s = Number(part.slice(0, i));
    into.set(s, (into.get(s) ?? 0) + Number(part.slice(i + 1)));
  }
  return into;
}

/**
 * Per device, the stored spacing histograms of its days in [d1, d2) that still match their daily row's count `n`,
 * concatenated (the database joins them: one row per device), and the days without such a histogram with their count.
 */
export async function storedSpacings(
  database: Database,
  daily: string,
  nColumn: string,
  ids: number[],
  d1: number,
  d2: number,
): Promise<{ hist: Map<number, string>; missing: { deviceId: number; day: number; n: number }[] }> {
  const valid = `p.spacing_n = d.${nColumn}`;
  const concat = (x: string) => (database.dialect === 'postgres' ? `string_agg(${x}, ',')` : `group_concat(${x}, ',')`);
  const rows = await queryArrays(
    database,
    `select d.device_id, ${concat(`case when ${valid} then p.spacing_hist end`)},
            ${concat(`case when ${valid} then null else cast(d.bucket as text) || ':' || cast(d.${nColumn} as text) end`)}
       from ${daily} d left join ${DAY_COMPONENTS} p on p.device_id = d.device_id and p.day = d.bucket
      where d.device_id in (${placeholders(ids.length)}) and d.bucket >= ? and d.bucket < ? and d.${nColumn} > 0
      group by d.device_id`,
    [...ids, d1, d2],
  );
  const hist = new Map<number, string>();
  const missing: { deviceId: number; day: number; n: number }[] = [];
  for (const [id, h, m] of rows) {
    const deviceId = Number(id);
    hist.set(deviceId, h === null || h === undefined ? '' : String(h));
    if (m === null || m === undefined) continue;
    for (const part of String(m).split(',')) {
      const [day, n] = part.split(':').map(Number);
      missing.push({ deviceId, day, n });
    }
  }
  return { hist, missing };
}

// ---------------------------------------------------------------- §9: an engine's seconds above its threshold

/** §9: a day's samples above an rpm threshold: their seconds, their count, whether its first sample is. */
export interface StateDay {
  state: number;
  count: number;
  firstState: boolean;
}

/** The daily row a stored rpm component must match: the day's samples and span sum, and the threshold asked. */
export interface StateKey {
  deviceId: number;
  day: number;
  threshold: number;
  n: number;
  span: number;
}

/** The stored rpm components of these days computed with the same threshold from the same daily row. */
export async function storedStates(database: Database, keys: StateKey[]) {
  const out = new Map<string, StateDay>();
  if (!keys.length) return out;
  const ids = [...new Set(keys.map((k) => k.deviceId))];
  const days = keys.map((k) => k.day);
  // the devices' rows over the days' range (one index range scan each), matched here
  const rows = await queryArrays(
    database,
    `select device_id, day, rpm_threshold, rpm_n, rpm_span, rpm_state_span, rpm_state_n, rpm_first_state
       from ${DAY_COMPONENTS}
      where device_id in (${placeholders(ids.length)}) and day >= ? and day <= ? and rpm_threshold is not null`,
    [...ids, Math.min(...days), Math.max(...days)],
  );
  const wanted = new Map(keys.map((k) => [`${k.deviceId}|${k.day}`, k]));
  for (const r of rows) {
    const id = `${Number(r[0])}|${Number(r[1])}`;
    const k = wanted.get(id);
    if (!k || Number(r[2]) !== k.threshold || Number(r[3]) !== k.n || Number(r[4]) !== k.span) continue;
    out.set(id, { state: Number(r[5]), count: Number(r[6]), firstState: Number(r[7]) === 1 });
  }
  return out;
}

// ---------------------------------------------------------------- §13: a metered vessel's AE litres

/** The stored per-AE litres (JSON) of the AE supply meter's days, with the key they were computed under. */
export async function storedAeLitres(database: Database, meter: number, days: number[]) {
  const out = new Map<number, { key: string; litres: string }>();
  if (!days.length) return out;
  const rows = await query(
    database,
    `select day, ae_key, ae_litres from ${DAY_COMPONENTS}
      where device_id = ? and day >= ? and day <= ? and ae_key is not null`,
    [meter, days[0], days[days.length - 1]],
  );
  for (const r of rows) out.set(Number(r.day), { key: String(r.ae_key), litres: String(r.ae_litres) });
  return out;
}

// ---------------------------------------------------------------- the store

/** The columns of one component, its key's, and its rows' values in that order. */
type Component =
  | { kind: 'spacing'; rows: { deviceId: number; day: number; hist: string; n: number }[] }
  | { kind: 'rpm'; rows: (StateKey & StateDay)[] }
  | { kind: 'ae'; rows: { deviceId: number; day: number; key: string; litres: string }[] };

const COLUMNS = {
  spacing: ['spacing_hist', 'spacing_n'],
  rpm: ['rpm_threshold', 'rpm_state_span', 'rpm_state_n', 'rpm_first_state', 'rpm_n', 'rpm_span'],
  ae: ['ae_key', 'ae_litres'],
} as const;

function values(c: Component): unknown[][] {
  if (c.kind === 'spacing') return c.rows.map((r) => [r.deviceId, r.day, r.hist, r.n]);
  if (c.kind === 'ae') return c.rows.map((r) => [r.deviceId, r.day, r.key, r.litres]);
  return c.rows.map((r) => [r.deviceId, r.day, r.threshold, r.state, r.count, r.firstState ? 1 : 0, r.n, r.span]);
}

/**
 * Stores (replaces) one component of some days; the other components of their rows stay. Best effort: the answer was
 * already computed from the hours, so a failed store (a busy SQLite writer) only leaves the day to be computed again.
 */
export async function storeComponent(database: Database, c: Component): Promise<void> {
  const rows = values(c);
  if (!rows.length) return;
  const columns = COLUMNS[c.kind];
  const width = 2 + columns.length;
  const text = (n: number) =>
    `insert into ${DAY_COMPONENTS} (device_id, day, ${columns.join(', ')})
     values ${Array.from({ length: n }, () => `(${placeholders(width)})`).join(', ')}
     on conflict (device_id, day) do update set ${columns.map((col) => `${col} = excluded.${col}`).join(', ')}`;
  try {
    await telemetryStore(database).write(function* () {
      // chunks well under either engine's limit of parameters
      for (let i = 0; i < rows.length; i += 500) {
        const part = rows.slice(i, i + 500);
        yield* op({ kind: 'sql', text: text(part.length), params: part.flat() });
      }
    });
  } catch {
    // left to the next read
  }
}
