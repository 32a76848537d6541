import { reportModelSchema } from '@fleet/shared/answers/daily-report.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission } from '../auth/session.ts';
import { runHeavy, stopHeavyOnClose } from '../summary/heavy.ts';
import { periodParams, visibleVessel, zoneTz } from '../summary/summary-request.ts';
import { type ReportQuery, reportQuery, reportRequest } from './report-request.ts';
import { checkReportSize } from './report-size.ts';
import { readModel, readPdf, reportTask } from './report-task.ts';

/**
 * The daily report (spec 002 §2.3, §7.3): GET /api/reports/report/print/period/{start}/{end} answers the PDF;
 * GET /api/reports/report/pages/period/{start}/{end} answers the same pages as data for the Daily Report screen.
 * Permission and vessel scope as the summary API: read on master_asset, a vessel the user may see. Both are written
 * in the request's language (Accept-Language, issue 27).
 */
export const dailyReportRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  stopHeavyOnClose(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const querystring = reportQuery();

  /**
   * The report summarised and drawn in the heavy pool (issue 23, 29) in the company's line, after its size was
   * checked (a report too large to draw is refused before anything is read). Drawing is never light work: whatever
   * its estimate, a report goes to a worker thread (in-process only where none can start).
   */
  const drawn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    period: Parameters<typeof reportRequest>[0],
    query: ReportQuery,
    pdf: boolean,
  ) => {
    const plan = await visibleVessel(database, req, query.massId);
    const r = reportRequest(period, await zoneTz(database, query, period, app.deps.config.defaultTimeZone));
    checkReportSize(plan, r);
    const { massId, ...report } = r;
    const args = { plan, report, now: nowSeconds(), pdf, language: requestLanguage(req) };
    return runHeavy(app, reply, reportTask, args, Number.POSITIVE_INFINITY);
  };

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
      const { model, pdf } = readPdf(await drawn(req, reply, req.params, req.query, true));
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
    async (req, reply) => {
      return ok(readModel(await drawn(req, reply, req.params, req.query, false)));
    },
  );
};
