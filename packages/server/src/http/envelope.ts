import type { ServerResponse } from 'node:http';
import { type ApiStatus, ErrorCode, type FieldMessages } from '@fleet/shared/api.ts';
import { MAX_INT } from '@fleet/shared/resources/define.ts';
import { z } from 'zod';
import { JsonBytes } from './json-bytes.ts';

/** A failure a client caused or must know about; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    public httpStatus: number,
    message: string | FieldMessages,
    public errorCode: number = httpStatus,
  ) {
    super(typeof message === 'string' ? message : 'Error found');
    this.fieldMessages = typeof message === 'string' ? undefined : message;
  }
  fieldMessages?: FieldMessages;
  get body() {
    return fail(this.fieldMessages ?? this.message, this.errorCode);
  }
}

export const badRequest = (message: string | FieldMessages) => new AppError(400, message, ErrorCode.validation);
export const notFound = (what = 'Data') => new AppError(404, `${what} not found`, ErrorCode.notFound);
export const forbidden = (message = 'You do not have permission for this action') =>
  new AppError(403, message, ErrorCode.forbidden);
export const conflict = (message: string) => new AppError(409, message, ErrorCode.conflict);

const okStatus: ApiStatus = { error: 0, errorCode: null, message: 'Success' };

export function ok<T>(data: T, totalData?: number) {
  return totalData === undefined ? { status: okStatus, data } : { status: okStatus, data, pagination: { totalData } };
}

export function fail(message: string | FieldMessages, errorCode: number) {
  return { status: { error: 1 as const, errorCode, message }, data: null };
}

const statusSchema = z.object({
  error: z.union([z.literal(0), z.literal(1)]),
  errorCode: z.number().nullable(),
  message: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
});

/**
 * Every error answer (`fail`: the error handler's, the not-found handler's, load shedding's): `status.error` 1, the
 * error code (the HTTP status, or `ErrorCode`: 411 an idle-expired session) and the message — a sentence, or per
 * field a list of sentences — in the request's language; `data` null. Documented once in OpenAPI (http/openapi.ts).
 */
export const errorEnvelopeSchema = z.object({
  status: z.object({
    error: z.literal(1),
    errorCode: z.number().int(),
    message: z.union([
      z.string(),
      z.record(z.string(), z.array(z.string())).describe('field name → its messages ("_": the request as a whole)'),
    ]),
  }),
  data: z.null(),
});

/** Response schema of an enveloped answer; `data` decides what leaves the server. */
export function envelope<T extends z.ZodType>(data: T, paged = false) {
  const base = { status: statusSchema, data };
  return paged ? z.object({ ...base, pagination: z.object({ totalData: z.number() }) }) : z.object(base);
}

/**
 * Route option `serializerCompiler` for big answers (thousands of series rows): plain JSON.stringify instead
 * of running the response schema over every row. Only for handlers that build exactly the schema's shape
 * (no extra keys to strip, no transforms); the schema still documents the answer in OpenAPI.
 */
export const plainJsonSerializer = () => (data: unknown) =>
  // Fastify sends a Buffer as it is (content-length is its length)
  data instanceof PreSerialized
    ? ((typeof data.json === 'string' ? Buffer.from(data.json) : data.json) as unknown as string)
    : JSON.stringify(data);

/** An answer already written as JSON, text or bytes (the hottest series answers build it row by row). */
export class PreSerialized {
  constructor(readonly json: string | Buffer) {}
}

/** The envelope's text before `data` in every successful answer. */
const OK_HEAD = `{"status":${JSON.stringify(okStatus)},"data":`;

/**
 * `ok(data)` for data already serialized: `dataJson` is the JSON text of a `T`. Typed as the answer it stands
 * for, so routes keep their response types; only routes with `plainJsonSerializer` may return it.
 */
export function okJson<T>(dataJson: string): ReturnType<typeof ok<T>> {
  return new PreSerialized(`${OK_HEAD}${dataJson}}`) as never;
}

/**
 * `okJson` for data written straight into bytes (http/json-bytes.ts): `writeData` writes the JSON of a `T` after the
 * envelope's head; `capacity` is its expected size.
 */
export function okBytes<T>(
  capacity: number,
  writeData: (out: JsonBytes) => void,
  /** the response these bytes are sent in: the buffer is kept for another answer once it has finished */
  sentBy?: ServerResponse,
): ReturnType<typeof ok<T>> {
  const out = new JsonBytes(OK_HEAD.length + capacity + 1, sentBy);
  out.ascii(OK_HEAD);
  writeData(out);
  out.byte(125); // }
  return new PreSerialized(out.bytes()) as never;
}

/**
 * A row id in a path or query: the canonical decimal text of a whole number from 1 (no sign, no leading
 * zero, no spaces, no fraction or exponent), so `/1.0`, `/+1`, `/01` and `/%201` never name row 1.
 */
export function idParam(label = 'id') {
  const message = `${label} must be a whole number`;
  return z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform((v) => Number(v))
    .refine((n) => n <= MAX_INT, `${label} is too large`);
}
