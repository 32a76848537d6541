import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import { visibleAssetIds } from '../access/scope.ts';
import { sessionOf } from '../auth/session.ts';
import type { SummaryUnit } from './summary-domain.ts';
import { UNIT_SECONDS } from './summary-domain.ts';
import { loadVesselPlan, type VesselPlan } from './summary-vessel.ts';
import { parseTime } from './time.ts';

/**
 * What the summary and combined-data calls share: the period in the path, the vessel, the bucket
 * unit and the timezone in the query — each checked with a message that says what to send.
 */
export const MAX_BUCKETS = 10000; // spec 000 §9 "Series queries limit 10000"

type Raw = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

export const periodParams = z.object({
  start: z.string().describe('epoch seconds, ISO 8601 or YYYY-MM-DD HH:mm:ss (UTC)'),
  end: z.string().describe('exclusive; same forms as start'),
});

/** Query fields both calls take (documented in /api/docs; checked by parsePeriodQuery). */
export const periodQueryFields = {
  devcMassId: z.string().optional().describe('the vessel (asset id), required'),
  aggregatedUnit: z.string().optional().describe('MINUTE, HOUR (default) or DAY'),
  aggregatedLength: z.string().optional().describe('1; MINUTE with 60 means HOUR, with 1440 DAY'),
  timezone: z.string().optional().describe('hours east of UTC, default the server TZ_OFFSET'),
};

export interface PeriodRequest {
  start: number;
  end: number;
  massId: number;
  unit: SummaryUnit;
  tz: number;
}

export function parsePeriodQuery(params: { start: string; end: string }, q: Raw, defaultTz: number): PeriodRequest {
  const start = parseTime(params.start);
  const end = parseTime(params.end);
  if (start === undefined) throw badRequest('start must be epoch seconds or a date-time');
  if (end === undefined) throw badRequest('end must be epoch seconds or a date-time');
  if (end <= start) throw badRequest('end must be after start');

  const massText = one(q.devcMassId);
  if (massText === undefined || massText === '') throw badRequest('devcMassId is required');
  const massId = Number(massText);
  if (!Number.isInteger(massId) || massId < 1) throw badRequest('devcMassId must be an asset id (a whole number)');

  const unitText = (one(q.aggregatedUnit) ?? 'HOUR').trim().toUpperCase();
  if (!(unitText in UNIT_SECONDS)) throw badRequest('aggregatedUnit must be MINUTE, HOUR or DAY');
  let unit = unitText as SummaryUnit;
  const lengthText = one(q.aggregatedLength);
  if (lengthText !== undefined && lengthText !== '') {
    const length = Number(lengthText);
    const seconds = UNIT_SECONDS[unit] * length;
    const named = (Object.entries(UNIT_SECONDS) as [SummaryUnit, number][]).find(([, s]) => s === seconds);
    if (!Number.isInteger(length) || length < 1 || !named)
      throw badRequest('aggregatedLength must make a MINUTE, HOUR or DAY bucket (1, or MINUTE × 60, or MINUTE × 1440)');
    unit = named[0];
  }

  const tzText = one(q.timezone);
  const tz = tzText === undefined || tzText === '' ? defaultTz : Number(tzText);
  if (!Number.isFinite(tz) || tz < -12 || tz > 14 || !Number.isInteger(tz * 4))
    throw badRequest('timezone must be hours from -12 to 14 (in quarter hours)');

  const buckets = Math.ceil((end - start) / UNIT_SECONDS[unit]);
  if (buckets > MAX_BUCKETS)
    throw badRequest(
      `The period holds ${buckets} ${unit} buckets; at most ${MAX_BUCKETS} — choose a shorter period or a longer unit`,
    );
  return { start, end, massId, unit, tz };
}

/** A yes/no query flag: true, 1, yes (any case). */
export function flag(v: string | string[] | undefined, name: string): boolean {
  const s = one(v)?.trim().toLowerCase();
  if (s === undefined || s === '') return false;
  if (['true', '1', 'yes'].includes(s)) return true;
  if (['false', '0', 'no'].includes(s)) return false;
  throw badRequest(`${name} must be true or false`);
}

/** Values of a repeated query parameter (`typesToGet[]=a&typesToGet[]=b`, `typesToGet=a,b`). */
export function listParam(q: Raw, name: string): string[] {
  const raw = [q[name], q[`${name}[]`]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  return raw
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The vessel, if the signed-in user may see it; another tenant's vessel is "not found" (docs/decisions.md). */
export async function visibleVessel(database: Database, req: FastifyRequest, massId: number): Promise<VesselPlan> {
  const visible = await visibleAssetIds(database.db, sessionOf(req));
  const plan = visible.includes(massId) ? await loadVesselPlan(database.db, massId) : null;
  if (!plan) throw notFound('Asset');
  return plan;
}
