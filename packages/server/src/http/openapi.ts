import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, fail } from './envelope.ts';

/**
 * The OpenAPI 3.1 document served at /api/docs/json (docs/api.md "API documentation"; docs/decisions.md "OpenAPI
 * operation ids"). Made from the routes themselves, so a route added by any module is documented without a list to
 * keep: its zod schemas (fastify-type-provider-zod), an operationId derived from its method and path unless it names
 * its own (`schema.operationId`), a tag from its first path segment unless it has tags, the security of the document
 * unless it sets its own (`security: []` for a public route), and the error answers of the one error envelope.
 */

/** The HTTP statuses documented with the error envelope, and when each is answered. */
export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    example: 'Invalid path parameter id: id must be a whole number',
    description:
      'The request is not valid: a path or query parameter, the body (per-field messages in `status.message`), or JSON that cannot be read.',
  },
  401: {
    name: 'Unauthorized',
    example: 'Authentication Error',
    description:
      'No token, an unknown, revoked or expired token (an idle-expired session answers `errorCode` 411), or a missing or unknown device key.',
  },
  403: {
    name: 'Forbidden',
    example: 'You do not have read access to master_asset',
    description:
      "The role behind the token lacks the permission this route needs, or a browser sent the request from another site's page.",
  },
  404: {
    name: 'NotFound',
    example: 'Asset not found',
    description: 'The route, or the row it names, does not exist or is not visible to the caller.',
  },
  409: {
    name: 'Conflict',
    example: 'You cannot delete your own user',
    description: 'The write conflicts with what is stored: a value that must be unique, a stale edit, dependent rows.',
  },
  413: {
    name: 'PayloadTooLarge',
    example: 'The request body is too large: this request accepts at most 256 KB',
    description: 'The body is larger than this route accepts (256 KB unless the route says otherwise; ingest 8 MB).',
  },
  429: {
    name: 'TooManyRequests',
    example: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    description: 'Too many attempts or requests in a short time; the `Retry-After` header says when to try again.',
  },
  500: {
    name: 'InternalError',
    example: 'Internal error',
    description: 'A fault on the server, logged under the request id (`X-Request-Id`).',
  },
  503: {
    name: 'ServiceUnavailable',
    example: 'The server is busy. Please try again in a few seconds.',
    description: 'The server is busy and turns work away for now; the `Retry-After` header says when to try again.',
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Extra error statuses a route answers beyond the rule of `errorStatusesOf` (a public route that throttles: 429). */
declare module 'fastify' {
  interface FastifyContextConfig {
    apiErrors?: ErrorStatus[];
  }
}

/**
 * The error statuses an operation documents: every route may answer 400, 404, 500 and 503 (load shedding); a route
 * that needs a token also 401, 403 and 429 (API tokens are rate limited); a state-changing one also 403 (foreign
 * origin), 409 and 413 (body limit).
 */
export function errorStatusesOf(method: string, secured: boolean, extra: readonly ErrorStatus[] = []): ErrorStatus[] {
  const out = new Set<ErrorStatus>([400, 404, 500, 503, ...extra]);
  if (secured) for (const s of [401, 403, 429] as const) out.add(s);
  if (UNSAFE.has(method.toUpperCase())) for (const s of [403, 409, 413] as const) out.add(s);
  return [...out].sort((a, b) => a - b);
}

const words = (text: string) =>
  text
    .replace(/\(.*\)$/, '') // a parameter's regular expression: /:id(\\d+)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * A route's operationId: its method and path in camelCase, parameters as "By…" (consecutive ones joined by "And"),
 * without the `/api` prefix every route shares: `GET /api/master/device/:id` → `getMasterDeviceById`,
 * `GET /api/log/event/event/period/:start/:end` → `getLogEventEventPeriodByStartAndEnd`. Stable (it changes only when
 * the route's path does) and unique while paths differ in more than punctuation.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = [method.toLowerCase()];
  let afterParam = false;
  for (const segment of url.replace(/^\/api(?=\/|$)/, '').split('/')) {
    if (!segment) continue;
    const param = segment.startsWith(':') ? segment.slice(1) : segment === '*' ? 'path' : null;
    if (param !== null) {
      parts.push(afterParam ? 'and' : 'by', ...words(param));
      afterParam = true;
    } else {
      parts.push(...words(segment));
      afterParam = false;
    }
  }
  return parts.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

/** The tag of a route without tags: its first path segment after `/api`. */
export const defaultTagOf = (url: string) => url.replace(/^\/api(?=\/|$)/, '').split('/')[1] || 'api';

/** The operation's marker that carries its error statuses from the route transform to the document transform. */
const ERRORS_MARK = 'x-error-statuses';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: RouteOptions;
  openapiObject: { security?: unknown[] };
};

/** The per-route transform: the zod schemas as JSON Schema, then the operationId, tags and error statuses. */
export function openApiRouteTransform(input: TransformInput) {
  const { route } = input;
  const out = jsonSchemaTransform(input);
  const schema: Record<string, unknown> = { ...(out.schema ?? {}) };
  if (schema.hide) return out;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  schema.operationId ??= operationIdOf(method, route.url);
  schema.tags ??= [defaultTagOf(route.url)];
  // a file answer (a PDF, an image, a page) has no response schema to serialize with: documented from `produces`
  const produces = schema.produces as string[] | undefined;
  if (!schema.response && produces?.length)
    schema.response = {
      200: {
        description: `The file (${produces.join(', ')})`,
        content: Object.fromEntries(produces.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
      },
    };
  const security = (schema.security ?? input.openapiObject.security ?? []) as unknown[];
  schema[ERRORS_MARK] = errorStatusesOf(method, security.length > 0, route.config?.apiErrors);
  return { schema, url: out.url };
}

const jsonOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return json;
};

/** The JSON Schema of what a zod schema accepts (its input), for documentation. */
export const inputJsonSchema = (schema: z.ZodType) => jsonOf(schema, 'input');
/** The JSON Schema of what a zod schema gives (its output: an answer), for documentation. */
export const outputJsonSchema = (schema: z.ZodType) => jsonOf(schema, 'output');

/**
 * A value checked later by the handler (ingest's readings, one at a time) but documented as `shownAs`: accepted as
 * anything by the route's validation, so a bad item is answered the handler's way, not as a 400 for the batch.
 */
export const documentedAs = (shownAs: z.ZodType) =>
  z.unknown().meta(inputJsonSchema(shownAs) as Record<string, unknown>);

/** The parts of the document the transform reads and writes. */
interface OpenApiDocument {
  components: Record<string, Record<string, unknown>>;
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  tags?: { name: string; description?: string }[];
}

/**
 * The document transform: the zod components (recursive schemas such as the report's blocks), the error envelope and
 * its responses, each operation's error responses, and the list of tags.
 */
export function openApiDocumentTransform(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input) as unknown as OpenApiDocument;
  const { components } = doc;
  components.schemas = { ...components.schemas, ErrorEnvelope: outputJsonSchema(errorEnvelopeSchema) };
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([code, r]) => [
      r.name,
      {
        description: r.description,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorEnvelope' },
            // a real message of that status (the code's own texts); `status.message` may also be per field
            example: fail(r.example, Number(code)),
          },
        },
      },
    ]),
  );
  const tags = new Set<string>();
  for (const operations of Object.values(doc.paths ?? {}))
    for (const op of Object.values(operations)) {
      for (const tag of (op.tags as string[] | undefined) ?? []) tags.add(tag);
      const statuses = (op[ERRORS_MARK] as ErrorStatus[] | undefined) ?? [];
      delete op[ERRORS_MARK];
      const responses = (op.responses ?? {}) as Record<string, unknown>;
      for (const status of statuses)
        responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
      op.responses = responses;
    }
  const described = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = [...tags].sort().map((name) => described.get(name) ?? { name });
  return doc;
}

export interface OpenApiOptions {
  version: string;
  description: string;
  securitySchemes: Record<string, Record<string, unknown>>;
  /** the schemes a route needs unless it sets `security` itself: any one of them */
  security: Record<string, string[]>[];
}

/** The options of @fastify/swagger. */
export function openApiOptions(o: OpenApiOptions): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Fleet monitoring API', version: o.version, description: o.description },
      servers: [{ url: '/', description: 'this server' }],
      components: { securitySchemes: o.securitySchemes as never },
      security: o.security,
    },
    transform: openApiRouteTransform as never,
    transformObject: openApiDocumentTransform as never,
  };
}
