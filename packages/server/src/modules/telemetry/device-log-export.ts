import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http/envelope.ts';
import {
  EXPORT_MEDIA_TYPE,
  type ExportCell,
  exportFileName,
  exportLanguage,
  exportTenant,
  keysetRows,
  rounded,
  sendExport,
  zoneClock,
  zoneMonthClock,
} from '../../http/export-stream.ts';
import { requestLanguage } from '../../http/language.ts';
import { parsePeriod, periodPathFields, type RawQuery } from '../../http/params.ts';
import { defineTexts, textsIn } from '../../i18n/texts.ts';
import { companyTimeZone } from '../access/time-zones.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { beforeHorizon, rawHorizon } from './raw-horizon.ts';
import { presentMetrics, type RawRow, rawRows } from './series.ts';
import { deviceField, namedDevices, pick, scopedDevices } from './series-request.ts';

/** The Device Log Detail's readings download needs what its screen's button needs. */
export const DEVICE_LOG_PERMISSION = 'master_device';

/** The file's texts: the list's name (docs/domain.md §44.2) and the Time column's title (web features/devices). */
export const DEVICE_LOG_EXPORT_TEXTS = defineTexts(
  { fileName: 'device-log', time: 'Time' },
  { fileName: 'log-perangkat', time: 'Waktu' },
);

/** Decimals a reading's number keeps in the file (the table shows at most 6). */
const READING_DECIMALS = 6;

/**
 * GET /api/series/base/period/{start}/{end}/export.csv and …/export.xlsx?device=<unique id or devc_id>: every stored
 * reading of one device of the caller's scope in the period, oldest first (issue 31; docs/api.md "Exports") — the
 * Device Log Detail's table, every reading and not only those loaded. The columns are Time, then each data key that
 * holds a value in the period (one aggregate read first), in the type's order; the rows are read in keyset pages of
 * the device's timestamps (a device has one reading a second at most: (device_id, ts) is the key).
 */
export const deviceLogExportRoutes: FastifyPluginAsync = async (app) => {
  for (const format of ['csv', 'xlsx'] as const)
    app.withTypeProvider<ZodTypeProvider>().get(
      `/series/base/period/:start/:end/export.${format}`,
      {
        schema: {
          tags: ['telemetry', 'exports'],
          summary: `A device's readings of a period as ${format.toUpperCase()} (streamed; docs/api.md "Exports")`,
          description:
            'device=<unique id or devc_id> (one); lang=en|id; ticket=… (POST /api/exports/ticket) in place of the header for a link',
          params: z.object(periodPathFields),
          querystring: z.looseObject({
            device: deviceField,
            lang: z.string().optional().describe('en or id: the file’s language'),
            ticket: z.string().optional().describe('a download ticket (POST /api/exports/ticket)'),
          }),
          produces: [EXPORT_MEDIA_TYPE[format]],
        },
        preValidation: requirePermission(DEVICE_LOG_PERMISSION, 'read'),
      },
      async (req, reply) => {
        const database = app.deps.database;
        const language = exportLanguage(req.query, requestLanguage(req));
        const range = parsePeriod(req.params.start, req.params.end);
        const named = namedDevices(req.query as RawQuery);
        if (named.length !== 1) throw badRequest('device must name one device (its unique id or devc_id)');
        const [device] = pick(await scopedDevices(app, req, named), named);
        if (!device) throw notFound('Device');
        const horizon = await rawHorizon(database);
        if (range.start < horizon) throw beforeHorizon(horizon, 'the raw readings');

        const zone = await companyTimeZone(database.db, sessionOf(req).activeCompId, app.deps.config.defaultTimeZone);
        const t = textsIn(DEVICE_LOG_EXPORT_TEXTS, language);
        const day = zoneClock(zone, 'date');
        const time = zoneMonthClock(zone, language, 'DD MMM YYYY HH:mm:ss');
        const fileName = exportFileName(
          [t('fileName'), day(range.start), day(range.end - 1), device.devcUniqueId],
          format,
        );
        const q = { type: device.type!, deviceIds: [device.devcId], start: range.start, end: range.end };
        const keys = device.type ? await presentMetrics(database, q) : [];
        const page = (after: RawRow | null, size: number) =>
          device.type ? rawRows(database, { ...q, start: after ? after.ts + 1 : q.start, limit: size }) : [];
        async function* pages(): AsyncGenerator<ExportCell[][]> {
          for await (const rows of keysetRows<RawRow>(async (a, n) => page(a, n)))
            yield rows.map((r) => [
              time(r.ts),
              ...keys.map((k) => {
                const v = r.values[k];
                return v === null || v === undefined ? null : rounded(Number(v), READING_DECIMALS);
              }),
            ]);
        }
        return sendExport(reply, {
          tenant: exportTenant(sessionOf(req)),
          format,
          fileName,
          language,
          sheetName: 'Data',
          header: [t('time'), ...keys],
          pages: pages(),
        });
      },
    );
};
