import { Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { text, useLanguage, useTexts } from '../../api/i18n.ts';
import { currentLocale, type Locale } from '../../api/locale.ts';
import { editText, MARKS, readDecimal } from './decimal.ts';
import { numberInputTexts } from './texts.ts';

/** An example of a decimal in a locale's marks, for the refusal message. */
const example = (locale: Locale) => `1${MARKS[locale].decimal}5`;

/**
 * What a typed text gives the form: a number, null (empty), or — when it is not a number, or not a whole number
 * where one is asked — the text itself, which no number schema accepts, so the form (and the server) refuse it
 * with a message instead of storing something else (issue 28).
 */
export function typedValue(typed: string, locale: Locale, whole: boolean): number | null | string {
  const r = readDecimal(typed, locale);
  if (r === 'invalid' || (whole && r !== null && !Number.isInteger(r))) return typed;
  return r;
}

/**
 * Why a value the input gave is refused, in the language in force: a typed text that is not a number (the input
 * gives such text as a string); null for a number or an empty box. For a screen without a form (`numberRule` in one).
 */
export function numberProblem(v: unknown, whole = false): string | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  return whole
    ? text(numberInputTexts, 'notAWholeNumber')
    : text(numberInputTexts, 'notANumber', { example: example(currentLocale()) });
}

/** The form rule that refuses a typed text that is not a number (the input gives such text as a string). */
export function numberRule(whole = false): Rule {
  return {
    validator: (_, v) => {
      const problem = numberProblem(v, whole);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** The decimals a number is written with (0.1 → 1). */
const decimalsOf = (n: number) => (editText(n, 'en').split('.')[1] ?? '').length;

/** `value` plus `by`, without the binary fraction's noise (12.5 + 0.1 is 12.6). */
export const stepped = (value: number, by: number) =>
  Number((value + by).toFixed(Math.max(decimalsOf(value), decimalsOf(by))));

/**
 * A number box that reads what a user of either language types ("1,5" and "1.5" are both 1.5; "1.234,5" is 1234.5)
 * and shows the value with the language's decimal mark. A text that is not a number is kept as typed, marked, and
 * refused by the form (`numberRule`) — never silently changed.
 */
export function NumberInput({
  value,
  onChange,
  whole = false,
  id,
  disabled,
  readOnly,
  variant,
  size,
  step = 1,
  placeholder,
  suffix,
  style,
  'aria-label': ariaLabel,
}: {
  value?: number | string | null;
  onChange?: (value: number | string | null) => void;
  /** only whole numbers (an integer field) */
  whole?: boolean;
  id?: string;
  disabled?: boolean;
  /** shown, not typed in (a value the server assigns) */
  readOnly?: boolean;
  variant?: InputProps['variant'];
  size?: InputProps['size'];
  /** ArrowUp / ArrowDown add / take this to a number in the box (as antd's InputNumber did: rates step 0.1) */
  step?: number;
  placeholder?: string;
  /** the unit, written next to the value */
  suffix?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
}) {
  const locale = useLanguage();
  const t = useTexts(numberInputTexts);
  const shown = (v: typeof value) => (typeof v === 'string' ? v : editText(v, locale));
  const [typed, setTyped] = useState(() => shown(value));
  // the value this input last gave: a value from outside (the form's reset, a loaded record) replaces the text
  const emitted = useRef<typeof value>(value);
  useEffect(() => {
    if (!Object.is(value, emitted.current)) {
      emitted.current = value;
      setTyped(shown(value));
    }
  });
  // the language changed: the same value in its marks
  useEffect(() => {
    if (typeof emitted.current === 'number') setTyped(editText(emitted.current, locale));
  }, [locale]);
  const current = typedValue(typed, locale, whole);
  const bad = typeof current === 'string';
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={typed}
      disabled={disabled}
      readOnly={readOnly}
      variant={variant}
      size={size}
      placeholder={placeholder}
      suffix={suffix}
      style={style}
      aria-label={ariaLabel}
      aria-invalid={bad || undefined}
      status={bad ? 'error' : undefined}
      title={bad ? (whole ? t('notAWholeNumber') : t('notANumber', { example: example(locale) })) : undefined}
      onKeyDown={(e) => {
        if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || readOnly || disabled || !step) return;
        const now = typedValue(typed, locale, whole);
        if (typeof now === 'string') return; // not a number: nothing to step from
        e.preventDefault();
        const next = stepped(now ?? 0, e.key === 'ArrowUp' ? step : -step);
        setTyped(editText(next, locale));
        emitted.current = next;
        onChange?.(next);
      }}
      onChange={(e) => {
        const next = e.target.value;
        setTyped(next);
        const v = typedValue(next, locale, whole);
        emitted.current = v;
        onChange?.(v);
      }}
    />
  );
}
