import type { AuditEntry } from '@fleet/shared/answers/audit.ts';
import { auditFields, columnLabel, type ResourceDef } from '@fleet/shared/resources/define.ts';
import { resources } from '@fleet/shared/resources/index.ts';
import { indonesianDef, indonesianOption } from '@fleet/shared/resources/indonesian.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../http/envelope.ts';
import {
  afterRow,
  EXPORT_MEDIA_TYPE,
  type ExportCell,
  exportFileName,
  exportLanguage,
  exportTenant,
  keysetRows,
  type MonthClockFormat,
  sendExport,
  zoneClock,
  zoneMonthClock,
} from '../../http/export-stream.ts';
import { requestLanguage } from '../../http/language.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';
import { defineTexts, textsIn } from '../../i18n/texts.ts';
import { companyTimeZone } from '../access/time-zones.ts';
import { requireAuth, sessionOf } from '../auth/session.ts';
import { auditEntries, auditQuery, auditSelection, readsAnyResource } from './audit.routes.ts';
import type { Row } from './rows.ts';

/**
 * The Audit Trail's file (issue 31; docs/api.md "Exports"): the screen's columns with the texts it shows, in the
 * file's language — the sheet the browser built before (web components/resource/AuditEntries.tsx), now read from the
 * database page by page and streamed. Texts as the web's resource catalogue (components/resource/texts.ts).
 */
export const AUDIT_EXPORT_TEXTS = defineTexts(
  {
    fileName: 'audit-trail',
    time: 'Time',
    user: 'User',
    recordType: 'Record Type',
    record: 'Record',
    recordId: 'ID {{id}}',
    action: 'Action',
    changes: 'Changes',
    create: 'Created',
    update: 'Updated',
    delete: 'Deleted',
    restore: 'Restored',
    'end-sessions': 'Sessions ended',
    'send-reset-link': 'Reset link sent',
    unlock: 'Unlocked',
    restoredLater: 'Restored since',
    alsoDeleted: 'Also deleted: {{list}}',
    alsoRestored: 'Also restored: {{list}}',
  },
  {
    fileName: 'jejak-audit',
    time: 'Waktu',
    user: 'Pengguna',
    recordType: 'Jenis Data',
    record: 'Data',
    recordId: 'ID {{id}}',
    action: 'Aksi',
    changes: 'Perubahan',
    create: 'Dibuat',
    update: 'Diubah',
    delete: 'Dihapus',
    restore: 'Dipulihkan',
    'end-sessions': 'Sesi diakhiri',
    'send-reset-link': 'Tautan reset dikirim',
    unlock: 'Dibuka kuncinya',
    restoredLater: 'Sudah dipulihkan',
    alsoDeleted: 'Ikut dihapus: {{list}}',
    alsoRestored: 'Ikut dipulihkan: {{list}}',
  },
);

const defIn = (def: ResourceDef, language: Language) => (language === 'id' ? indonesianDef(def) : def);

/** A resource's record type: its list title without "List" / "Daftar" (web components/resource/audit.ts). */
export function recordTitle(def: ResourceDef, language: Language): string {
  const title = defIn(def, language).texts.title;
  return language === 'id' ? title.replace(/^Daftar /, '') : title.replace(/ List$/, '');
}

/** A record's name: its first plain text column's value (web components/resource/audit.ts `recordName`). */
function recordName(def: ResourceDef | undefined, row: Row | null): string | null {
  if (!def || !row) return null;
  const column = def.columns.find((c) => !c.includes('.') && def.fields[c]?.kind === 'text');
  const value = column ? row[column] : undefined;
  return value === undefined || value === null || value === '' ? null : String(value);
}

const valueAt = (row: Row, path: string): unknown =>
  path in row ? row[path] : path.split('.').reduce<any>((v, k) => (v == null ? undefined : v[k]), row);

/**
 * The cells of a page of entries, as the screen writes them (web components/resource/format.ts `formatValue` and
 * AuditEntries' `sheet`): times on the company's clock, option labels in the file's language, JSON cut at 60.
 */
