import type { EventReason } from '@fleet/shared/answers/events.ts';
import type { Locale } from '../../api/locale.ts';
import { num, percent } from '../../components/format.ts';

/** Formatting of the Event Log (spec 002 §2.17, §5; docs/domain.md §30.6). */

type Data = Record<string, Record<string, Record<string, unknown>>>;

/** Seconds → HH:mm:ss (hours may pass 99); negative or not a number → 00:00:00 (spec 002 §5). */
export function formatDuration(seconds: unknown): string {
  const s = typeof seconds === 'number' ? seconds : Number(seconds);
  if (!Number.isFinite(s) || s < 0) return '00:00:00';
  const total = Math.floor(s);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

export interface DataRow {
  key: string;
  device: string;
  type: string;
  name: string;
  oldValue: string;
  newValue: string;
}

const shown = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

/** Old and new data compared by device, type and data name; '-' where one side lacks the value (spec 002 §2.17). */
export function compareData(oldData: unknown, newData: unknown): DataRow[] {
  const o = (oldData && typeof oldData === 'object' ? oldData : {}) as Data;
  const n = (newData && typeof newData === 'object' ? newData : {}) as Data;
  const rows: DataRow[] = [];
  const seen = new Set<string>();
  for (const side of [n, o])
    for (const [device, types] of Object.entries(side))
      for (const [type, names] of Object.entries(types ?? {}))
        for (const name of Object.keys(names ?? {})) {
          const key = JSON.stringify([device, type, name]);
          if (seen.has(key)) continue;
          seen.add(key);
          rows.push({
            key,
            device,
            type,
            name,
            oldValue: shown(o[device]?.[type]?.[name]),
            newValue: shown(n[device]?.[type]?.[name]),
          });
        }
  return rows;
}

export interface ThresholdGroup {
  name: string;
  operator: string;
  rows: { key: string; parameter: string; operator: string; value: string }[];
}

/** The threshold snapshot → one card per group (spec 002 §2.17 'Thresholds Data'). */
export function thresholdGroups(threshold: unknown): ThresholdGroup[] {
  if (!threshold || typeof threshold !== 'object') return [];
  return Object.entries(threshold as Record<string, { conditions_operator?: unknown; data?: unknown }>).map(
    ([name, g]) => ({
      name,
      operator: String(g?.conditions_operator ?? '-').toUpperCase(),
      rows: Object.entries((g?.data ?? {}) as Record<string, { operator?: unknown; value?: unknown }>).map(
        ([parameter, c]) => ({ key: parameter, parameter, operator: shown(c?.operator), value: shown(c?.value) }),
      ),
    }),
  );
}

/**
 * The values a fuel-watch reason's text names (docs/domain.md §41), written for the language in force: litres and
 * L/h with up to 2 decimals, percentages with their sign where they are a shortfall, the engine by its side's name.
 */
export function reasonValues(
  reason: EventReason,
  side: (engine: string) => string,
  locale?: Locale,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(reason.values)) {
    if (k === 'engine') out[k] = side(String(v));
    else if (k === 'percent' || k === 'protest') out[k] = typeof v === 'number' ? percent(v, [0, 2], locale) : v;
    else if (k === 'hours') out[k] = typeof v === 'number' ? num(v, [0, 1], locale) : v;
    else out[k] = typeof v === 'number' ? num(v, [0, 2], locale) : v;
  }
  return out;
}
