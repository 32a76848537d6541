import {
  bodySchema,
  bulkDeletePreviewSchema,
  type FieldDef,
  importAnswerSchema,
  MAX_BULK,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ResourceDef,
} from '@fleet/shared';
import { readDecimal } from '@fleet/shared/decimal.ts';
import { indonesianDef } from '@fleet/shared/resources/indonesian.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, envelope, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { documentedAs } from '../../http/openapi.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { requirePermission } from '../auth/session.ts';
import { type Dependent, dependentCounts, goneWith, pointingRows, recordAudit } from './audit.ts';
import { hookContext, updateStored, visibleStored } from './context.ts';
import type { HookContext, ResourceHooks } from './hooks.ts';
import { type ImportCell, readTable } from './import-file.ts';
import { getStored, type Row } from './rows.ts';
import { resourceByName, visibleWhere } from './visible-where.ts';
import {
  checkReferences,
  checkRules,
  checkUnique,
  checkWritable,
  explainConstraint,
  refuseWhileInUse,
  resourceTitle,
  storedValues,
  withAudit,
} from './write.ts';

export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB: split it into smaller files`;
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${MAX_IMPORT_ROWS} rows: split it into smaller files`;
export const NO_HEADER_MESSAGE = 'The file has no header row naming its columns';
export const AMBIGUOUS_MESSAGE = (label: string, value: string) =>
  `${label} "${value}" names more than one record: write its id instead`;
export const NOT_FOUND_NAMED_MESSAGE = (label: string, value: string) => `${label} "${value}" not found`;
export const SAME_IN_FILE_MESSAGE = (line: number) => `The same as line ${line} of the file`;

/** A refusal of one row of a bulk action or import, naming the row: the whole action is refused (nothing written). */
const refusal = (e: unknown, what: 'delete' | 'assign' | 'import', name: string) => {
  if (!(e instanceof AppError)) return e;
  const reason = e.fieldMessages ? Object.values(e.fieldMessages).flat().join('; ') : e.message;
  const message =
    what === 'delete'
      ? `Nothing was deleted: ${name}: ${reason}`
      : what === 'assign'
        ? `Nothing was changed: ${name}: ${reason}`
        : `Nothing was imported: ${name}: ${reason}`;
  return new AppError(e.httpStatus, message, e.errorCode);
};

/** What names a row in a refusal: its first text column (a device's name), else its id. */
function rowName(def: ResourceDef, row: Row): string {
  const field = def.columns.find((c) => def.fields[c]?.kind === 'text');
  const v = field ? row[field] : undefined;
  return v === undefined || v === null || v === '' ? `ID ${String(row[def.id])}` : String(v);
}

const idsSchema = (def: ResourceDef) =>
  z
    .array(def.idKind === 'text' ? z.string().min(1) : z.number().int().positive(), { error: 'ids must be a list' })
    .min(1, 'Select at least one row')
    .max(MAX_BULK, `At most ${MAX_BULK} rows at a time`)
    .transform((ids) => [...new Set(ids)] as (string | number)[]);

/** The messages of a failed check, as a list (a field's messages, or the one message). */
const messagesOf = (e: AppError) => (e.fieldMessages ? Object.values(e.fieldMessages).flat() : [e.message]);

/**
 * Issue 28 (docs/api.md "Bulk actions and imports"): POST {path}/bulk-delete, {path}/bulk-assign (when the definition
 * names a `bulkAssign` field) and {path}/import (when it names `importFields`). Each is permission-checked and
 * tenant-scoped like the single-row calls it stands for, runs the same checks and hooks, leaves one audit entry per
 * row (a deleted row is restorable like any), and is all or nothing: a row refused refuses the action, naming it.
 */
