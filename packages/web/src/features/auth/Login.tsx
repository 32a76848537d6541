import type { SetupState } from '@fleet/shared/answers/setup.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, ERROR_TEXTS, isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { storage } from '../../api/session-storage.ts';
import { toast } from '../../api/toast.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useSession } from '../../stores/session.ts';
import { AuthField, ShowPasswordToggle } from './AuthField.tsx';
import { localMessage } from './messages.ts';
import { authTexts } from './texts.ts';

/** The messages under each field: the specs' English (shown translated) or the server's own words. */
type Errors = { username: string[]; password: string[] };
const { empty: EMPTY, invalidLogin: INVALID_LOGIN } = authTexts.en;
const NO_ERRORS: Errors = { username: [], password: [] };

/**
 * Spec 000 §2 Login, §4 (idle → submitting → success | failure), §5 (blank → 'Can not be empty', the server
 * is still asked), §8 ('Invalid Username or Password' under both fields). Plain elements, so the first page
 * a user opens downloads little. An installation without any user sends the visitor to the first-run Setup page.
 * Before sign-in the page speaks the browser's language (app/AuthLayout.tsx).
 */
export default function Login() {
  const t = useTexts(authTexts);
  const [username, setUsername] = useState(() => storage.rememberedEmail());
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  // a message handed over by another page, by its key (Setup: the administrator exists, sign in)
  const handedOver = (useLocation().state as { notice?: 'setupDoneSignIn' } | null)?.notice ?? null;
  const signIn = useSession((s) => s.signIn);
  const loadUser = useSession((s) => s.loadUser);
  const markAuthenticated = useSession((s) => s.markAuthenticated);

  // no user yet (a real install's first visit): the first administrator is created on the Setup page
  useEffect(() => {
    let live = true;
    api
      .get<SetupState>('/setup', { silent: true })
      .then((s) => {
        if (live && s.setupNeeded) navigate(routeNames.Setup(), { replace: true });
      })
      .catch(() => undefined); // the form works without the answer
    return () => {
      live = false;
    };
  }, [navigate]);

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

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const name = username.trim();
    setErrors({
      username: name ? [] : [EMPTY],
      password: password ? [] : [EMPTY],
    });
    setNotice(null);
    setSubmitting(true);
    try {
      await signIn(name, password);
      storage.setRememberedEmail(remember ? name : null);
      await loadUser();
      navigate(routeNames.CompanyActiveSelection());
    } catch (err) {
      if (!isApiError(err) || err.message === INVALID_LOGIN)
        setErrors({ username: [INVALID_LOGIN], password: [INVALID_LOGIN] });
      else if (err.fieldMessages)
        setErrors({ username: err.fieldMessages.username ?? [], password: err.fieldMessages.password ?? [] });
      else if (err.kind === 'network') toast.error(ERROR_TEXTS.network);
      else if (err.kind !== 'cancelled') setNotice(err.message); // e.g. too many attempts: when to retry
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="auth-card">
      <h1>{t('signIn')}</h1>
      <p className="auth-card-lead">{t('signInLead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <AuthField
          id="username"
          label={t('usernameOrEmail')}
          errors={errors.username.map((m) => localMessage(m, t))}
          value={username}
          autoComplete="username"
          autoFocus
          onChange={(e) => {
            setUsername(e.target.value);
            setErrors((x) => ({ ...x, username: [] }));
          }}
        />
        <AuthField
          id="password"
          label={t('password')}
          errors={errors.password.map((m) => localMessage(m, t))}
          type={showPassword ? 'text' : 'password'}
          value={password}
          autoComplete="current-password"
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: [] }));
          }}
          trailing={<ShowPasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />}
        />
        <div className="auth-links">
          <label className="auth-checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('rememberEmail')}
          </label>
          <Link to={routeNames.ForgotPassword()}>{t('forgotPassword')}</Link>
        </div>
        {handedOver && !notice && (
          <div className="auth-notice auth-notice-info" role="status">
            {t(handedOver)}
          </div>
        )}
        {notice && (
          <div className="auth-notice" role="alert">
            {notice}
          </div>
        )}
        <button type="submit" className="auth-submit" disabled={submitting} aria-busy={submitting}>
          {submitting && <span className="spinner spinner-light spinner-small" aria-hidden="true" />}
          {t('signIn')}
        </button>
      </form>
    </section>
  );
}
