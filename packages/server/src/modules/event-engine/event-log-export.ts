import { EVENT_REASON_TEXTS, type EventReason } from '@fleet/shared/answers/events.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  afterRow,
  EXPORT_MEDIA_TYPE,
  type ExportCell,
  exportFileName,
  exportLanguage,
  exportTenant,
  keysetRows,
  sendExport,
  zoneClock,
} from '../../http/export-stream.ts';
import { requestLanguage } from '../../http/language.ts';
import { nowSeconds } from '../../http/time.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';
import { defineTexts, textsIn } from '../../i18n/texts.ts';
import { companyTimeZone } from '../access/time-zones.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { EVENT_LOG_PERMISSION, eventLogQuery, eventOrder, eventSelection, reasonOf } from './event-log.routes.ts';

/**
 * The Event Log's file (issue 31; docs/api.md "Exports"): the screen's columns with the texts it shows, in the file's
 * language — the same sheet the browser built before (web features/event-log), now read from the database page by
 * page and streamed. English verbatim from spec 002 §2.17; the reasons of the fuel watch as docs/domain.md §41.
 */
export const EVENT_EXPORT_TEXTS = defineTexts(
  {
    fileName: 'event-log',
    dateTime: 'Date Time',
    eventType: 'Event Type',
    reason: 'Reason',
    status: 'Status',
    priority: 'Priority',
    duration: 'Duration',
    active: 'Active',
    nonActive: 'Non Active',
    high: 'High',
    normal: 'Normal',
    ...EVENT_REASON_TEXTS.en,
  },
  {
    fileName: 'log-kejadian',
    dateTime: 'Tanggal Waktu',
    eventType: 'Jenis Kejadian',
    reason: 'Alasan',
    status: 'Status',
    priority: 'Prioritas',
    duration: 'Durasi',
    active: 'Aktif',
    nonActive: 'Tidak Aktif',
    high: 'Tinggi',
    normal: 'Normal',
    ...EVENT_REASON_TEXTS.id,
  },
);

/** Seconds → HH:mm:ss, hours past 99 kept; negative or not a number → 00:00:00 (spec 002 §5; the screen's rule). */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '00:00:00';
  const total = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** A fuel-watch reason's text with its numbers written as the screen writes them (2 decimals, hours 1, percent 2). */
export function reasonText(reason: EventReason, language: Language): string {
  const t = textsIn(EVENT_EXPORT_TEXTS, language);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(reason.values)) {
    if (k === 'engine') values[k] = v === 'PORT' || v === 'STARBOARD' ? t(v) : String(v);
    else if (typeof v !== 'number') values[k] = v;
    else if (k === 'percent' || k === 'protest') values[k] = `${formatNumber(v, language, [0, 2])}%`;
    else values[k] = formatNumber(v, language, k === 'hours' ? [0, 1] : [0, 2]);
  }
  return t(reason.key, values);
}

const COLUMNS = ['e.evntId', 'e.evntTimestamp', 'e.evntStatus', 'e.evntIsPriority', 'e.evntDuration', 'e.evntReason'];

/**
 * GET /api/log/event/event/period/{start}/{end}/export.csv and …/export.xlsx: every event the list route selects with
 * the same period, finds[…] and orders[…] (same permission, same visible gateways), streamed; `lang` names the file's
 * language (default: the request's).
 */
export const eventLogExportRoutes: FastifyPluginAsync = async (app) => {
  for (const format of ['csv', 'xlsx'] as const)
    app.withTypeProvider<ZodTypeProvider>().get(
      `/log/event/event/period/:start/:end/export.${format}`,
      {
        schema: {
          tags: ['event_log', 'exports'],
          summary: `The events of the Event Log as ${format.toUpperCase()} (streamed; docs/api.md "Exports")`,
          description:
            'The list route’s period, finds[…] and orders[…]; lang=en|id; ticket=… (POST /api/exports/ticket) in place of the header for a link',
          params: z.object({ start: z.string(), end: z.string() }),
          querystring: eventLogQuery.extend({
            lang: z.string().optional().describe('en or id: the file’s language'),
            ticket: z.string().optional().describe('a download ticket (POST /api/exports/ticket)'),
          }),
          produces: [EXPORT_MEDIA_TYPE[format]],
        },
        preValidation: requirePermission(EVENT_LOG_PERMISSION, 'read'),
      },
      async (req, reply) => {
        const db = app.deps.database.db;
        const language = exportLanguage(req.query, requestLanguage(req));
        const sel = await eventSelection(db, req);
        const zone = await companyTimeZone(db, sessionOf(req).activeCompId, app.deps.config.defaultTimeZone);
        const t = textsIn(EVENT_EXPORT_TEXTS, language);
        const clock = zoneClock(zone);
        const day = zoneClock(zone, 'date');

        // the file's name: the list, the period (its last day: the day of the period's last second), the filters
        const types = sel?.mevtIds.length
          ? await db.selectFrom('master_event').select('mevtType').where('mevtId', 'in', sel.mevtIds).execute()
          : [];
        const p = (req.params as { start: string; end: string }) ?? {};
        const start = sel?.start ?? Number(p.start);
        const end = sel?.end ?? Number(p.end);
        const fileName = exportFileName(
          [
            t('fileName'),
            day(start),
            day(end - 1),
            ...(sel?.deviceIds ?? []),
            ...types.map((m) => String(m.mevtType)),
            ...(sel?.priorities ?? []).map((v) => t(v === 1 ? 'high' : 'normal')),
            ...(sel?.statuses ?? []).map((v) => t(v === 1 ? 'active' : 'nonActive')),
          ],
          format,
        );

        const order = eventOrder(sel?.lq.orders ?? []);
        const now = nowSeconds();
        type Row = Record<string, unknown>;
        const page = async (after: Row | null, size: number): Promise<Row[]> => {
          if (!sel) return [];
          let q = sel.q.select([...COLUMNS, 'm.mevtType'] as never);
          if (after)
            q = q.where((eb) =>
              afterRow(
                eb,
                order.map(([f, d]) => [`e.${f}`, d, after[f]]),
              ),
            );
          for (const [f, d] of order) q = q.orderBy(`e.${f}`, d);
          return (await q.limit(size).execute()) as Row[];
        };
        async function* pages(): AsyncGenerator<ExportCell[][]> {
          for await (const rows of keysetRows(page))
            yield rows.map((r) => {
              const ts = Number(r.evntTimestamp);
              const status = Number(r.evntStatus);
              const stored = Number(r.evntDuration);
              const reason = reasonOf(r.evntReason);
              return [
                clock(ts),
                r.mevtType == null ? null : String(r.mevtType),
                reason ? reasonText(reason, language) : null,
                t(status === 1 ? 'active' : 'nonActive'),
                t(Number(r.evntIsPriority) === 1 ? 'high' : 'normal'),
                durationText(status === 1 ? Math.max(stored, now - ts) : stored),
              ];
            });
        }
        return sendExport(reply, {
          tenant: exportTenant(sessionOf(req)),
          format,
          fileName,
          language,
          sheetName: 'Data',
          header: [t('dateTime'), t('eventType'), t('reason'), t('status'), t('priority'), t('duration')],
          pages: pages(),
        });
      },
    );
};
