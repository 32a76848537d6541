import { COMPANY_STATUS } from '@fleet/shared/resources/company.ts';
import { Tag } from 'antd';
import { useLanguage } from '../../../api/i18n.ts';
import { optionLabel } from '../admin-ui.ts';

/** Company status '1' Approved (green) / '0' Not Approved (spec 000 §3). */
export function CompanyStatusTag({ value }: { value: string | number | null | undefined }) {
  useLanguage(); // the label follows the language
  return <Tag color={String(value) === '1' ? 'green' : 'default'}>{optionLabel(COMPANY_STATUS, value ?? '0')}</Tag>;
}
