import type { FirstAdmin, FirstAdminInput, SetupState } from '@fleet/shared/answers/setup.ts';
import { PASSWORD_MIN } from '@fleet/shared/password.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ERROR_TEXTS, isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useSession } from '../../stores/session.ts';
import { AuthField, ShowPasswordToggle } from './AuthField.tsx';
import { localMessage } from './messages.ts';
import { authTexts } from './texts.ts';

type Field = keyof FirstAdminInput | 'confirm';
type Values = Record<Field, string>;
const EMPTY: Values = { groupName: '', companyName: '', username: '', email: '', password: '', confirm: '' };
const NO_ERRORS: Record<Field, string[]> = {
  groupName: [],
  companyName: [],
  username: [],
  email: [],
  password: [],
  confirm: [],
};

/**
 * First run (docs/operations.md "Real install"), /auth/setup: only while the installation has no user — the
 * company group, its company and the first administrator. The server checks every field (the answer names each
 * one's problem); the page itself only compares the two passwords. On success the administrator is signed in and
 * goes on to company selection, as after Login. Plain elements like the sign-in page.
 */
export default function Setup() {
  const t = useTexts(authTexts);
  const [state, setState] = useState<'checking' | 'needed' | 'done'>('checking');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const loadUser = useSession((s) => s.loadUser);

  useEffect(() => {
    let live = true;
    api
      .get<SetupState>('/setup', { silent: true })
      .then((s) => live && setState(s.setupNeeded ? 'needed' : 'done'))
      .catch(() => live && setState('needed')); // the server decides again when the form is sent
    return () => {
      live = false;
    };
  }, []);

  const field = (name: Field) => ({
    id: name,
    value: values[name],
    errors: errors[name].map((m) => localMessage(m, t)),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((x) => ({ ...x, [name]: [] }));
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const { confirm, ...body } = values;
    if (confirm !== body.password) {
      // never sent: the server would set a password the user did not confirm; the other fields' messages stay
      setErrors((x) => ({ ...x, confirm: [confirm ? authTexts.en.mismatch : authTexts.en.empty] }));
      return;
    }
    setSubmitting(true);
    try {
      const admin = await api.post<FirstAdmin>('/setup', body, { silent: true });
      try {
        await signIn(admin.username, body.password);
        await loadUser();
        navigate(routeNames.CompanyActiveSelection(), { replace: true });
      } catch {
        // said on the sign-in page (by its key, in the language in force there)
        navigate(routeNames.Login(), { replace: true, state: { notice: 'setupDoneSignIn' } });
      }
    } catch (err) {
      if (!isApiError(err)) setNotice(String(err));
      else if (err.fieldMessages) {
        const { _: general, ...byField } = err.fieldMessages;
        setErrors({ ...NO_ERRORS, ...byField });
        if (general?.length) setNotice(general.join(' '));
      } else if (err.httpStatus === 409) setState('done');
      else if (err.kind === 'network') setNotice(ERROR_TEXTS.network);
      else setNotice(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (state === 'done')
    return (
      <section className="auth-card">
        <h1>{t('alreadySetUp')}</h1>
        <p className="auth-card-lead">{t('alreadySetUpLead')}</p>
        <Link className="auth-submit" to={routeNames.Login()} replace>
          {t('goToSignIn')}
        </Link>
      </section>
    );

  return (
    <section className="auth-card auth-card-setup" aria-busy={state === 'checking'}>
      <h1>{t('setUpTitle')}</h1>
      <p className="auth-card-lead">{t('setUpLead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="auth-section">
          <legend>{t('organisation')}</legend>
          <AuthField {...field('groupName')} label={t('companyGroup')} autoComplete="organization" autoFocus />
          <AuthField {...field('companyName')} label={t('company')} />
        </fieldset>
        <fieldset className="auth-section">
          <legend>{t('administrator')}</legend>
          <AuthField {...field('username')} label={t('loginName')} autoComplete="username" autoCapitalize="none" />
          <AuthField {...field('email')} label={t('email')} type="email" autoComplete="email" />
          <AuthField
            {...field('password')}
            label={t('password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            hint={t('passwordHint', { min: PASSWORD_MIN })}
            trailing={<ShowPasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />}
          />
          <AuthField
            {...field('confirm')}
            label={t('confirmPassword')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
          />
        </fieldset>
        {notice && (
          <div className="auth-notice" role="alert">
            {notice}
          </div>
        )}
        <button
          type="submit"
          className="auth-submit"
          disabled={submitting || state === 'checking'}
          aria-busy={submitting}
        >
          {submitting && <span className="spinner spinner-light spinner-small" aria-hidden="true" />}
          {t('createAdministrator')}
        </button>
      </form>
    </section>
  );
}
