import type { Language } from './language.ts';

/**
 * A server text catalogue (the PDF's, the mails'): each key's English and Indonesian text. Values go in as
 * `{{name}}` placeholders, never by joining fragments (docs: issue 27 conventions).
 */
export type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export function defineTexts<K extends string>(en: Record<K, string>, id: Record<K, string>): Texts<K> {
  return { en, id };
}

/** A template with its `{{name}}` placeholders filled; a placeholder without a value stays as it is. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : all,
  );
}

/** The text of `key` in `language`, its placeholders filled. */
export function text<K extends string>(
  texts: Texts<K>,
  language: Language,
  key: K,
  values?: Record<string, string | number>,
): string {
  return fill(texts[language][key], values);
}

/** The catalogue's texts in one language, as a function: `const t = textsIn(x, 'id'); t('title')`. */
export function textsIn<K extends string>(texts: Texts<K>, language: Language) {
  return (key: K, values?: Record<string, string | number>) => text(texts, language, key, values);
}
