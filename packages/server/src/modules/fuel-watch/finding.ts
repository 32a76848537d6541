import type { EventReason } from '@fleet/shared/answers/events.ts';

/** docs/domain.md §41: the four rules, by the system key of their master event. */
export type FuelWatchRule = EventReason['key'];

/** What one rule found: one event of the Event Log (docs/domain.md §41 "Common to the four"). */
export interface Finding {
  rule: FuelWatchRule;
  /** rule, engine or log, and start: one event per key */
  key: string;
  start: number;
  end: number;
  /** still going on at the end of what was evaluated */
  active: boolean;
  /** expected and measured, as `{device: {type: {name: value}}}` */
  oldData: Record<string, Record<string, Record<string, number>>>;
  newData: Record<string, Record<string, Record<string, number>>>;
  threshold: Record<string, { conditions_operator: 'and'; data: Record<string, { operator: string; value: number }> }>;
  reason: EventReason;
}

/** Litres and rates as the events carry them: 2 decimals. */
export const r2 = (x: number) => Math.round(x * 100) / 100;
