import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { useSession } from '../../stores/session.ts';
import { selectionTexts } from './texts.ts';

/** The card of the full-page selections: title, who is signed in, a way out. */
export function SelectionFrame({
  title,
  subtitle,
  wide,
  children,
}: {
  title: string;
  subtitle: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const userId = useSession((s) => s.userId);
  const company = useSession((s) => s.activeCompany);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const t = useTexts(selectionTexts);
  return (
    <Card className={`selection-frame${wide ? ' selection-frame-wide' : ''}`}>
      <div className="selection-frame-head">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        <div className="selection-frame-user">
          <Typography.Text strong>{userId}</Typography.Text>
          {company && <Typography.Text type="secondary">{company.compName}</Typography.Text>}
          <Button
            type="link"
            size="small"
            icon={<LogoutOutlined />}
            onClick={async () => {
              await signOut();
              navigate('/auth/login');
            }}
          >
            {t('signOut')}
          </Button>
        </div>
      </div>
      {children}
    </Card>
  );
}
