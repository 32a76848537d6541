/**
 * The languages the server writes its texts in (issue 27): English, and Bahasa Indonesia. A request's language comes
 * from its Accept-Language (the web app sends the language in force on every call: http/language.ts); a mail's from
 * the recipient's stored `user.userLanguage`, else English.
 */
export type Language = 'en' | 'id';
export const LANGUAGES: readonly Language[] = ['en', 'id'];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language tags read as each language: `in` is the former ISO 639 code of Indonesian. */
const TAGS: Record<string, Language> = { en: 'en', id: 'id', in: 'id' };

/**
 * The language of an Accept-Language header: of the tags naming English or Indonesian (any region: `id-ID`,
 * `en-GB`), the one of the highest q (the first on a tie); English when none does, or with no header.
 */
export function languageOfHeader(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: Language | null = null;
  let bestQ = 0;
  for (const part of text.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const language = TAGS[tag.trim().toLowerCase().split('-')[0]];
    if (!language) continue;
    const qp = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qp ? Number(qp.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best ?? DEFAULT_LANGUAGE;
}

/** A stored language (`user.userLanguage`): 'en', 'id', or null when none (or anything else) is stored. */
export function storedLanguage(value: unknown): Language | null {
  return value === 'en' || value === 'id' ? value : null;
}
