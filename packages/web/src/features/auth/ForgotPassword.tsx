import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, formData, isApiError } from '../../api/client.ts';
import { AUTH_TEXTS, blankFieldErrors } from '../../components/auth-form.ts';
import { routeNames } from '../../routing/route-names.ts';
import { AntdProvider } from '../../theme/AntdProvider.tsx';

type Outcome = { ok: true } | { ok: false; detail?: string } | null;

/** Spec 000 §2 Forgot Password: e-mail, 'Request Reset Password', a notification modal (texts of §8). */
export default function ForgotPassword() {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const navigate = useNavigate();

  const onFinish = async ({ email }: { email: string }) => {
    const value = email?.trim() ?? '';
    form.setFields(blankFieldErrors({ email: value }));
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
    <AntdProvider>
      <section className="auth-card">
        <h1>Forgot Password</h1>
        <p className="auth-card-lead">
          Enter the e-mail address of your account. We will send you a link to choose a new password.
        </p>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => form.setFields([{ name: 'email', errors: [] }])}
        >
          <Form.Item label="Email" name="email">
            <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting} disabled={submitting}>
            Request Reset Password
          </Button>
        </Form>
        <div className="auth-card-foot">
          <Link to={routeNames.Login()}>Back to Sign In</Link>
        </div>
        <Modal
          open={outcome !== null}
          centered
          title={outcome?.ok ? 'Check your email' : 'Request failed'}
          closable={false}
          keyboard={false}
          mask={{ closable: false }}
          cancelButtonProps={{ style: { display: 'none' } }}
          okText={outcome?.ok ? 'Back to Sign In' : 'OK'}
          onOk={() => {
            const ok = outcome?.ok;
            setOutcome(null);
            if (ok) navigate(routeNames.Login());
          }}
        >
          {outcome?.ok ? (
            <p>{AUTH_TEXTS.resetRequested}</p>
          ) : (
            <>
              <p>{AUTH_TEXTS.resetRequestFailed}</p>
              {outcome?.detail && <p className="auth-card-lead">{outcome.detail}</p>}
            </>
          )}
        </Modal>
      </section>
    </AntdProvider>
  );
}
