import { z } from 'zod';
import { isTimeZone, offsetLabel, TIME_ZONES, zoneOffsetHours } from '../time-zone.ts';
import {
  choice,
  defineResource,
  type FieldOption,
  optionalPhone,
  optionalText,
  refId,
  requiredText,
} from './define.ts';
import { APPROVAL_TEXT } from './options.ts';

export const COMPANY_STATUS = APPROVAL_TEXT;

/** Every IANA zone, labelled with its offset now: `Asia/Makassar (GMT +008)` — a name, the same in both languages. */
const TIME_ZONE_OPTIONS: FieldOption[] = TIME_ZONES.map((zone) => {
  const label = `${zone} (${offsetLabel(zoneOffsetHours(zone, Date.now() / 1000))})`;
  return { value: zone, label, indonesian: { label } };
});

/** A company (spec 000 §3); visible to its users. Its creator becomes one of its users. */
export const company = defineResource({
  name: 'company',
  path: 'company',
  table: 'company',
  id: 'compId',
  permission: 'master_company',
  auditPrefix: 'comp',
  scope: { kind: 'company', field: 'compId' },
  fields: {
    compName: { label: 'Name', kind: 'text', schema: requiredText('Name') },
    compGrcpId: {
      label: 'Group',
      kind: 'ref',
      ref: { resource: 'group_company', labelField: 'grcpName' },
      schema: refId('Group'),
    },
    compAddress: { label: 'Address', kind: 'textarea', schema: optionalText(1000, 'Address') },
    compStatus: {
      label: 'Status',
      kind: 'select',
      options: COMPANY_STATUS,
      default: '0',
      schema: choice('Status', COMPANY_STATUS),
    },
    compPhone: {
      label: 'Company Phone',
      kind: 'text',
      placeholder: '0852xxxxxxxx',
      schema: optionalPhone('Company Phone'),
    },
    compPIC: { label: 'PIC', kind: 'text', schema: optionalText(100, 'PIC') },
    compPICPhone: {
      label: 'PIC Phone',
      kind: 'text',
      placeholder: '0852xxxxxxxx',
      schema: optionalPhone('PIC Phone'),
    },
    // docs/domain.md §1: the company's days are cut at its own midnight; none: the installation's default zone
    compTimezone: {
      label: 'Time Zone',
      kind: 'select',
      options: TIME_ZONE_OPTIONS,
      placeholder: "The installation's default zone",
      hint: 'Days, reports and the daily e-mail of the company start at midnight in this zone (WIB: Asia/Jakarta, WITA: Asia/Makassar, WIT: Asia/Jayapura).',
      schema: z
        .string({ error: 'Time Zone must be a time zone name such as Asia/Makassar' })
        .refine(isTimeZone, 'Time Zone must be a time zone name such as Asia/Makassar')
        .nullish(),
    },
  },
  joins: [
    { as: 'compGrcp', localField: 'compGrcpId', table: 'group_company', foreignField: 'grcpId', fields: ['grcpName'] },
  ],
  filters: ['compId', 'compGrcpId', 'compStatus'],
  orders: ['compId', 'compName', 'compStatus', 'compCreatedTime', 'compGrcp.grcpName'],
  search: ['compName', 'compPIC', 'compGrcp.grcpName'],
  defaultOrder: ['compName', 'asc'],
  unique: [{ fields: ['compGrcpId', 'compName'], message: 'The group already has a company with this name' }],
  columns: ['compName', 'compGrcp.grcpName', 'compStatus'],
  labels: { 'compGrcp.grcpName': 'Link to Group' },
  pageSize: 10,
  texts: {
    title: 'Company List',
    addTitle: 'Add New Company',
    editTitle: 'Edit Company',
    deleted: 'Deleted complete',
    created: 'Company added',
  },
  indonesian: {
    fields: {
      compName: { label: 'Nama' },
      compGrcpId: { label: 'Grup' },
      compAddress: { label: 'Alamat' },
      compStatus: { label: 'Status' },
      compPhone: { label: 'Telepon Perusahaan', placeholder: '0852xxxxxxxx' },
      compPIC: { label: 'PIC' },
      compPICPhone: { label: 'Telepon PIC', placeholder: '0852xxxxxxxx' },
      compTimezone: {
        label: 'Zona Waktu',
        placeholder: 'Zona bawaan instalasi',
        hint: 'Hari, laporan, dan e-mail harian perusahaan dimulai pada tengah malam di zona ini (WIB: Asia/Jakarta, WITA: Asia/Makassar, WIT: Asia/Jayapura).',
      },
    },
    labels: { 'compGrcp.grcpName': 'Grup Terkait' },
    texts: {
      title: 'Daftar Perusahaan',
      addTitle: 'Tambah Perusahaan Baru',
      editTitle: 'Ubah Perusahaan',
      deleted: 'Berhasil dihapus',
      created: 'Perusahaan ditambahkan',
    },
    messages: {
      'Time Zone must be a time zone name such as Asia/Makassar':
        'Zona Waktu harus berupa nama zona waktu seperti Asia/Makassar',
      'The group already has a company with this name': 'Grup sudah memiliki perusahaan dengan nama ini',
    },
  },
});
