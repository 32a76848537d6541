import { Button, Result } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { adminTexts } from './texts.ts';

/**
 * What a detail screen shows when its record does not exist or belongs to another tenant (the server answers
 * both alike, 404): no form, no Save, no Add/Remove lists — only the way back. `title`: 'Company not found' …
 */
export function NotFoundState({ title, onBack }: { title: string; onBack: () => void }) {
  const t = useTexts(adminTexts);
  return (
    <Result
      status="404"
      title={title}
      subTitle={t('notFoundHint')}
      extra={
        <Button type="primary" onClick={onBack}>
          {t('back')}
        </Button>
      }
    />
  );
}

/** The row query ended in 404 (missing, or another tenant's). */
export const isNotFound = (error: unknown) => (error as { httpStatus?: number } | null)?.httpStatus === 404;
