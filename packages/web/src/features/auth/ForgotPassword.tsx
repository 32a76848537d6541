import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, formData, isApiError } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { routeNames } from '../../routing/route-names.ts';
import { AntdProvider } from '../../theme/AntdProvider.tsx';
import { authTexts } from './texts.ts';

type Outcome = { ok: true } | { ok: false; detail?: string } | null;

/** Spec 000 §2 Forgot Password: e-mail, 'Request Reset Password', a notification modal (texts of §8). */
export default function ForgotPassword() {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const navigate = useNavigate();
  const t = useTexts(authTexts);
  const language = useLanguage();

  const onFinish = async ({ email }: { email: string }) => {
    const value = email?.trim() ?? '';
    form.setFields([{ name: 'email', errors: value ? [] : [t('empty')] }]);
    setSubmitting(true);
    try {
      await api.post('/account/reset_password/request', formData({ email: value }), { silent: true });
      setOutcome({ ok: true });
    } catch (e) {
      if (isApiError(e) && e.fieldMessages) form.setFields([{ name: 'email', errors: e.fieldMessages.email ?? [] }]);
      else setOutcome({ ok: false, detail: isApiError(e) ? e.message : undefined });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AntdProvider language={language}>
      <section className="auth-card">
        <h1>{t('forgotPassword')}</h1>
        <p className="auth-card-lead">{t('forgotLead')}</p>
        {/* noValidate: a malformed address gets the product's message (the server's, under the field), not the
            browser's tooltip (issue 28); type="email" stays for the phone's keyboard */}
        <Form
          form={form}
          noValidate
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => form.setFields([{ name: 'email', errors: [] }])}
        >
          <Form.Item label={t('email')} name="email">
            <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting} disabled={submitting}>
            {t('requestReset')}
          </Button>
        </Form>
        <div className="auth-card-foot">
          <Link to={routeNames.Login()}>{t('backToSignIn')}</Link>
        </div>
        <Modal
          open={outcome !== null}
          centered
          title={outcome?.ok ? t('checkEmail') : t('requestFailed')}
          closable={false}
          keyboard={false}
          mask={{ closable: false }}
          cancelButtonProps={{ style: { display: 'none' } }}
          okText={outcome?.ok ? t('backToSignIn') : t('ok')}
          onOk={() => {
            const ok = outcome?.ok;
            setOutcome(null);
            if (ok) navigate(routeNames.Login());
          }}
        >
          {outcome?.ok ? (
            <p>{t('resetRequested')}</p>
          ) : (
            <>
              <p>{t('resetRequestFailed')}</p>
              {outcome?.detail && <p className="auth-card-lead">{outcome.detail}</p>}
            </>
          )}
        </Modal>
      </section>
    </AntdProvider>
  );
}