export function auditCells(zone: string, language: Language) {
  const t = textsIn(AUDIT_EXPORT_TEXTS, language);
  const clock = (format: MonthClockFormat) => zoneMonthClock(zone, language, format);
  const entryTime = clock('DD MMMM YYYY HH:mm');
  const clocks = { date: clock('DD MMMM YYYY'), dateTime: clock('DD MMMM YYYY HH:mm:ss') };

  /** a stored time as the web's formatDate shows it: a calendar date as written, an instant on the company's clock */
  const formatDate = (v: unknown, what: 'date' | 'dateTime'): string | null => {
    if (v === null || v === undefined || v === '') return null;
    const dateOnly = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    const ms = typeof v === 'number' ? v : dateOnly ? Date.parse(`${v}T00:00:00Z`) : Date.parse(String(v));
    if (!Number.isFinite(ms)) return String(v);
    return dateOnly
      ? zoneMonthClock('UTC', language, what === 'date' ? 'DD MMMM YYYY' : 'DD MMMM YYYY HH:mm:ss')(ms / 1000)
      : clocks[what](ms / 1000);
  };

  const formatValue = (def: ResourceDef, column: string, row: Row): unknown => {
    const audit = auditFields(def);
    const value = valueAt(row, column);
    const field = def.fields[column];
    if (audit && (column === audit.createdTime || column === audit.updatedTime)) return formatDate(value, 'date');
    if (!field) return value;
    if (field.kind === 'ref') {
      const join = def.joins.find((j) => j.localField === column);
      const label = join ? valueAt(row, `${join.as}.${field.ref?.labelField}`) : undefined;
      return label ?? value ?? null;
    }
    if (value === null || value === undefined || value === '') return null;
    switch (field.kind) {
      case 'select': {
        const option = field.options?.find((o) => String(o.value) === String(value));
        return option ? (language === 'id' ? indonesianOption(option) : option).label : String(value);
      }
      case 'datetime':
        return formatDate(value, 'dateTime');
      case 'json': {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        return text.length > 60 ? `${text.slice(0, 57)}…` : text;
      }
      default:
        return value;
    }
  };
  const shown = (def: ResourceDef | undefined, field: string, row: Row | null): string => {
    if (!row) return '-';
    const v = def ? formatValue(def, field, row) : row[field];
    return v === null || v === undefined || v === '' ? '-' : String(v);
  };
  const titleOf = (resource: string, fallback: string) => {
    const def = resources[resource];
    return def ? recordTitle(def, language) : fallback;
  };
  const changes = (e: AuditEntry): string => {
    if (e.action === 'update') {
      const base = resources[e.resource] as ResourceDef | undefined;
      const def = base && defIn(base, language);
      const audit = def ? auditFields(def) : null;
      const lines = e.changed
        .filter((f) => !audit || !Object.values(audit).includes(f))
        .map((f) => {
          const label = def ? (def.fields[f]?.label ?? columnLabel(def, f)) : f;
          return `${label}: ${shown(def, f, e.before as Row | null)} → ${shown(def, f, e.after as Row | null)}`;
        });
      return lines.length ? lines.join('\n') : '-';
    }
    if (e.action !== 'create' && e.dependents.length)
      return t(e.action === 'delete' ? 'alsoDeleted' : 'alsoRestored', {
        list: e.dependents
          .map((d) => `${titleOf(d.resource, d.title)} (${formatNumber(d.count, language, 0)})`)
          .join(', '),
      });
    return '-';
  };
  return {
    header: [t('time'), t('user'), t('recordType'), t('record'), t('action'), t('changes')],
    row: (e: AuditEntry): ExportCell[] => [
      entryTime(e.time),
      e.userName ?? e.userId,
      titleOf(e.resource, e.title),
      [recordName(resources[e.resource], (e.after ?? e.before) as Row | null), t('recordId', { id: e.rowId })]
        .filter(Boolean)
        .join(' '),
      [t(e.action), e.action === 'delete' && e.linkId !== null ? t('restoredLater') : ''].filter(Boolean).join(' '),
      changes(e),
    ],
  };
}

/**
 * GET /api/audit/export.csv and …/export.xlsx: every entry the list route selects with the same filters (the same
 * resources, the same visibility), newest first, streamed; `lang` names the file's language (default: the
 * request's). 403 for a session that may read no resource (the Audit Trail screen's permission).
 */
export const auditExportRoutes: FastifyPluginAsync = async (app) => {
  for (const format of ['csv', 'xlsx'] as const)
    app.withTypeProvider<ZodTypeProvider>().get(
      `/audit/export.${format}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['audit', 'exports'],
          summary: `The Audit Trail as ${format.toUpperCase()} (streamed; docs/api.md "Exports")`,
          description:
            'The list route’s filters; lang=en|id; ticket=… (POST /api/exports/ticket) in place of the header for a link',
          querystring: auditQuery.extend({
            lang: z.string().optional().describe('en or id: the file’s language'),
            ticket: z.string().optional().describe('a download ticket (POST /api/exports/ticket)'),
          }),
          produces: [EXPORT_MEDIA_TYPE[format]],
        },
      },
      async (req, reply) => {
        const db = app.deps.database.db;
        const session = sessionOf(req);
        if (!readsAnyResource(session)) throw forbidden('You do not have read access to any master data');
        const language = exportLanguage(req.query, requestLanguage(req));
        const q = req.query;
        const sel = await auditSelection(db, session, q);
        const zone = await companyTimeZone(db, session.activeCompId, app.deps.config.defaultTimeZone);
        const t = textsIn(AUDIT_EXPORT_TEXTS, language);
        const day = zoneClock(zone, 'date');
        const fileName = exportFileName(
          [
            t('fileName'),
            q.from === undefined ? null : day(q.from),
            q.to === undefined ? null : day(q.to - 1),
            q.resource,
            q.userId,
            q.action === undefined ? null : t(q.action),
          ],
          format,
        );
        const cells = auditCells(zone, language);
        type Stored = Record<string, unknown>;
        const page = async (after: Stored | null, size: number): Promise<Stored[]> => {
          if (!sel) return [];
          let p = sel.selectAll();
          if (after) p = p.where((eb) => afterRow(eb, [['audtId', 'desc', after.audtId]]));
          return (await p.orderBy('audtId', 'desc').limit(size).execute()) as Stored[];
        };
        async function* pages(): AsyncGenerator<ExportCell[][]> {
          for await (const rows of keysetRows(page)) yield (await auditEntries(db, session, rows)).map(cells.row);
        }
        return sendExport(reply, {
          tenant: exportTenant(session),
          format,
          fileName,
          language,
          sheetName: 'Data',
          header: cells.header,
          pages: pages(),
        });
      },
    );
};
