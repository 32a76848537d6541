import { type EventReason, eventReasonSchema, eventRowSchema } from '@fleet/shared/answers/events.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { parseListQuery } from '../../http/list-query.ts';
import { epochParam, parseWith, textField } from '../../http/params.ts';
import { isoTime, nowSeconds } from '../../http/time.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';

/** Spec 002 §5 (verbatim). */
export const END_AFTER_START_MESSAGE = 'The "end" timestamp must be greater than "start" timestamp.';
export const EVENT_LOG_PERMISSION = 'log_event_event';
export const EVENT_LOG_PAGE_SIZE = 10;

const FILTERS = ['evntDeviceId', 'evntIsPriority', 'evntStatus', 'evntMevtId'];
const ORDERS = ['evntTimestamp', 'evntIsPriority', 'evntStatus'];

const parseJson = (text: unknown): Record<string, unknown> => {
  try {
    const v = JSON.parse(String(text ?? '{}'));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

/** A fuel-watch row's reason (docs/domain.md §41), as stored; anything else is none. */
export const reasonOf = (text: unknown): EventReason | null => {
  if (text === null || text === undefined) return null;
  const parsed = eventReasonSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
};

const flag = (field: string) => (v: string) => {
  if (v !== '0' && v !== '1') throw badRequest(`finds[${field}] must be 0 or 1`);
  return Number(v);
};

/**
 * The query as documented: each filter and order by its name (repeatable); any other parameter passes as before and is
 * read by parseListQuery (also the `finds[x][]` spellings).
 */
export const eventLogQuery = z.looseObject({
  ...Object.fromEntries(
    FILTERS.map((f) => [`finds[${f}]`, textField(`only events whose ${f} is this value (repeatable)`)]),
  ),
  ...Object.fromEntries(ORDERS.map((f) => [`orders[${f}]`, textField(`asc or desc: order by ${f}`)])),
  page: textField('page, from 1'),
  max: textField(`events per page (default ${EVENT_LOG_PAGE_SIZE})`),
});

/** The order of the events: the orders asked for, then newest first, then by id (a total order: keyset pages). */
export function eventOrder(orders: [string, 'asc' | 'desc'][]): [string, 'asc' | 'desc'][] {
  const out = orders.length ? [...orders] : [['evntTimestamp', 'desc'] as [string, 'asc' | 'desc']];
  if (!out.some(([f]) => f === 'evntTimestamp')) out.push(['evntTimestamp', 'desc']);
  out.push(['evntId', 'desc']);
  return out;
}

/**
 * The events a request selects (the list's and the export's): its period and filters checked (400 on a bad one),
 * the user's visible gateways; null when none is visible. `q` is the filtered query, not yet selecting columns.
 */
export async function eventSelection(db: Db, req: FastifyRequest) {
  const params = req.params as { start: string; end: string };
  const start = parseWith(epochParam('start'), params.start);
  const end = parseWith(epochParam('end'), params.end);
  if (end <= start) throw badRequest(END_AFTER_START_MESSAGE);
  const lq = parseListQuery(req.query as Record<string, string | string[]>, {
    filters: FILTERS,
    orders: ORDERS,
    search: [],
    defaultPageSize: EVENT_LOG_PAGE_SIZE,
  });
  const priorities = (lq.finds.evntIsPriority ?? []).map(flag('evntIsPriority'));
  const statuses = (lq.finds.evntStatus ?? []).map(flag('evntStatus'));
  const mevtIds = (lq.finds.evntMevtId ?? []).map((v) => {
    if (!/^[1-9]\d{0,9}$/.test(v)) throw badRequest('finds[evntMevtId] must be a whole number');
    return Number(v);
  });
  const deviceIds = lq.finds.evntDeviceId ?? [];

  const scope = await scopeContext(db, sessionOf(req));
  // events are keyed by gateway device and the asset it was on (docs/operations.md "Event log identity"): a
  // user sees an event of a visible asset whose gateway is on a visible asset now, named by its unique id now
  const gateways = scope.assetIds.length
    ? await db
        .selectFrom('device')
        .select(['devcId', 'devcUniqueId', 'devcType', 'devcMassId'])
        .where('devcType', '=', 'gateway')
        .where('devcMassId', 'in', scope.assetIds)
        .execute()
    : [];
  const byId = new Map(gateways.map((g) => [Number(g.devcId), g]));
  const named = new Set(deviceIds);
  const visible = [...byId.keys()].filter((id) => !named.size || named.has(String(byId.get(id)!.devcUniqueId)));
  if (!visible.length) return null;

  let q = db
    .selectFrom('event_log as e')
    .leftJoin('master_event as m', 'm.mevtId', 'e.evntMevtId')
    .where('e.evntDevcId', 'in', visible)
    .where('e.evntMassId', 'in', scope.assetIds)
    .where('e.evntTimestamp', '<', end)
    // overlaps [start, end): still active, or ended at or after start
    .where((eb) => eb.or([eb('e.evntStatus', '=', 1), eb(sql`e.evnt_timestamp + e.evnt_duration`, '>=', start)]));
  if (priorities.length) q = q.where('e.evntIsPriority', 'in', priorities);
  if (statuses.length) q = q.where('e.evntStatus', 'in', statuses);
  if (mevtIds.length) q = q.where('e.evntMevtId', 'in', mevtIds);

  return { q, byId, lq, start, end, mevtIds, priorities, statuses, deviceIds };
}

/**
 * GET /api/log/event/event/period/{start}/{end} (spec 002 §7.8): the events of the user's visible gateways that
 * overlap the period (docs/domain.md §30.6), filtered by finds[…], ordered by orders[…] (default newest first),
 * paged (10 a page unless max says otherwise).
 */
export const eventLogRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/log/event/event/period/:start/:end',
    {
      schema: {
        tags: ['event_log'],
        summary: 'Events of the visible gateways in a period',
        description:
          'finds[evntDeviceId|evntIsPriority|evntStatus|evntMevtId]=value (repeatable); orders[evntTimestamp|evntIsPriority|evntStatus]=asc|desc; page, max',
        params: z.object({ start: z.string(), end: z.string() }),
        querystring: eventLogQuery,
        response: { 200: envelope(z.array(eventRowSchema), true) },
      },
      preValidation: requirePermission(EVENT_LOG_PERMISSION, 'read'),
    },
    async (req) => {
      const sel = await eventSelection(app.deps.database.db, req);
      if (!sel) return ok([], 0);
      const { q, byId, lq } = sel;
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      let rowsQ = q.select([
        'e.evntId',
        'e.evntTimestamp',
        'e.evntDevcId',
        'e.evntMevtId',
        'e.evntMcevId',
        'e.evntStatus',
        'e.evntIsPriority',
        'e.evntDuration',
        'e.evntOldData',
        'e.evntNewData',
        'e.evntThreshold',
        'e.evntReason',
        'm.mevtType',
      ]);
      for (const [field, dir] of eventOrder(lq.orders)) rowsQ = rowsQ.orderBy(`e.${field}`, dir);
      const rows = await rowsQ
        .limit(lq.max)
        .offset((lq.page - 1) * lq.max)
        .execute();

      const now = nowSeconds();
      const data = rows.map((r) => {
        const ts = Number(r.evntTimestamp);
        const status = Number(r.evntStatus);
        const stored = Number(r.evntDuration);
        const device = byId.get(Number(r.evntDevcId))!;
        return {
          evntId: Number(r.evntId),
          evntTimestamp: isoTime(ts),
          evntDeviceId: String(device.devcUniqueId),
          evntMevtId: r.evntMevtId === null ? null : Number(r.evntMevtId),
          evntMcevId: r.evntMcevId === null ? null : Number(r.evntMcevId),
          evntStatus: status,
          evntIsPriority: Number(r.evntIsPriority),
          evntDuration: status === 1 ? Math.max(stored, now - ts) : stored,
          evntOldData: parseJson(r.evntOldData),
          evntNewData: parseJson(r.evntNewData),
          evntThreshold: parseJson(r.evntThreshold),
          evntReason: reasonOf(r.evntReason),
          evntMevt: r.evntMevtId === null ? null : { mevtId: Number(r.evntMevtId), mevtType: String(r.mevtType ?? '') },
          evntDevice: {
            devcUniqueId: String(device.devcUniqueId),
            devcType: String(device.devcType),
            devcMassId: device.devcMassId === null ? null : Number(device.devcMassId),
          },
        };
      });
      return ok(data, Number((total as { n?: unknown } | undefined)?.n ?? 0));
    },
  );
};
