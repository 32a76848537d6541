import {
  type CONDITION_OPERATORS,
  type CONDITIONS_OPERATORS,
  type Thresholds,
  thresholdsSchema,
} from '@fleet/shared/resources/master-event.ts';
import { text } from '../../../api/i18n.ts';
import { eventsTexts } from './texts.ts';

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ConditionsOperator = (typeof CONDITIONS_OPERATORS)[number];

/** One data row of a device: data key, comparison, value (kept as typed; numbers are stored as numbers). */
export interface ConditionRow {
  key: string;
  operator: ConditionOperator;
  value: string;
}

/** One device of a master event's thresholds, as the editor holds it (an ordered list, unlike the JSON map). */
export interface DeviceBlock {
  name: string;
  conditionsOperator: ConditionsOperator;
  rows: ConditionRow[];
}

/** Defaults of spec 001 §9. */
export const NEW_DEVICE_NAME = 'NewDevice';
export const newRow = (): ConditionRow => ({ key: '', operator: '==', value: '0' });

/** A new device block: `NewDevice`, or `NewDevice2`, `NewDevice3` … when that name is taken (names key the JSON map). */
export function newDevice(existing: DeviceBlock[]): DeviceBlock {
  const taken = new Set(existing.map((d) => d.name));
  let name = NEW_DEVICE_NAME;
  for (let i = 2; taken.has(name); i++) name = `${NEW_DEVICE_NAME}${i}`;
  return { name, conditionsOperator: 'and', rows: [newRow()] };
}

/** mevtThresholds JSON text → editor blocks. Unreadable text gives no blocks (the editor starts empty). */
export function parseThresholds(json: string | null | undefined): DeviceBlock[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const parsed = thresholdsSchema.safeParse(value);
  if (!parsed.success) return [];
  return Object.entries(parsed.data).map(([name, device]) => ({
    name,
    conditionsOperator: device.conditions_operator,
    rows: Object.entries(device.data).map(([key, c]) => ({ key, operator: c.operator, value: String(c.value) })),
  }));
}

/** A typed value: numeric text becomes a number (rpm > 400), anything else stays text (status == on). */
export function conditionValue(text: string): number | string {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

/** Editor blocks → the map of spec 001 §3. */
export function toThresholds(blocks: DeviceBlock[]): Thresholds {
  const out: Thresholds = {};
  for (const b of blocks) {
    const data: Thresholds[string]['data'] = {};
    for (const r of b.rows) data[r.key.trim()] = { operator: r.operator, value: conditionValue(r.value) };
    out[b.name.trim()] = { conditions_operator: b.conditionsOperator, data };
  }
  return out;
}

export const serializeThresholds = (blocks: DeviceBlock[]) => JSON.stringify(toThresholds(blocks));

/**
 * Why the blocks cannot be stored as a map without losing a row: blank or repeated device names, blank or
 * repeated data keys within a device (in the language in force). Null when they can.
 */
export function thresholdsProblem(blocks: DeviceBlock[]): string | null {
  const names = new Set<string>();
  for (const b of blocks) {
    const name = b.name.trim();
    if (!name) return text(eventsTexts, 'deviceNameMissing');
    if (names.has(name)) return text(eventsTexts, 'deviceNameTwice', { name });
    names.add(name);
    const keys = new Set<string>();
    for (const r of b.rows) {
      const key = r.key.trim();
      if (!key) return text(eventsTexts, 'dataKeyMissing', { name });
      if (keys.has(key)) return text(eventsTexts, 'dataKeyTwice', { key, name });
      keys.add(key);
    }
  }
  return null;
}

/** A readable line per device: `rpm: rpm > 400 and temperature >= 90`. */
export function describeThresholds(json: string | null | undefined): string[] {
  return parseThresholds(json).map((b) => {
    const conditions = b.rows.map((r) => `${r.key} ${r.operator} ${r.value}`).join(` ${b.conditionsOperator} `);
    return `${b.name}: ${conditions || text(eventsTexts, 'noConditions')}`;
  });
}
