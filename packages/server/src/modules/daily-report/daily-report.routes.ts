import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/session.ts';
import { nowSeconds } from '../telemetry/time.ts';
import { drawModel, drawPdf } from './render-pool.ts';
import { contentDisposition, loadReport, reportQuery, reportRequest } from './report.ts';
import { reportModelSchema } from './schemas.ts';
import { periodParams, reportVessel } from './summary-source.ts';

/**
 * The daily report (spec 002 §2.3, §7.3): GET /api/reports/report/print/period/{start}/{end} answers the PDF;
 * GET /api/reports/report/pages/period/{start}/{end} answers the same pages as data for the Daily Report screen.
 * Permission and vessel scope as the summary API: read on master_asset, a vessel the user may see.
 */
export const dailyReportRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const querystring = reportQuery(app.deps.config.tzOffset);

  typed.get(
    '/reports/report/print/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['reports'],
        summary: 'Daily report PDF of a vessel and period (A4 landscape; file name in content-disposition)',
        params: periodParams,
        querystring,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const r = reportRequest(req.params, req.query);
      const plan = await reportVessel(database, req, r.massId);
      const { model, pdf } = await drawPdf(await loadReport(database, plan, r, nowSeconds()));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(model.fileName))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  typed.get(
    '/reports/report/pages/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['reports'],
        summary: 'The daily report pages as data (tables, chart and map SVGs) for the Daily Report screen',
        params: periodParams,
        querystring,
        response: { 200: envelope(reportModelSchema) },
      },
    },
    async (req) => {
      const r = reportRequest(req.params, req.query);
      const plan = await reportVessel(database, req, r.massId);
      return ok(await drawModel(await loadReport(database, plan, r, nowSeconds())));
    },
  );
};
