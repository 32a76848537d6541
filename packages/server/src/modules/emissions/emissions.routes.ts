import { dcsYearSchema, emissionsPeriodSchema } from '@fleet/shared/answers/emissions.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { periodParams } from '../summary/summary-request.ts';
import { motionTotals } from '../voyages/motion-hours.ts';
import { ciiOf, intensity } from './cii.ts';
import { periodFigures, vesselFacts } from './emissions-read.ts';

/** A period's CO₂ covers at most this many days (a year, leap or not). */
export const MAX_PERIOD_DAYS = 366;
/** The first DCS year: the 2019 reference year of the CII (§39.4). */
export const FIRST_DCS_YEAR = 2019;

const sum = (xs: (number | null)[]) => xs.reduce<number>((t, x) => t + (x ?? 0), 0);

/**
 * Emissions (docs/domain.md §39), over the vessels the signed-in user may see; permission: read on `emissions`.
 * - GET /api/emissions/fleet/period/{start}/{end}: fuel, CO₂ and distance per vessel and the fleet's sums.
 * - GET /api/emissions/dcs/{year}: per vessel the DCS-style year with AER, cgDIST and the CII.
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
    async (req) => {
      const { start, end } = req.params;
      if (end - start > MAX_PERIOD_DAYS * 86_400)
        throw badRequest(`An emissions period covers at most ${MAX_PERIOD_DAYS} days: choose a shorter period`);
      const facts = await vesselFacts(database.db, await visibleAssetIds(database.db, sessionOf(req)));
      const now = nowSeconds();
      const vessels = [];
      for (const f of facts) {
        const figures = await periodFigures(database, f.massId, { start, end, now });
        vessels.push({ massId: f.massId, massName: f.massName, fuelType: f.fuelType, ...figures });
      }
      return ok({
        start,
        end,
        vessels,
        fleet: {
          fuelLitres: sum(vessels.map((v) => v.fuelLitres)),
          fuelTonnes: sum(vessels.map((v) => v.fuelTonnes)),
          co2Tonnes: sum(vessels.map((v) => v.co2Tonnes)),
          distanceNm: sum(vessels.map((v) => v.distanceNm)),
          vesselsWithoutCo2: vessels.filter((v) => v.co2Tonnes === null).length,
        },
      });
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
    async (req) => {
      const now = nowSeconds();
      const current = new Date(now * 1000).getUTCFullYear();
      const year = /^\d{4}$/.test(req.params.year) ? Number(req.params.year) : Number.NaN;
      if (!(year >= FIRST_DCS_YEAR && year <= current))
        throw badRequest(`year must be a year from ${FIRST_DCS_YEAR} to ${current}`);
      // the DCS reporting period: the calendar year in UTC (§39.2)
      const start = Date.UTC(year, 0, 1) / 1000;
      const end = Date.UTC(year + 1, 0, 1) / 1000;
      const facts = await vesselFacts(database.db, await visibleAssetIds(database.db, sessionOf(req)));
      const motion = await motionTotals(
        database,
        facts.map((f) => f.massId),
        start,
        end,
      );
      const vessels = [];
      for (const f of facts) {
        const figures = await periodFigures(database, f.massId, { start, end, now });
        const moved = motion.get(f.massId);
        const { cii, reason } = ciiOf({ ...figures, gt: f.gt, dwt: f.dwt, ciiType: f.ciiType, year });
        vessels.push({
          ...f,
          ...figures,
          hoursUnderway: (moved?.underwaySeconds ?? 0) / 3600,
          aer: intensity(figures.co2Tonnes, f.dwt, figures.distanceNm),
          cgDist: intensity(figures.co2Tonnes, f.gt, figures.distanceNm),
          cii,
          ciiReason: reason,
        });
      }
      return ok({ year, start, end, partial: now < end, vessels });
    },
  );
};
