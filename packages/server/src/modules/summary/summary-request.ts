import { BUCKET_SECONDS, BUCKET_UNITS, type BucketUnit } from '@fleet/shared/time.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import {
  oneParam,
  type Period,
  parsePeriod,
  parseTimezone,
  periodPathFields,
  type RawQuery,
} from '../../http/params.ts';
import { assetTimeZone, offsetOr } from '../access/time-zones.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { sessionOf } from '../auth/session.ts';
import { loadVesselPlan, type VesselPlan } from './summary-vessel.ts';

/**
 * What the summary and combined-data calls share: the period in the path, the vessel, the bucket
 * unit and the timezone in the query — each checked with a message that says what to send.
 */
export const MAX_BUCKETS = 10000; // spec 000 §9 "Series queries limit 10000"

/** The period in the path, parsed by the route's schema: `req.params` is `{ start, end }` in epoch seconds. */
export const periodParams = z
  .object(periodPathFields)
  // parsePeriod answers a 400 with its message (thrown through the validator, as the handlers did before)
  .transform((p) => parsePeriod(p.start, p.end));

/** Query fields both calls take (documented in /api/docs; read by periodQuery). */
export const periodQueryFields = {
  devcMassId: z.string().optional().describe('the vessel (asset id), required'),
  aggregatedUnit: z.string().optional().describe('MINUTE, HOUR (default) or DAY'),
  aggregatedLength: z.string().optional().describe('1; MINUTE with 60 means HOUR, with 1440 DAY'),
  timezone: z
    .string()
    .optional()
    .describe("hours east of UTC; default the time zone of the vessel's company at the period's start"),
};

export interface PeriodRequest extends Period {
  massId: number;
  unit: BucketUnit;
  tz: number;
}

/** The query's vessel, unit and timezone; `tz` null: none given, the vessel's company's zone applies (`zoneTz`). */
export type PeriodFields = Omit<PeriodRequest, 'start' | 'end' | 'tz'> & { tz: number | null };

/**
 * The query of a summary or combined call: the shared period fields plus the route's own, parsed by one zod schema
 * that the route declares; `read` turns the texts into the route's values (400s with a message). The handler gets
 * `{ raw, ...read(raw) }`; the bucket limit, which needs the path's period, is checked by `periodRequest`.
 */
export function periodQuery<E extends z.ZodRawShape, T>(extra: E, read: (q: RawQuery) => T) {
  return z.looseObject({ ...periodQueryFields, ...extra }).transform((raw) => {
    const q = raw as RawQuery;
    return { ...readPeriodFields(q), ...read(q) };
  });
}

/**
 * The query's fields with their timezone: the one given, else the offset of the vessel's company's zone at the
 * period's start (docs/domain.md §1; `fallbackZone`: the installation's default, for a company without one).
 */
export async function zoneTz<Q extends PeriodFields>(
  database: Database,
  q: Q,
  period: Period,
  fallbackZone: string,
): Promise<Q & { tz: number }> {
  const zone = q.tz === null ? await assetTimeZone(database.db, q.massId, fallbackZone) : fallbackZone;
  return { ...q, tz: offsetOr(q.tz, zone, period.start) };
}

/** The period of the path with the query's vessel, unit and timezone; refuses more than MAX_BUCKETS buckets. */
export function periodRequest(period: Period, q: PeriodFields & { tz: number }): PeriodRequest {
  const { start, end } = period;
  const buckets = Math.ceil((end - start) / BUCKET_SECONDS[q.unit]);
  if (buckets > MAX_BUCKETS)
    throw badRequest(
      `The period holds ${buckets} ${q.unit} buckets; at most ${MAX_BUCKETS} — choose a shorter period or a longer unit`,
    );
  return { start, end, massId: q.massId, unit: q.unit, tz: q.tz };
}

function readPeriodFields(q: RawQuery): PeriodFields {
  const massText = oneParam(q, 'devcMassId');
  if (massText === undefined) throw badRequest('devcMassId is required');
  const massId = /^\d{1,9}$/.test(massText) ? Number(massText) : 0;
  if (massId < 1) throw badRequest('devcMassId must be an asset id (a whole number)');

  const unitText = (oneParam(q, 'aggregatedUnit') ?? 'HOUR').toUpperCase();
  if (!Object.hasOwn(BUCKET_SECONDS, unitText)) throw badRequest('aggregatedUnit must be MINUTE, HOUR or DAY');
  let unit = unitText as BucketUnit;
  const lengthText = oneParam(q, 'aggregatedLength');
  if (lengthText !== undefined) {
    const length = Number(lengthText);
    const seconds = BUCKET_SECONDS[unit] * length;
    const named = BUCKET_UNITS.find((u) => BUCKET_SECONDS[u] === seconds);
    if (!Number.isInteger(length) || length < 1 || !named)
      throw badRequest('aggregatedLength must make a MINUTE, HOUR or DAY bucket (1, or MINUTE × 60, or MINUTE × 1440)');
    unit = named;
  }

  const text = oneParam(q, 'timezone');
  const tz = text === undefined || text === '' ? null : parseTimezone(text, 0);
  return { massId, unit, tz };
}

/** The vessel, if the signed-in user may see it; another tenant's vessel is "not found" (docs/decisions.md). */
export async function visibleVessel(database: Database, req: FastifyRequest, massId: number): Promise<VesselPlan> {
  const visible = await visibleAssetIds(database.db, sessionOf(req));
  const plan = visible.includes(massId) ? await loadVesselPlan(database.db, massId) : null;
  if (!plan) throw notFound('Asset');
  return plan;
}
