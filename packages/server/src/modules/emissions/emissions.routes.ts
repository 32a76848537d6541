import { dcsYearSchema, emissionsPeriodSchema } from '@fleet/shared/answers/emissions.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { runHeavy, sendJson } from '../summary/heavy.ts';
import { periodParams } from '../summary/summary-request.ts';
import { type EmissionsTaskArgs, emissionsRows, emissionsTask } from './emissions-task.ts';

/** A period's CO₂ covers at most this many days (a year, leap or not). */
export const MAX_PERIOD_DAYS = 366;
/** The first DCS year: the 2019 reference year of the CII (§39.4). */
export const FIRST_DCS_YEAR = 2019;

/**
 * Emissions (docs/domain.md §39), over the vessels the signed-in user may see; permission: read on `emissions`.
 * - GET /api/emissions/fleet/period/{start}/{end}: fuel, CO₂ and distance per vessel and the fleet's sums.
 * - GET /api/emissions/dcs/{year}: per vessel the DCS-style year with AER, cgDIST and the CII.
 * Long answers run in the heavy pool (emissions-task.ts), short ones in-process: the same bytes either way.
 */
export const emissionsRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/emissions/fleet/period/:start/:end',
    {
      preHandler: requirePermission('emissions', 'read'),
      schema: {
        tags: ['emissions'],
        summary: "Fuel, CO₂ and distance of every visible vessel and the fleet's totals for a period",
        params: periodParams,
        response: { 200: envelope(emissionsPeriodSchema) },
      },
    },
    async (req, reply) => {
      const { start, end } = req.params;
      if (end - start > MAX_PERIOD_DAYS * 86_400)
        throw badRequest('An emissions period covers at most 366 days: choose a shorter period');
      const assetIds = [...(await visibleAssetIds(database.db, sessionOf(req)))];
      const args: EmissionsTaskArgs = {
        kind: 'period',
        plan: { massId: assetIds[0] ?? 0 },
        assetIds,
        start,
        end,
        now: nowSeconds(),
      };
      return sendJson(
        reply,
        await runHeavy(app, reply, emissionsTask, args, emissionsRows(assetIds.length, start, end)),
      );
    },
  );

  api.get(
    '/emissions/dcs/:year',
    {
      preHandler: requirePermission('emissions', 'read'),
      schema: {
        tags: ['emissions'],
        summary: 'The IMO DCS-style year of every visible vessel with AER, cgDIST and the CII rating',
        params: z.object({ year: z.string().describe(`a calendar year from ${FIRST_DCS_YEAR} to the current one`) }),
        response: { 200: envelope(dcsYearSchema) },
      },
    },
    async (req, reply) => {
      const now = nowSeconds();
      const current = new Date(now * 1000).getUTCFullYear();
      const year = /^\d{4}$/.test(req.params.year) ? Number(req.params.year) : Number.NaN;
      if (!(year >= FIRST_DCS_YEAR && year <= current))
        throw badRequest(`year must be a year from ${FIRST_DCS_YEAR} to ${current}`);
      const assetIds = [...(await visibleAssetIds(database.db, sessionOf(req)))];
      const args: EmissionsTaskArgs = { kind: 'dcs', plan: { massId: assetIds[0] ?? 0 }, assetIds, year, now };
      // the DCS reporting period: the calendar year in UTC (§39.2)
      const rows = emissionsRows(assetIds.length, Date.UTC(year, 0, 1) / 1000, Date.UTC(year + 1, 0, 1) / 1000);
      return sendJson(reply, await runHeavy(app, reply, emissionsTask, args, rows));
    },
  );
};
