import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MIN } from '@fleet/shared/password.ts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, ERROR_TEXTS, formData, isApiError } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { routeNames } from '../../routing/route-names.ts';
import { AntdProvider } from '../../theme/AntdProvider.tsx';
import { localMessage } from './messages.ts';
import { authTexts } from './texts.ts';

/** Spec 000 §9: the redirect delay after a password update. */
export const REDIRECT_DELAY_MS = 5000;

interface Values {
  password: string;
  confirm: string;
}

/**
 * Spec 000 §2 Update Password, reached from the e-mailed link (/auth/update-password/:emailtoken/:token):
 * new password and confirmation; success shows a modal and goes to Login after 5 seconds.
 */
export default function UpdatePassword() {
  const { emailtoken = '', token = '' } = useParams();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const navigate = useNavigate();
  const t = useTexts(authTexts);
  const language = useLanguage();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(routeNames.Login(), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onFinish = async ({ password = '', confirm = '' }: Values) => {
    // a mismatch is never sent: the server would set a password the user did not confirm (spec-deviations.md)
    const errors = [
      { name: 'password', errors: password ? [] : [t('empty')] },
      { name: 'confirm', errors: !confirm ? [t('empty')] : confirm !== password ? [t('mismatch')] : [] },
    ];
    form.setFields(errors);
    if (errors.some((f) => f.errors.length)) return;
    setSubmitting(true);
    setFailed(false);
    try {
      await api.post('/account/reset_password/reset', formData({ password, email: emailtoken, token }), {
        silent: true,
      });
      setDone(true);
    } catch (e) {
      console.error(authTexts.en.passwordUpdateFailed, e);
      if (isApiError(e) && e.fieldMessages?.password)
        form.setFields([{ name: 'password', errors: e.fieldMessages.password.map((m) => localMessage(m, t)) }]);
      else if (isApiError(e) && e.kind === 'network') toast.error(ERROR_TEXTS.network);
      else setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AntdProvider language={language}>
      <section className="auth-card">
        <h1>{t('updatePassword')}</h1>
        <p className="auth-card-lead">{t('updateLead', { min: PASSWORD_MIN })}</p>
        {failed && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('passwordUpdateFailed')}
            description={
              <>
                {t('linkExpired')} <Link to={routeNames.ForgotPassword()}>{t('requestNewLink')}</Link>.
              </>
            }
          />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
        >
          <Form.Item label={t('newPassword')} name="password">
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus size="large" />
          </Form.Item>
          <Form.Item label={t('confirmPassword')} name="confirm">
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            disabled={submitting || done}
          >
            {t('updatePassword')}
          </Button>
        </Form>
        <div className="auth-card-foot">
          <Link to={routeNames.Login()}>{t('backToSignIn')}</Link>
        </div>
        <Modal
          open={done}
          centered
          title={t('passwordUpdatedTitle')}
          closable={false}
          keyboard={false}
          mask={{ closable: false }}
          cancelButtonProps={{ style: { display: 'none' } }}
          okText={t('signInNow')}
          onOk={() => navigate(routeNames.Login(), { replace: true })}
        >
          <p>{t('passwordUpdated')}</p>
        </Modal>
      </section>
    </AntdProvider>
  );
}
