import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { authTexts } from './texts.ts';

/** /401 (spec 002 §2.18). */
export default function Forbidden() {
  const navigate = useNavigate();
  const t = useTexts(authTexts);
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('noAccess')}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
      }
    />
  );
}
