import { z } from 'zod';
import { choice, defineResource, int, jsonText, optionalText, requiredText } from './define.ts';

export const EVENT_PRIORITY = [
  { value: 1, label: 'High' },
  { value: 0, label: 'Normal' },
];

/** Comparison operators of a threshold condition (spec 001 §5). */
export const CONDITION_OPERATORS = ['==', '!=', '>', '<', '>=', '<='] as const;
/** How the conditions of one device combine. */
export const CONDITIONS_OPERATORS = ['and', 'or'] as const;

/**
 * mevtThresholds: device name → { conditions_operator, data: data key → { operator, value } } (spec 001 §3).
 */
export const thresholdsSchema = z.record(
  z.string().min(1, 'device name must not be empty'),
  z.object({
    conditions_operator: z.enum(CONDITIONS_OPERATORS, { error: 'conditions_operator must be and or or' }),
    data: z.record(
      z.string().min(1, 'data name must not be empty'),
      z.object({
        operator: z.enum(CONDITION_OPERATORS, { error: `operator must be one of ${CONDITION_OPERATORS.join(' ')}` }),
        value: z.union([z.number(), z.string()], { error: 'value must be a number or text' }),
      }),
    ),
  }),
  { error: 'must be an object keyed by device name' },
);
export type Thresholds = z.infer<typeof thresholdsSchema>;

/**
 * System master events (docs/domain.md §30.7): rows no reading condition opens, written by the server itself; the
 * key is stored in `mevt_system`, the type is what the Event Log shows. They cannot be changed, deleted or put into
 * an event configuration.
 */
export const SYSTEM_EVENTS = {
  /** docs/domain.md §25.5: a ROB ledger's balance below zero */
  robBelowZero: { key: 'rob_below_zero', type: 'ROB Below Zero' },
} as const;

/** An alert rule (master event, spec 001 §3). */
export const masterEvent = defineResource({
  name: 'events',
  path: 'events',
  table: 'master_event',
  id: 'mevtId',
  permission: 'master_events',
  auditPrefix: 'mevt',
  scope: { kind: 'global' },
  fields: {
    mevtType: { label: 'Event Type', kind: 'text', schema: requiredText('Event Type', 100) },
    mevtTriggerDuration: {
      label: 'Trigger Duration (seconds)',
      kind: 'integer',
      default: 0,
      schema: int('Trigger Duration').min(0, 'Trigger Duration must not be negative'),
    },
    mevtIsPriority: {
      label: 'Priority',
      kind: 'select',
      options: EVENT_PRIORITY,
      default: 0,
      schema: choice('Priority', EVENT_PRIORITY),
    },
    mevtDescription: { label: 'Description', kind: 'textarea', schema: optionalText(1000, 'Description') },
    mevtThresholds: {
      label: 'Thresholds',
      kind: 'json',
      default: '{}',
      schema: jsonText('Thresholds', thresholdsSchema),
    },
  },
  filters: ['mevtId', 'mevtIsPriority', 'mevtType'],
  orders: ['mevtId', 'mevtType', 'mevtIsPriority', 'mevtTriggerDuration', 'mevtCreatedTime'],
  search: ['mevtType', 'mevtDescription'],
  defaultOrder: ['mevtType', 'asc'],
  unique: [{ fields: ['mevtType'], message: 'A master event with this type already exists' }],
  columns: ['mevtType', 'mevtTriggerDuration', 'mevtIsPriority', 'mevtDescription'],
  pageSize: 10,
  texts: { title: 'Master Event', addTitle: 'Add New Event', editTitle: 'Edit Event', deleted: 'Event Deleted' },
});
