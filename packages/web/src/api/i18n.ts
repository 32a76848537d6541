import dayjs from 'dayjs';
import 'dayjs/locale/id';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { currentLocale, type Locale, setLocale } from './locale.ts';

/**
 * The interface's languages (issue 27): i18next with one namespace per catalogue. A catalogue is declared once,
 * where its texts are used, by `defineTexts(namespace, en, id)` and read with `useTexts(catalogue)`: `en` holds the English texts (the specs' words,
 * verbatim), `id` the Bahasa Indonesia ones, typed `Catalogue<typeof en>` — a key missing in one language is a type
 * error, and `i18n.test.ts` compares both languages' keys and `{{placeholders}}` of every catalogue. A text with
 * values is one whole sentence per language with placeholders (`'Delete {{name}}?'`), never glued from fragments.
 */

/** The languages a user can be shown (each named in its own language, as a language picker does). */
export const LANGUAGES: readonly { code: Locale; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'id', name: 'Bahasa Indonesia' },
];
export const ALL_LANGUAGES: readonly Locale[] = ['en', 'id'];

/** The other language's catalogue: the same keys, each a text. */
export type Catalogue<T> = { readonly [K in keyof T]: string };

const catalogues = new Map<string, Record<Locale, Record<string, string>>>();

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  // React escapes what it renders; texts are never put into HTML as strings
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A declared catalogue: its namespace and (for the types) its English texts. */
export interface Texts<T extends Record<string, string>> {
  namespace: string;
  en: T;
}

/** Declares a catalogue (once, at module level where its texts are used). */
export function defineTexts<const T extends Record<string, string>>(
  namespace: string,
  en: T,
  id: Catalogue<T>,
): Texts<T> {
  if (catalogues.has(namespace)) throw new Error(`texts '${namespace}' are declared twice`);
  catalogues.set(namespace, { en, id: id as Record<string, string> });
  i18next.addResourceBundle('en', namespace, en);
  i18next.addResourceBundle('id', namespace, id);
  return { namespace, en };
}

/**
 * A catalogue's `t(key, values?)`, with its keys only; the component renders again when the language changes.
 */
export function useTexts<T extends Record<string, string>>(texts: Texts<T>) {
  const { t } = useTranslation(texts.namespace);
  return useCallback(
    (key: keyof T & string, values?: Record<string, string | number>): string => t(key, values ?? {}) as string,
    [t],
  );
}

/**
 * A catalogue's text in the language in force, outside a component: a toast, a confirm, a column built in a
 * callback. A component uses `useTexts` (it renders again when the language changes; this does not).
 */
export function text<T extends Record<string, string>>(
  texts: Texts<T>,
  key: keyof T & string,
  values?: Record<string, string | number>,
): string {
  return i18next.t(key, { ns: texts.namespace, ...(values ?? {}) }) as string;
}

/** The language in force, for components that pass it on (antd's texts); renders again when it changes. */
export function useLanguage(): Locale {
  return useTranslation().i18n.language === 'id' ? 'id' : 'en';
}

/** Every declared catalogue (the parity test). */
export const declaredTexts = (): ReadonlyMap<string, Record<Locale, Record<string, string>>> => catalogues;

/** The language of a browser that prefers Bahasa Indonesia ('id', or the old code 'in'), else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  const first = languages.find((l) => /^(id|in|en)\b/i.test(l)) ?? 'en';
  return /^(id|in)\b/i.test(first) ? 'id' : 'en';
}

/**
 * Shows the interface in `wanted` when it is offered (LANGUAGES), else in English: texts (i18next), numbers
 * (api/locale.ts) and dates (dayjs). Returns the language now in force.
 */
export function setLanguage(wanted: Locale | null | undefined): Locale {
  const language = LANGUAGES.some((l) => l.code === wanted) ? (wanted as Locale) : 'en';
  if (language !== currentLocale() || i18next.language !== language) {
    setLocale(language);
    dayjs.locale(language);
    void i18next.changeLanguage(language);
  }
  // screen readers and the browser's hyphenation and spell checking read the page's language
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return language;
}
