import { authTexts } from './texts.ts';

/** The specs' messages the server answers in English (spec 000 §5, §8), by their key. */
const KNOWN = ['empty', 'invalidLogin', 'mismatch'] as const;

/**
 * A message for the screen: one of the specs' messages (the server's English or the page's own) in the language in
 * force, any other (the server's own words, e.g. when to retry) as it came.
 */
export function localMessage(message: string, t: (key: (typeof KNOWN)[number]) => string): string {
  const key = KNOWN.find((k) => authTexts.en[k] === message);
  return key ? t(key) : message;
}
