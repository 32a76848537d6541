import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { routeNames } from '../../app/route-names.ts';
import { storage } from '../../auth/storage.ts';
import { useSession } from '../../stores/session.ts';
import { AUTH_TEXTS, blankFieldErrors, showFailure } from './auth-form.ts';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Spec 000 §2 Login, §4 (idle → submitting → success | failure), §5 (blank → 'Can not be empty', the server
 * is still asked), §8 ('Invalid Username or Password' under both fields).
 */
export default function Login() {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const loadUser = useSession((s) => s.loadUser);
  const markAuthenticated = useSession((s) => s.markAuthenticated);

  // an existing session that still reports a username goes straight to company selection
  useEffect(() => {
    if (!storage.token()) return;
    let live = true;
    loadUser({ silent: true })
      .then((status) => {
        if (!live || !status.username) return;
        markAuthenticated();
        navigate(routeNames.CompanyActiveSelection(), { replace: true });
      })
      .catch(() => undefined); // no usable session: stay on the form
    return () => {
      live = false;
    };
  }, [loadUser, markAuthenticated, navigate]);

  const onFinish = async (values: LoginValues) => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    form.setFields(blankFieldErrors({ username, password }));
    setSubmitting(true);
    try {
      await signIn(username, password);
      storage.setRememberedEmail(values.remember ? username : null);
      await loadUser();
      navigate(routeNames.CompanyActiveSelection());
    } catch (e) {
      showFailure(form, e, (message) =>
        message === AUTH_TEXTS.invalidLogin || !message
          ? [
              { name: 'username', errors: [AUTH_TEXTS.invalidLogin] },
              { name: 'password', errors: [AUTH_TEXTS.invalidLogin] },
            ]
          : null,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="auth-card">
      <h1>Sign In</h1>
      <p className="auth-card-lead">Monitor fuel, engines and positions across your fleet.</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: storage.rememberedEmail(), password: '', remember: true }}
        onFinish={onFinish}
        onValuesChange={(changed) => {
          // a new value clears that field's server message
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
        }}
      >
        <Form.Item label="Username or Email" name="username">
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <div className="auth-links">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Remember my email</Checkbox>
          </Form.Item>
          <Link to={routeNames.ForgotPassword()}>Forgot Password</Link>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} disabled={submitting}>
          Sign In
        </Button>
      </Form>
    </section>
  );
}
