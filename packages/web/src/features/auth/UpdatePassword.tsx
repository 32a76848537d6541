import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, formData, isApiError } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { AUTH_TEXTS } from '../../components/auth-form.ts';
import { routeNames } from '../../routing/route-names.ts';
import { AntdProvider } from '../../theme/AntdProvider.tsx';

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

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate(routeNames.Login(), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

  const onFinish = async ({ password = '', confirm = '' }: Values) => {
    // a mismatch is never sent: the server would set a password the user did not confirm (spec-deviations.md)
    const errors = [
      { name: 'password', errors: password ? [] : [AUTH_TEXTS.empty] },
      { name: 'confirm', errors: !confirm ? [AUTH_TEXTS.empty] : confirm !== password ? [AUTH_TEXTS.mismatch] : [] },
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
      console.error(AUTH_TEXTS.passwordUpdateFailed, e);
      if (isApiError(e) && e.fieldMessages?.password)
        form.setFields([{ name: 'password', errors: e.fieldMessages.password }]);
      else if (isApiError(e) && e.kind === 'network') toast.error('Network error');
      else setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AntdProvider>
      <section className="auth-card">
        <h1>Update Password</h1>
        <p className="auth-card-lead">Choose a new password of at least 8 characters.</p>
        {failed && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={AUTH_TEXTS.passwordUpdateFailed}
            description={
              <>
                The link may have expired or been used already.{' '}
                <Link to={routeNames.ForgotPassword()}>Request a new link</Link>.
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
          <Form.Item label="New Password" name="password">
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus size="large" />
          </Form.Item>
          <Form.Item label="Confirm Password" name="confirm">
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
            Update Password
          </Button>
        </Form>
        <div className="auth-card-foot">
          <Link to={routeNames.Login()}>Back to Sign In</Link>
        </div>
        <Modal
          open={done}
          centered
          title="Password updated"
          closable={false}
          keyboard={false}
          mask={{ closable: false }}
          cancelButtonProps={{ style: { display: 'none' } }}
          okText="Sign In now"
          onOk={() => navigate(routeNames.Login(), { replace: true })}
        >
          <p>{AUTH_TEXTS.passwordUpdated}</p>
        </Modal>
      </section>
    </AntdProvider>
  );
}
