import { defineResource, optionalNum, requiredText } from './define.ts';
import { RANGES } from './ranges.ts';

export const fuelType = defineResource({
  name: 'fuel_type',
  path: 'fuel_type',
  table: 'fuel_type',
  id: 'mftyId',
  permission: 'master_fuel_type',
  auditPrefix: 'mfty',
  scope: { kind: 'global' },
  fields: {
    mftyName: { label: 'Fuel Type Name', kind: 'text', schema: requiredText('Fuel Type Name') },
    // CO₂ emitted (docs/domain.md §23): IMO MEPC.364(79) factor and the standard density of this fuel
    mftyCo2Factor: {
      label: 'CO₂ Factor (t CO₂ / t fuel)',
      kind: 'number',
      step: 0.001,
      hint: 'IMO MEPC.364(79): 3.206 diesel/gas oil, 3.151 LFO, 3.114 HFO. Empty: CO₂ is not computed.',
      range: RANGES.co2Factor,
      schema: optionalNum('CO₂ Factor').refine(
        (v) => v == null || (v > 0 && v < 10),
        'CO₂ Factor must be between 0 and 10',
      ),
    },
    mftyDensity: {
      label: 'Standard Density (kg/m³)',
      kind: 'number',
      step: 0.1,
      hint: 'Used for CO₂ when the flow meters measured no density.',
      range: RANGES.fuelDensity,
      schema: optionalNum('Standard Density').refine(
        (v) => v == null || (v >= 500 && v <= 1100),
        'Standard Density must be between 500 and 1100 kg/m³',
      ),
    },
  },
  filters: ['mftyId', 'mftyName'],
  orders: ['mftyId', 'mftyName', 'mftyCreatedTime'],
  search: ['mftyName'],
  defaultOrder: ['mftyName', 'asc'],
  unique: [{ fields: ['mftyName'], message: 'A fuel type with this name already exists' }],
  columns: ['mftyName', 'mftyCo2Factor', 'mftyDensity', 'mftyCreatedUserId', 'mftyCreatedTime'],
  labels: { mftyName: 'Name', mftyCo2Factor: 'CO₂ Factor', mftyDensity: 'Density (kg/m³)' },
  texts: {
    title: 'Fuel Type List',
    addTitle: 'Add New Fuel Type',
    editTitle: 'Edit Fuel Type',
    deleted: 'Fuel Type Deleted',
  },
  indonesian: {
    fields: {
      mftyName: { label: 'Nama Jenis BBM' },
      mftyCo2Factor: {
        label: 'Faktor CO₂ (t CO₂ / t BBM)',
        hint: 'IMO MEPC.364(79): 3,206 diesel/gas oil, 3,151 LFO, 3,114 HFO. Kosong: CO₂ tidak dihitung.',
      },
      mftyDensity: {
        label: 'Densitas Standar (kg/m³)',
        hint: 'Dipakai untuk CO₂ bila flow meter tidak mengukur densitas.',
      },
    },
    labels: { mftyName: 'Nama', mftyCo2Factor: 'Faktor CO₂', mftyDensity: 'Densitas (kg/m³)' },
    texts: {
      title: 'Daftar Jenis BBM',
      addTitle: 'Tambah Jenis BBM Baru',
      editTitle: 'Ubah Jenis BBM',
      deleted: 'Jenis BBM dihapus',
    },
    messages: {
      'CO₂ Factor': 'Faktor CO₂',
      'CO₂ Factor must be between 0 and 10': 'Faktor CO₂ harus antara 0 dan 10',
      'Standard Density': 'Densitas Standar',
      'Standard Density must be between 500 and 1100 kg/m³': 'Densitas Standar harus antara 500 dan 1100 kg/m³',
      'A fuel type with this name already exists': 'Jenis BBM dengan nama ini sudah ada',
    },
  },
});
