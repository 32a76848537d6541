import { z } from 'zod';
import { choice, defineResource, refId, requiredInRange } from './define.ts';
import { ADJUSTMENT_TYPES } from './options.ts';
import { RANGES } from './ranges.ts';

/** Why a bunkering's received amount was adjusted (spec 002 §3.5; Dispute_WITH_SUPPLIER spelt so). */
export const BUNKER_ADJUSTMENT_REASONS = [
  {
    value: 'MANUAL_ADDITION',
    label: 'Manual Addition',
    hint: 'pipe leak etc.',
    indonesian: { label: 'Penambahan Manual', hint: 'kebocoran pipa, dll.' },
  },
  { value: 'LOSS_DUE_TO_SPILLAGE', label: 'Loss Due To Spillage', indonesian: { label: 'Kehilangan Akibat Tumpahan' } },
  {
    value: 'METER_CALIBRATION_ERROR',
    label: 'Meter Calibration Error',
    indonesian: { label: 'Kesalahan Kalibrasi Meter' },
  },
  { value: 'Dispute_WITH_SUPPLIER', label: 'Dispute With Supplier', indonesian: { label: 'Sengketa dengan Pemasok' } },
  { value: 'OTHERS', label: 'Others', indonesian: { label: 'Lainnya' } },
];

/** An adjustment of a bunkering log (spec 002 §2.15); visible with its log. */
export const bunkerAdjustment = defineResource({
  name: 'bunker_adjustment',
  path: 'bunker/adjustment',
  table: 'bunker_adjustment',
  id: 'bklaId',
  permission: 'master_bunker_adjustment',
  auditPrefix: 'bkla',
  scope: { kind: 'parent', field: 'bklaBklgId', parent: 'bunker_log' },
  fields: {
    bklaBklgId: {
      label: 'Bunkering Log',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'bunker_log', labelField: 'bklgId' },
      schema: refId('Bunkering Log'),
    },
    bklaType: {
      label: 'Type',
      kind: 'select',
      options: ADJUSTMENT_TYPES,
      default: 1,
      schema: choice('Type', ADJUSTMENT_TYPES),
    },
    bklaAmount: {
      label: 'Adjustment Value (L)',
      kind: 'number',
      placeholder: 'Use negative value for subtraction',
      range: RANGES.fuelChange,
      schema: requiredInRange('Adjustment value', RANGES.fuelChange, 'Adjustment value is required.').refine(
        (v) => v !== 0,
        'Adjustment value cannot be zero.',
      ),
    },
    bklaReason: {
      label: 'Reason',
      kind: 'select',
      options: BUNKER_ADJUSTMENT_REASONS,
      schema: choice('Reason', BUNKER_ADJUSTMENT_REASONS, 'Adjustment reason is required'),
    },
    bklaDesc: {
      label: 'Note',
      kind: 'textarea',
      schema: z
        .string({ error: 'Detail note is required.' })
        .trim()
        .min(1, 'Detail note is required.')
        .max(255, 'Note cannot exceed 255 characters.'),
    },
  },
  filters: ['bklaId', 'bklaBklgId', 'bklaType', 'bklaReason'],
  orders: ['bklaId', 'bklaCreatedTime', 'bklaAmount', 'bklaType'],
  search: ['bklaDesc'],
  defaultOrder: ['bklaCreatedTime', 'desc'],
  columns: ['bklaCreatedTime', 'bklaType', 'bklaAmount', 'bklaReason', 'bklaDesc', 'bklaCreatedUserId'],
  labels: {
    bklaCreatedTime: 'Date',
    bklaAmount: 'Value (KL)',
    bklaDesc: 'Note',
    bklaCreatedUserId: 'User',
  },
  pageSize: 10,
  texts: {
    title: 'Adjustment History',
    addTitle: 'Create Bunker Adjustment',
    editTitle: 'Edit Bunker Adjustment',
    deleted: 'Adjustment deleted successfully!',
    created: 'Adjustment created successfully!',
    saved: 'Adjustment updated successfully!',
    empty: 'No adjustment history.',
  },
  indonesian: {
    fields: {
      bklaBklgId: { label: 'Log Bunker' },
      bklaType: { label: 'Jenis' },
      bklaAmount: { label: 'Nilai Penyesuaian (L)', placeholder: 'Gunakan nilai negatif untuk pengurangan' },
      bklaReason: { label: 'Alasan' },
      bklaDesc: { label: 'Catatan' },
    },
    labels: {
      bklaCreatedTime: 'Tanggal',
      bklaAmount: 'Nilai (KL)',
      bklaDesc: 'Catatan',
      bklaCreatedUserId: 'Pengguna',
    },
    texts: {
      title: 'Riwayat Penyesuaian',
      addTitle: 'Buat Penyesuaian Bunker',
      editTitle: 'Ubah Penyesuaian Bunker',
      deleted: 'Penyesuaian berhasil dihapus!',
      created: 'Penyesuaian berhasil dibuat!',
      saved: 'Penyesuaian berhasil diperbarui!',
      empty: 'Belum ada riwayat penyesuaian.',
    },
    messages: {
      'Adjustment value': 'Nilai penyesuaian',
      'Adjustment value is required.': 'Nilai penyesuaian wajib diisi.',
      'Adjustment value cannot be zero.': 'Nilai penyesuaian tidak boleh nol.',
      'Adjustment reason is required': 'Alasan penyesuaian wajib diisi',
      'Detail note is required.': 'Catatan detail wajib diisi.',
      'Note cannot exceed 255 characters.': 'Catatan tidak boleh melebihi 255 karakter.',
    },
  },
});
