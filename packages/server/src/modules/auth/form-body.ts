import type { FastifyRequest } from 'fastify';

/**
 * preValidation hook: a multipart/form-data body (the login and password forms of spec 000 §7 post
 * multipart) becomes a plain object of its text fields, so the route's zod body schema validates
 * multipart, urlencoded and JSON bodies alike. File parts are drained and ignored.
 */
export async function multipartFieldsAsBody(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else part.file.resume();
  }
  req.body = fields;
}
