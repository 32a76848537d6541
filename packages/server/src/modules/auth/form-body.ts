import type { FastifyRequest } from 'fastify';
import { multipartError } from '../../http/multipart.ts';

/**
 * preValidation hook: a multipart/form-data body (the login and password forms of spec 000 §7 post
 * multipart) becomes a plain object of its text fields, so the route's zod body schema validates
 * multipart, urlencoded and JSON bodies alike. File parts are drained and ignored. A body that cannot be
 * read (no boundary, cut off) is a 400.
 */
export async function multipartFieldsAsBody(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else part.file.resume();
    }
  } catch (err) {
    throw multipartError(err, { field: '_', message: 'These forms take no files' });
  }
  req.body = fields;
}