export function registerBulk(app: FastifyInstance, def: ResourceDef, hooks: ResourceHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/master/${def.path}`;
  const tags = [def.name];
  const title = resourceTitle(def);

  /** deletes the rows in one transaction (rolled back for a preview); answers what went with them */
  const PREVIEW = new Error('preview');
  const deleteAll = async (ctx: HookContext, stored: Row[], preview: boolean, gone: Dependent[]) => {
    // a row whose delete failed: explained after the rollback (PostgreSQL reads nothing more in an aborted transaction)
    let failed: { err: unknown; row: Row } | null = null;
    try {
      await deleteInTransaction(ctx, stored, preview, gone, (err, row) => {
        failed = { err, row };
      });
    } catch (err) {
      const f = failed as { err: unknown; row: Row } | null;
      if (!f || f.err !== err) throw err;
      throw refusal(await explainConstraint(ctx.db, def, err, 'delete', f.row[def.id]), 'delete', rowName(def, f.row));
    }
  };
  const deleteInTransaction = async (
    ctx: HookContext,
    stored: Row[],
    preview: boolean,
    gone: Dependent[],
    onFailure: (err: unknown, row: Row) => void,
  ) => {
    await ctx.db.transaction().execute(async (trx) => {
      const tctx = { ...ctx, db: trx };
      for (const row of stored) {
        const id = row[def.id];
        try {
          const pointing = await pointingRows(trx, def, id);
          await hooks.beforeDelete?.(tctx, row);
          await trx
            .deleteFrom(def.table)
            .where(def.id, '=', id as never)
            .execute();
          const dependents = await goneWith(trx, pointing);
          gone.push(...dependents);
          await recordAudit(trx, {
            userId: ctx.session.userId,
            def,
            rowId: id,
            action: 'delete',
            before: row,
            after: null,
            dependents,
          });
        } catch (err) {
          onFailure(err, row);
          throw err;
        }
      }
      if (preview) throw PREVIEW;
    });
  };

  r.post(
    `${base}/bulk-delete`,
    {
      schema: {
        tags,
        summary: `Delete several ${title} rows at once (all or nothing); preview: what would go with them`,
        body: z.object({ ids: idsSchema(def), preview: z.boolean().optional() }),
        response: { 200: envelope(bulkDeletePreviewSchema) },
      },
      preValidation: requirePermission(def.permission, 'delete'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      const { ids, preview } = req.body;
      // a row the user may not see (another tenant's) is answered as missing, as a single delete is: nothing goes
      const stored: Row[] = [];
      for (const id of ids) stored.push(await visibleStored(def, ctx, id));
      let refused: string | null = null;
      const gone: Dependent[] = [];
      try {
        for (const row of stored) {
          try {
            await checkWritable(ctx.db, def, ctx.scope, row);
            if (def.scope.kind === 'global') await refuseWhileInUse(ctx.db, def, row);
          } catch (err) {
            throw refusal(err, 'delete', rowName(def, row));
          }
        }
        await deleteAll(ctx, stored, preview === true, gone);
      } catch (err) {
        if (err !== PREVIEW) {
          if (!preview || !(err instanceof AppError)) throw err;
          refused = translateMessage(err.message, requestLanguage(req));
        }
      }
      if (!preview) {
        for (const row of stored) {
          hooks.afterCommit?.(ctx, row[def.id]);
          await hooks.afterDelete?.(ctx, row);
        }
      }
      return ok({ count: stored.length, goes: refused ? [] : dependentCounts(gone), refused });
    },
  );

  const assignField = def.bulkAssign;
  if (assignField) {
    const field = def.fields[assignField];
    r.post(
      `${base}/bulk-assign`,
      {
        schema: {
          tags,
          summary: `Set ${field.label} of several ${title} rows at once (all or nothing)`,
          body: z.object({ ids: idsSchema(def), value: documentedAs(field.schema) }),
          response: { 200: envelope(z.object({ count: z.number().int(), changed: z.number().int() })) },
        },
        preValidation: requirePermission(def.permission, 'update'),
      },
      async (req) => {
        const ctx = await hookContext(app, req, hooks);
        const { ids, value } = req.body;
        const parsed = field.schema.safeParse(value);
        if (!parsed.success) throw badRequest({ [assignField]: parsed.error.issues.map((i) => i.message) });
        const values = { [assignField]: parsed.data };
        await checkReferences(ctx.db, def, ctx.scope, values);
        const stored: Row[] = [];
        for (const id of ids) stored.push(await visibleStored(def, ctx, id));
        const changing = stored.filter((row) => row[assignField] !== parsed.data);
        for (const row of changing) {
          try {
            await checkWritable(ctx.db, def, ctx.scope, row);
            checkRules(def, { ...row, ...values });
            if (def.unique.some((u) => u.fields.includes(assignField)))
              await checkUnique(ctx.db, def, { ...row, ...values }, row[def.id]);
          } catch (err) {
            throw refusal(err, 'assign', rowName(def, row));
          }
        }
        await ctx.db.transaction().execute(async (trx) => {
          const tctx = { ...ctx, db: trx };
          for (const row of changing) {
            const id = row[def.id];
            try {
              await updateStored(tctx, def, hooks, row, id, values);
            } catch (err) {
              throw refusal(await explainConstraint(trx, def, err, 'write'), 'assign', rowName(def, row));
            }
          }
        });
        for (const row of changing) hooks.afterCommit?.(ctx, row[def.id]);
        return ok({ count: stored.length, changed: changing.length });
      },
    );
  }

  const importFields = def.importFields;
  if (importFields) {
    r.post(
      `${base}/import`,
      {
        schema: {
          tags,
          summary: `Read a CSV or XLSX file of ${title} rows: preview (commit false), or store its valid rows`,
          body: z.object({
            fileName: z.string().max(255),
            content: z.string().max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 8, FILE_TOO_LARGE_MESSAGE),
            fixed: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
            commit: z.boolean().optional(),
          }),
          response: { 200: envelope(importAnswerSchema) },
        },
        bodyLimit: Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 64 * 1024,
        preValidation: requirePermission(def.permission, 'create'),
      },
      async (req) => {
        const ctx = await hookContext(app, req, hooks);
        const language = requestLanguage(req);
        const { fileName, content, commit } = req.body;
        const bytes = Buffer.from(content, 'base64');
        if (bytes.length > MAX_IMPORT_BYTES) throw badRequest(FILE_TOO_LARGE_MESSAGE);
        // the values every row gets (the tank header of a sounding table): only fields the file does not fill
        const fixed: Row = {};
        for (const [k, v] of Object.entries(req.body.fixed ?? {})) {
          if (!def.fields[k] || importFields.includes(k) || def.fields[k].readOnly) {
            throw badRequest(`fixed[${k}] is not a field of this import`);
          }
          fixed[k] = v;
        }
        await checkReferences(ctx.db, def, ctx.scope, fixed);

        const table = readTable(bytes, fileName);
        while (table.length && table[table.length - 1].every(blank)) table.pop();
        const header = table[0];
        if (!header || header.every(blank)) throw badRequest(NO_HEADER_MESSAGE);
        if (table.length - 1 > MAX_IMPORT_ROWS) throw badRequest(TOO_MANY_ROWS_MESSAGE);
        const columns = mapColumns(def, importFields, header);

        const schema = bodySchema(def, 'create');
        const seen = new Map<string, number>();
        const rows: { line: number; cells: Record<string, ImportCell>; errors: string[]; values?: Row }[] = [];
        for (let i = 1; i < table.length; i++) {
          const raw = table[i];
          if (raw.every(blank)) continue;
          const line = i + 1;
          const cells: Record<string, ImportCell> = {};
          const body: Row = {};
          const errors: string[] = [];
          for (const [col, c] of columns.entries()) {
            if (!c.field) continue;
            const cell = raw[col] ?? null;
            cells[c.field] = cell;
            const read = await readCell(ctx, def.fields[c.field], cell, language);
            if (read.error) errors.push(read.error);
            else if (read.value !== undefined) body[c.field] = read.value;
          }
          Object.assign(body, fixed);
          let values: Row | undefined;
          if (!errors.length) {
            const parsed = schema.safeParse(body);
            if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issue.message));
            else {
              values = await storedValues(def, parsed.data as Row, 'create');
              try {
                checkRules(def, values);
                await hooks.prepareCreate?.(ctx, values);
                await checkWritable(ctx.db, def, ctx.scope, values);
                await checkReferences(ctx.db, def, ctx.scope, values);
                await checkUnique(ctx.db, def, values);
              } catch (err) {
                if (!(err instanceof AppError)) throw err;
                errors.push(...messagesOf(err));
              }
              // two rows of the file that would clash with each other: the second is refused
              for (const u of def.unique) {
                if (errors.length) break;
                const key = JSON.stringify(u.fields.map((f) => String(values![f] ?? '').toLowerCase()));
                const first = seen.get(`${u.fields.join()}|${key}`);
                if (first !== undefined) errors.push(`${SAME_IN_FILE_MESSAGE(first)}: ${u.message}`);
                else seen.set(`${u.fields.join()}|${key}`, line);
              }
            }
          }
          rows.push({ line, cells, errors: errors.map((m) => translateMessage(m, language)), values });
        }
        const good = rows.filter((row) => row.errors.length === 0);
        if (commit && good.length) {
          const ids: unknown[] = [];
          await ctx.db.transaction().execute(async (trx) => {
            const tctx = { ...ctx, db: trx };
            for (const row of good) {
              const values = row.values!;
              try {
                await hooks.beforeCreate?.(tctx, values);
                const inserted = await trx
                  .insertInto(def.table)
                  .values(withAudit(def, values, ctx.session.userId, 'create'))
                  .returning(def.id)
                  .executeTakeFirstOrThrow();
                const id = inserted[def.id];
                await hooks.afterCreate?.(tctx, id, values);
                const after = (await getStored(trx, def, null, id))!;
                await recordAudit(trx, {
                  userId: ctx.session.userId,
                  def,
                  rowId: id,
                  action: 'create',
                  before: null,
                  after,
                });
                ids.push(id);
              } catch (err) {
                throw refusal(await explainConstraint(trx, def, err, 'write'), 'import', `line ${row.line}`);
              }
            }
          });
          for (const id of ids) hooks.afterCommit?.(ctx, id);
        }
        return ok({
          columns: columns.map((c) => ({ header: c.header, field: c.field })),
          rows: rows.map(({ line, cells, errors }) => ({ line, cells, errors })),
          valid: good.length,
          rejected: rows.length - good.length,
          imported: commit ? good.length : 0,
        });
      },
    );
  }
}

const blank = (c: ImportCell | undefined) => c === null || c === undefined || String(c).trim() === '';
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Which field each column of the header fills: a column is named by the field's key, or its label or column header
 * in English or Bahasa Indonesia ('Height', 'Tinggi'; 'Asset', 'Link to Asset', 'Aset Terkait'). Others are ignored.
 */
function mapColumns(def: ResourceDef, fields: string[], header: ImportCell[]) {
  const id = indonesianDef(def);
  const names = new Map<string, string>();
  for (const f of fields) {
    const labels = [f, def.fields[f].label, id.fields[f]?.label];
    for (const j of def.joins.filter((j) => j.localField === f))
      for (const k of j.fields) labels.push(def.labels[`${j.as}.${k}`], id.labels[`${j.as}.${k}`]);
    for (const l of labels) if (l && !names.has(norm(l))) names.set(norm(l), f);
  }
  const used = new Set<string>();
  return header.map((h) => {
    const text = h === null ? '' : String(h);
    const f = names.get(norm(text));
    if (!f || used.has(f)) return { header: text, field: null };
    used.add(f);
    return { header: text, field: f };
  });
}

/**
 * A cell as the field's value, before the definition's schema checks it: numbers typed with either decimal mark
 * (docs/domain.md §4.1, in the request's language), an option by its value or its label in either language, a
 * referenced row by its id or its name among the rows the user may see. A blank cell is a missing value.
 */
async function readCell(
  ctx: HookContext,
  field: FieldDef,
  cell: ImportCell,
  language: 'en' | 'id',
): Promise<{ value?: unknown; error?: string }> {
  if (blank(cell)) return {};
  const textValue = String(cell).trim();
  switch (field.kind) {
    case 'number':
    case 'integer': {
      if (typeof cell === 'number') return { value: cell };
      const n = readDecimal(textValue, language);
      return { value: typeof n === 'number' ? n : textValue };
    }
    case 'select': {
      const want = norm(textValue);
      const option = field.options?.find(
        (o) => norm(String(o.value)) === want || norm(o.label) === want || norm(o.indonesian?.label ?? '') === want,
      );
      return { value: option ? option.value : textValue };
    }
    case 'ref': {
      if (!field.ref) return { value: textValue };
      if (/^\d+$/.test(textValue)) return { value: Number(textValue) };
      const target = resourceByName(field.ref.resource);
      let q = ctx.db
        .selectFrom(`${target.table} as rt`)
        .select(`rt.${target.id} as id`)
        .where((eb) => eb(eb.fn('lower', [`rt.${field.ref!.labelField}`]), '=', textValue.toLowerCase()))
        .limit(2);
      const visible = visibleWhere(target, ctx.scope, 'rt');
      if (visible) q = q.where(visible);
      const found = await q.execute();
      if (found.length === 1) return { value: found[0].id };
      return {
        error: found.length
          ? AMBIGUOUS_MESSAGE(field.label, textValue)
          : NOT_FOUND_NAMED_MESSAGE(field.label, textValue),
      };
    }
    default:
      return { value: textValue };
  }
}
