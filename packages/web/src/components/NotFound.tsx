import { Button, Result } from 'antd';
import { useTexts } from '../api/i18n.ts';
import { componentsTexts } from './texts.ts';

/** The not-found state of a detail screen (unknown id, or another company's row). */
export function NotFound({ title, onBack }: { title: string; onBack: () => void }) {
  const t = useTexts(componentsTexts);
  return (
    <Result
      status="404"
      title={title}
      subTitle={t('notFoundHint')}
      extra={<Button onClick={onBack}>{t('back')}</Button>}
    />
  );
}
