import { toEpochSeconds, unitSeconds } from '@fleet/shared/time.ts';
import { z } from 'zod';
import { badRequest } from './envelope.ts';
import { nowSeconds } from './time.ts';

/**
 * The one set of helpers that read the telemetry query strings and path parameters (series, summary, combined
 * data). Lists come as `name=a&name=b`, `name[]=a` or `name[0]=a` (and, where a list says so, `name=a,b`); a
 * single value sent twice with different texts is refused rather than guessed. Times go through the shared strict
 * parser (`toEpochSeconds`), so a time the calendar does not have or one beyond year 9999 is a 400, never a 500.
 */

/** What Fastify hands a handler as the query: every value text, or a list of texts when repeated. */
export const rawQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type RawQuery = z.infer<typeof rawQuery>;

/**
 * A query field of text, declared in a route's schema (and so in /api/docs): one value, or several when repeated.
 * The route's transform reads it with oneParam (a single value; different repeats are a 400) or listParam.
 */
export const textField = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);

/** The values of list parameter `name` in order: `name`, `name[]` and `name[N]`; with `commas`, `a,b` splits too. */
export function listParam(q: RawQuery, name: string, opts: { commas?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (k !== name && k !== `${name}[]` && !(k.startsWith(`${name}[`) && /^\[\d+\]$/.test(k.slice(name.length))))
      continue;
    for (const text of Array.isArray(v) ? v : [v])
      out.push(...(opts.commas ? text.split(',') : [text]).map((x) => x.trim()));
  }
  return out.filter((x) => x !== '');
}

/** A single-valued parameter; absent or blank → undefined; sent twice with different values → 400. */
export function oneParam(q: RawQuery, name: string): string | undefined {
  const v = q[name];
  const values = (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => x.trim()).filter((x) => x !== '');
  if (new Set(values).size > 1) throw badRequest(`${name} was given more than once with different values`);
  return values[0];
}

/** Parses `value` with `schema`; the first issue's message becomes a 400. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid request');
  return r.data;
}

const TIME_FORMS = 'epoch seconds, ISO 8601 or YYYY-MM-DD HH:mm:ss (UTC), from 1970 to 9999';

/** A time in a path or query: epoch seconds after the shared strict parser. */
export const epochParam = (name: string) =>
  z.string().transform((text, ctx) => {
    const ts = toEpochSeconds(text);
    if (ts === null) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ${TIME_FORMS} (got ${text.slice(0, 40)})` });
      return z.NEVER;
    }
    return ts;
  });

export interface Period {
  start: number;
  /** exclusive */
  end: number;
}

const periodSchema = z
  .object({ start: epochParam('start'), end: epochParam('end') })
  .refine((p) => p.end > p.start, { message: 'end must be after start' });

/** `period/{start}/{end}` → the period `[start, end)`. */
export const parsePeriod = (start: string, end: string): Period => parseWith(periodSchema, { start, end });

/** `last/{duration}/{unit}` reaches back at most to 1970. */
const lastSchema = z
  .object({
    duration: z
      .string()
      .regex(/^\d{1,12}$/, 'duration must be a whole number from 1')
      .transform(Number)
      .refine((n) => n >= 1, 'duration must be a whole number from 1'),
    unit: z.string().transform((t, ctx) => {
      const s = unitSeconds(t);
      if (!s) {
        ctx.addIssue({
          code: 'custom',
          message: `unit must be one of minute, hour, day, week, month (got ${t.slice(0, 20)})`,
        });
        return z.NEVER;
      }
      return s;
    }),
  })
  .refine((p) => p.duration * p.unit <= Date.now() / 1000, {
    message: 'duration reaches back before 1970; choose a shorter duration',
  });

/**
 * `last/{duration}/{unit}` — either order, as the specs use both (`last/1/week`, `last/{unit}/{duration}`);
 * the period ends one second after `now`.
 */
export function parseLastPeriod(a: string, b: string, now: number): Period {
  const [duration, unit] = /^\d+$/.test(a) ? [a, b] : [b, a];
  const p = parseWith(lastSchema, { duration, unit });
  const end = now + 1;
  return { start: Math.max(0, end - p.duration * p.unit), end };
}

/** `timezone`: hours east of UTC, -12 to 14, in quarter hours; blank → the server's default. */
export function parseTimezone(text: string | undefined, dflt: number): number {
  if (text === undefined || text === '') return dflt;
  const n = /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n) || n < -12 || n > 14 || !Number.isInteger(n * 4))
    throw badRequest('timezone must be hours east of UTC, from -12 to 14 (in quarter hours)');
  return n;
}

/** A yes/no flag: true, 1, yes / false, 0, no (any case); blank → false. */
export function parseFlag(text: string | undefined, name: string): boolean {
  const s = text?.toLowerCase();
  if (s === undefined || s === '') return false;
  if (['true', '1', 'yes'].includes(s)) return true;
  if (['false', '0', 'no'].includes(s)) return false;
  throw badRequest(`${name} must be true or false`);
}

/** The texts of `period/{start}/{end}` path parameters, as /api/docs shows them. */
export const periodPathFields = {
  start: z.string().describe('epoch seconds, ISO 8601 or YYYY-MM-DD HH:mm:ss (UTC)'),
  end: z.string().describe('exclusive; same forms as start'),
};

/** `last/{duration}/{unit}` (either order) → the period that ends now. */
export const lastPeriodNow = (a: string, b: string): Period => parseLastPeriod(a, b, nowSeconds());
