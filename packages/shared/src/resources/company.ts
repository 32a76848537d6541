import { defineResource, optionalText, refId, requiredText, zeroOneText } from './define.ts';

export const COMPANY_STATUS = [
  { value: '0', label: 'Not Approved' },
  { value: '1', label: 'Approved' },
];

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
    compAddress: { label: 'Address', kind: 'textarea', schema: optionalText() },
    compStatus: { label: 'Status', kind: 'select', options: COMPANY_STATUS, schema: zeroOneText('Status') },
    compPhone: { label: 'Company Phone', kind: 'text', placeholder: '0852xxxxxxxx', schema: optionalText(30) },
    compPIC: { label: 'PIC', kind: 'text', schema: optionalText(100) },
    compPICPhone: { label: 'PIC Phone', kind: 'text', placeholder: '0852xxxxxxxx', schema: optionalText(30) },
  },
  joins: [
    { as: 'compGrcp', localField: 'compGrcpId', table: 'group_company', foreignField: 'grcpId', fields: ['grcpName'] },
  ],
  filters: ['compId', 'compGrcpId', 'compStatus'],
  orders: ['compId', 'compName', 'compStatus', 'compCreatedTime'],
  search: ['compName'],
  defaultOrder: ['compName', 'asc'],
  columns: ['compName', 'compGrcpId', 'compStatus'],
  texts: { title: 'Company List', addTitle: 'Add New Company', editTitle: 'Edit Company', deleted: 'Deleted complete' },
});
