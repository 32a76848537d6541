import type { FastifyRequest } from 'fastify';
import { type Language, languageOfHeader } from '../i18n/language.ts';

/**
 * The language of a request (issue 27): its Accept-Language — the web app sends the language in force on every call
 * — the first of Indonesian (`id`, `in`) and English by q order; English without one. Error messages (errors.ts) and
 * the daily report drawn for the request are written in it.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  return languageOfHeader(req.headers['accept-language']);
}
