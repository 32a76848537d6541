import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { authTexts } from './texts.ts';

/**
 * A labelled input of the sign-in page with its messages under it (plain elements: the sign-in page
 * loads no UI kit). The messages are tied to the input for screen readers.
 */
export function AuthField({
  id,
  label,
  errors,
  trailing,
  hint,
  ...input
}: {
  id: string;
  label: string;
  errors: string[];
  trailing?: ReactNode;
  /** a line under the input while it has no error (the password rule) */
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = errors.length > 0;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className={`auth-input${invalid ? ' auth-input-invalid' : ''}`}>
        <input
          id={id}
          name={id}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-errors` : hint ? `${id}-hint` : undefined}
          {...input}
        />
        {trailing}
      </div>
      {!invalid && hint && (
        <div id={`${id}-hint`} className="auth-hint">
          {hint}
        </div>
      )}
      {invalid && (
        <div id={`${id}-errors`} className="auth-errors">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The Show/Hide button beside a password input (Login, Setup). */
export function ShowPasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const t = useTexts(authTexts);
  return (
    <button type="button" className="auth-input-action" aria-pressed={shown} onClick={onToggle}>
      {shown ? t('hidePassword') : t('showPassword')}
    </button>
  );
}
