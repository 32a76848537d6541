import { z } from 'zod';
import { choice, defineResource, int, jsonText, optionalText, refId, requiredText } from './define.ts';

export const EVENT_PRIORITY = [
  { value: 1, label: 'High', indonesian: { label: 'Tinggi' } },
  { value: 0, label: 'Normal', indonesian: { label: 'Normal' } },
];

/** Comparison operators of a threshold condition (spec 001 §5). */
export const CONDITION_OPERATORS = ['==', '!=', '>', '<', '>=', '<='] as const;
/** How the conditions of one device combine. */
export const CONDITIONS_OPERATORS = ['and', 'or'] as const;

/** The messages of the thresholds' checks, with their Bahasa Indonesia (issue 27). */
const THRESHOLD_MESSAGES = {
  deviceName: { en: 'device name must not be empty', id: 'nama perangkat tidak boleh kosong' },
  conditionsOperator: { en: 'conditions_operator must be and or or', id: 'conditions_operator harus and atau or' },
  dataName: { en: 'data name must not be empty', id: 'nama data tidak boleh kosong' },
  operator: {
    en: `operator must be one of ${CONDITION_OPERATORS.join(' ')}`,
    id: `operator harus salah satu dari ${CONDITION_OPERATORS.join(' ')}`,
  },
  value: { en: 'value must be a number or text', id: 'value harus berupa angka atau teks' },
  byDevice: { en: 'must be an object keyed by device name', id: 'harus berupa objek dengan kunci nama perangkat' },
};
const THRESHOLD_MESSAGES_INDONESIAN = Object.fromEntries(Object.values(THRESHOLD_MESSAGES).map((m) => [m.en, m.id]));

/**
 * mevtThresholds: device name → { conditions_operator, data: data key → { operator, value } } (spec 001 §3).
 */
export const thresholdsSchema = z.record(
  z.string().min(1, THRESHOLD_MESSAGES.deviceName.en),
  z.object({
    conditions_operator: z.enum(CONDITIONS_OPERATORS, { error: THRESHOLD_MESSAGES.conditionsOperator.en }),
    data: z.record(
      z.string().min(1, THRESHOLD_MESSAGES.dataName.en),
      z.object({
        operator: z.enum(CONDITION_OPERATORS, { error: THRESHOLD_MESSAGES.operator.en }),
        value: z.union([z.number(), z.string()], { error: THRESHOLD_MESSAGES.value.en }),
      }),
    ),
  }),
  { error: THRESHOLD_MESSAGES.byDevice.en },
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
  /** docs/domain.md §41: the fuel watch's four rules */
  abnormalConsumption: { key: 'abnormal_consumption', type: 'Abnormal Consumption' },
  robDropUnexplained: { key: 'rob_drop_unexplained', type: 'ROB Drop Unexplained' },
  flowEngineStopped: { key: 'flow_engine_stopped', type: 'Flow While Engine Stopped' },
  shortDelivery: { key: 'short_delivery', type: 'Short Delivery' },
} as const;

/**
 * An alert rule (master event, spec 001 §3). Issue 28: a company may own events (`mevtCompId`, set by the server to
 * the active company of a tenant administrator who adds one): seen, written and evaluated only for that company;
 * without a company an event is shared by every tenant and written only by a platform administrator, whose new
 * events are the shared ones (docs/decisions.md "Tenants").
 */
export const masterEvent = defineResource({
  name: 'events',
  path: 'events',
  table: 'master_event',
  id: 'mevtId',
  permission: 'master_events',
  auditPrefix: 'mevt',
  scope: { kind: 'owned', field: 'mevtCompId' },
  fields: {
    mevtType: { label: 'Event Type', kind: 'text', schema: requiredText('Event Type', 100) },
    mevtTriggerDuration: {
      label: 'Trigger Duration (seconds)',
      kind: 'integer',
      default: 0,
      schema: int('Trigger Duration', (n) => n.min(0, 'Trigger Duration must not be negative')),
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
    // the key of a system event (SYSTEM_EVENTS), written by migrations only: screens leave such a row alone
    mevtSystem: { label: 'System Event', kind: 'text', readOnly: true, schema: optionalText(100, 'System Event') },
    mevtCompId: {
      label: 'Owner',
      kind: 'ref',
      readOnly: true,
      ref: { resource: 'company', labelField: 'compName' },
      schema: refId('Owner').nullable(),
    },
  },
  joins: [{ as: 'mevtComp', localField: 'mevtCompId', table: 'company', foreignField: 'compId', fields: ['compName'] }],
  filters: ['mevtId', 'mevtIsPriority', 'mevtType', 'mevtCompId'],
  orders: ['mevtId', 'mevtType', 'mevtIsPriority', 'mevtTriggerDuration', 'mevtCreatedTime'],
  search: ['mevtType', 'mevtDescription'],
  defaultOrder: ['mevtType', 'asc'],
  unique: [{ fields: ['mevtType'], message: 'A master event with this type already exists' }],
  columns: ['mevtType', 'mevtTriggerDuration', 'mevtIsPriority', 'mevtDescription'],
  pageSize: 10,
  texts: { title: 'Master Event', addTitle: 'Add New Event', editTitle: 'Edit Event', deleted: 'Event Deleted' },
  indonesian: {
    fields: {
      mevtType: { label: 'Jenis Kejadian' },
      mevtTriggerDuration: { label: 'Durasi Pemicu (detik)' },
      mevtIsPriority: { label: 'Prioritas' },
      mevtDescription: { label: 'Deskripsi' },
      mevtThresholds: { label: 'Ambang Batas' },
      mevtSystem: { label: 'Kejadian Sistem' },
      mevtCompId: { label: 'Pemilik' },
    },
    texts: {
      title: 'Master Kejadian',
      addTitle: 'Tambah Kejadian Baru',
      editTitle: 'Ubah Kejadian',
      deleted: 'Kejadian dihapus',
    },
    messages: {
      'Trigger Duration': 'Durasi Pemicu',
      'Trigger Duration must not be negative': 'Durasi Pemicu tidak boleh negatif',
      'A master event with this type already exists': 'Master kejadian dengan jenis ini sudah ada',
      ...THRESHOLD_MESSAGES_INDONESIAN,
      [SYSTEM_EVENTS.robBelowZero.type]: 'ROB di Bawah Nol',
    },
  },
});
