import { ErrorCode, type FieldMessages } from '@fleet/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { translateStatusMessage } from '../i18n/messages.ts';
import { AppError, fail } from './envelope.ts';
import { requestLanguage } from './language.ts';
import { MALFORMED_MULTIPART_MESSAGE } from './multipart.ts';

/** zod issues → { field: [messages] }; issues without a path go under "_". */
export function fieldMessages(issues: { path: PropertyKey[]; message: string }[]): FieldMessages {
  const out: FieldMessages = {};
  for (const i of issues) {
    const key = i.path.length ? String(i.path[0]) : '_';
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

/** PostgreSQL SQLSTATEs of values it cannot store or compare → the client's message. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22021': 'Text must not contain the NUL character (\\u0000)',
  '22P05': 'Text must not contain the NUL character (\\u0000)',
  '22003': 'A number is out of range',
  '22P02': 'A value has the wrong type',
  '22008': 'A date or time is out of range',
  '22007': 'A date or time is not valid',
  '22001': 'A text is too long',
};

/** The start of an error envelope as `fail` writes it (JSON.stringify keeps its key order). */
const ERROR_ENVELOPE = '{"status":{"error":1,';

/**
 * An error envelope's message in the request's language (issue 27): every error answer — the error handler's, the
 * not-found handler's, and those sent directly (load shedding, foreign origin, the live socket's refusal) — passes
 * here as it leaves, once it is JSON text; English answers leave untouched.
 */
export function translateEnvelope(payload: string, language: ReturnType<typeof requestLanguage>): string {
  if (language === 'en' || !payload.startsWith(ERROR_ENVELOPE)) return payload;
  try {
    const body = JSON.parse(payload) as { status: { message: Parameters<typeof translateStatusMessage>[0] } };
    body.status.message = translateStatusMessage(body.status.message, language);
    return JSON.stringify(body);
  } catch {
    return payload;
  }
}

/** Every error leaves as the envelope; only genuine faults are 500 (and logged). */
export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback: boolean }) {
  // registered before compression (app.ts), so the text is translated before it is compressed
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    return translateEnvelope(payload, requestLanguage(req));
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.httpStatus).send(err.body);
    if (err instanceof ZodError) return reply.status(400).send(fail(fieldMessages(err.issues), ErrorCode.validation));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      const msgs = fieldMessages(issues);
      // a bad query or path parameter reads better as one sentence
      const ctx = err.validationContext;
      if (ctx === 'querystring' || ctx === 'params') {
        const text = Object.entries(msgs)
          .map(([k, v]) => `${k === '_' ? ctx : k}: ${v.join(', ')}`)
          .join('; ');
        const message = ctx === 'params' ? `Invalid path parameter ${text}` : `Invalid query parameter ${text}`;
        return reply.status(400).send(fail(message, ErrorCode.validation));
      }
      return reply.status(400).send(fail(msgs, ErrorCode.validation));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send(fail('Internal error', ErrorCode.internal));
    }
    // a multipart body the parser could not read, wherever a route reads one (busboy's errors carry no status)
    if (
      err.statusCode === undefined &&
      /^(Multipart: |Unexpected end of form|Malformed part header)/.test(err.message)
    ) {
      return reply.status(400).send(fail(MALFORMED_MULTIPART_MESSAGE, ErrorCode.validation));
    }
    // input the database cannot hold, wherever it got through (PostgreSQL data exceptions, class 22)
    const dataProblem = DATA_EXCEPTIONS[String((err as { code?: unknown }).code)];
    if (err.statusCode === undefined && dataProblem) {
      req.log.info({ code: (err as { code?: unknown }).code }, 'input refused by the database');
      return reply.status(400).send(fail(dataProblem, ErrorCode.validation));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(fail('Internal error', ErrorCode.internal));
    }
    // a body over the route's limit (app.ts DEFAULT_BODY_LIMIT unless the route sets its own), said with the limit
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const kb = Math.floor((req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0) / 1024);
      return reply.status(413).send(fail(`The request body is too large: this request accepts at most ${kb} KB`, 413));
    }
    // framework-level client errors: bad JSON, body too large, unsupported media type …
    return reply.status(status).send(fail(err.message, status));
  });

  app.setNotFoundHandler((req, reply) => {
    // a page navigation to a client-side route of the web app gets its index.html; a missing script or
    // image stays a 404 (an old chunk name after a rebuild must not come back as HTML)
    const isPage = req.method === 'GET' && !req.url.startsWith('/api/') && /text\/html/.test(req.headers.accept ?? '');
    if (opts.spaFallback && isPage) return reply.sendFile('index.html');
    return reply.status(404).send(fail(`Route ${req.method} ${req.url.split('?')[0]} not found`, ErrorCode.notFound));
  });
}
