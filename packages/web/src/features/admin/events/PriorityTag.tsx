import { EVENT_PRIORITY } from '@fleet/shared/resources/master-event.ts';
import { Tag } from 'antd';
import { useLanguage } from '../../../api/i18n.ts';
import { optionLabel } from '../admin-ui.ts';

/** Event priority as a badge: High in red, Normal in blue (spec 001 §4: 1 High, 0 Normal). */
export function PriorityTag({ value }: { value: number | null | undefined }) {
  useLanguage(); // the label follows the language
  return <Tag color={value === 1 ? 'red' : 'blue'}>{optionLabel(EVENT_PRIORITY, value ?? 0)}</Tag>;
}
