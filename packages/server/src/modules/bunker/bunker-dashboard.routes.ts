import { bunkerDashboardSchema } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, notFound, ok } from '../../http/envelope.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { epochParam } from '../crud/register.ts';
import { bunkerMeter } from './bunker-detail.ts';
import { meterTotals } from './bunker-domain.ts';
import { finiteOrNull, storedNumber } from './finite.ts';

/** At most this many readings in one answer (spec 000 §9 series limit); `truncated` says when more exist. */
export const DASHBOARD_MAX_ROWS = 10000;

const num = storedNumber;
const avg = (vals: (number | null)[]) => {
  const xs = vals.filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};

/**
 * GET /api/bunker/dashboard/{massId}/period/{start}/{end} — the bunker dashboard (spec 002 §2.14): the
 * vessel's BUNKER_IN meter readings in the period `[start, end)` and its Bunker Summary (docs/domain.md §24.1, §24.6).
 * deviceId null: the vessel has no bunker meter.
 */
export const bunkerDashboardRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/bunker/dashboard/:massId/period/:start/:end',
    {
      schema: {
        tags: ['bunker_log'],
        summary: "A vessel's bunker meter readings and totals in a period (unix seconds)",
        params: z.object({
          massId: z.coerce.number({ error: 'massId must be a number' }).int('massId must be a number'),
          start: epochParam('start'),
          end: epochParam('end'),
        }),
        response: { 200: envelope(bunkerDashboardSchema) },
      },
      preValidation: requirePermission('master_bunker_log', 'read'),
    },
    async (req) => {
      const { massId, start, end } = req.params;
      if (end < start) throw badRequest('end must not be before start');
      const db = app.deps.database.db;
      const scope = await scopeContext(db, sessionOf(req));
      if (!scope.assetIds.includes(massId)) throw notFound('Asset');
      const meter = await bunkerMeter(db, massId);
      const raw = meter
        ? await db
            .selectFrom('telemetry_flowmeter')
            .select(['ts', 'massFlowrate', 'volumeFlowrate', 'massTotal', 'volumeTotal', 'density', 'temperature'])
            .where('deviceId', '=', meter.devcId)
            .where('ts', '>=', start)
            .where('ts', '<', end) // [start, end): the one period convention (docs/domain.md §1, §24.6)
            .orderBy('ts', 'desc')
            .limit(DASHBOARD_MAX_ROWS + 1)
            .execute()
        : [];
      const truncated = raw.length > DASHBOARD_MAX_ROWS;
      const rows = raw
        .slice(0, DASHBOARD_MAX_ROWS)
        .reverse()
        .map((r) => ({
          datetime: new Date(Number(r.ts) * 1000).toISOString(),
          timestamp: Number(r.ts),
          mass_flowrate: num(r.massFlowrate),
          volume_flowrate: num(r.volumeFlowrate),
          mass_total: num(r.massTotal),
          volume_total: num(r.volumeTotal),
          density: num(r.density),
          temperature: num(r.temperature),
        }));
      const totals = meterTotals(
        rows.map((r) => ({
          ts: r.timestamp,
          volumeTotal: r.volume_total,
          massTotal: r.mass_total,
          density: r.density,
          temperature: r.temperature,
        })),
      );
      const last = meter
        ? await db
            .selectFrom('telemetry_flowmeter')
            .select('ts')
            .where('deviceId', '=', meter.devcId)
            .orderBy('ts', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
      return ok({
        massId,
        deviceId: meter?.devcUniqueId ?? null,
        lastUpdate: last ? new Date(Number(last.ts) * 1000).toISOString() : null,
        // §32.2: sums and means that overflowed (absurd stored readings) are answered null
        summary: finiteOrNull({
          totalMass: totals.mass,
          totalVolume: totals.volume,
          totalVolume15: totals.volume15,
          resets: totals.resets,
          averageMassFlowrate: avg(rows.map((r) => r.mass_flowrate)),
          averageFlowrate: avg(rows.map((r) => r.volume_flowrate)),
          averageDens: totals.averageDensity,
          averageTemp: totals.averageTemperature,
        }),
        truncated,
        rows,
      });
    },
  );
};
