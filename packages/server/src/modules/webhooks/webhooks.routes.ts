import {
  WEBHOOK_KINDS,
  WEBHOOK_TEST_KIND,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@fleet/shared/answers/webhooks.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Db } from '../../db/database.ts';
import { badRequest, conflict, envelope, notFound, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { onEventLogChanged, onEventLogWrite } from '../event-engine/opened.ts';
import { eventOutboxWriter, relayEvents } from './outbox.ts';
import { sendPositions } from './positions.ts';
import { enqueueWebhooks, kindsOf, webhooksQueued } from './queue.ts';
import { receiverUrlProblem } from './receiver-address.ts';
import { WEBHOOK_DEFAULTS, WEBHOOK_MAX_PER_COMPANY, type WebhookSettings } from './settings.ts';
import { newWebhookSecret } from './signature.ts';
import { invalidateSubscribers } from './subscribers.ts';
import { queueClosedLegs } from './voyage-legs.ts';
import { WebhookWorker } from './worker.ts';

const tags = ['webhooks'];
const PERMISSION = 'webhook';
/** deliveries the log answers at most, newest first */
export const DELIVERY_LOG_MAX = 100;

const idParams = z.object({ id: z.coerce.number().int().min(1, 'id must be a webhook id') });
const body = z
  .object({
    name: z.string().trim().min(1, 'Name must be filled.').max(100, 'Name cannot exceed 100 characters.'),
    url: z.string().trim().min(1, 'URL must be filled.').max(2000, 'URL cannot exceed 2000 characters.'),
    kinds: z
      .array(z.enum(WEBHOOK_KINDS, { error: `kinds may hold only ${WEBHOOK_KINDS.join(', ')}` }))
      .min(1, 'Choose at least one kind of notification.'),
    active: z.boolean().default(true),
  })
  .strict();

/** The active company of the request: subscriptions belong to one company (docs/api.md "Webhooks"). */
function companyOf(req: FastifyRequest): number {
  const comp = sessionOf(req).activeCompId;
  if (comp === null) throw badRequest('Choose a company first: webhooks belong to the active company');
  return comp;
}

async function rowsOf(db: Db, compId: number, id?: number) {
  let q = db.selectFrom('webhook').selectAll().where('wbhkCompId', '=', compId).orderBy('wbhkId');
  if (id !== undefined) q = q.where('wbhkId', '=', id);
  const subs = await q.execute();
  if (!subs.length) return [];
  const ids = subs.map((s) => s.wbhkId);
  // the newest delivery of each: its id is the largest of the subscription's
  const newest = await db
    .selectFrom('webhook_delivery')
    .select(['wbdlWbhkId', 'wbdlStatus', 'wbdlCreatedTime', 'wbdlLastTime', 'wbdlLastStatus'])
    .where(
      'wbdlId',
      'in',
      db
        .selectFrom('webhook_delivery')
        .select((e) => e.fn.max('wbdlId').as('m'))
        .where('wbdlWbhkId', 'in', ids)
        .groupBy('wbdlWbhkId'),
    )
    .execute();
  const last = new Map(newest.map((d) => [Number(d.wbdlWbhkId), d]));
  return subs.map((s) => {
    const d = last.get(Number(s.wbhkId));
    return {
      id: Number(s.wbhkId),
      name: String(s.wbhkName),
      url: String(s.wbhkUrl),
      kinds: kindsOf(s.wbhkKinds).filter((k): k is (typeof WEBHOOK_KINDS)[number] =>
        (WEBHOOK_KINDS as readonly string[]).includes(k),
      ),
      active: Number(s.wbhkActive) === 1,
      createdTime: Number(s.wbhkCreatedTime),
      createdUserId: s.wbhkCreatedUserId === null ? null : String(s.wbhkCreatedUserId),
      updatedTime: Number(s.wbhkUpdatedTime),
      lastDelivery: d
        ? {
            status: d.wbdlStatus as 'pending' | 'delivered' | 'failed',
            time: Number(d.wbdlLastTime ?? d.wbdlCreatedTime),
            httpStatus: d.wbdlLastStatus === null ? null : Number(d.wbdlLastStatus),
          }
        : null,
    };
  });
}

async function oneOf(db: Db, compId: number, id: number) {
  const [row] = await rowsOf(db, compId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

const workers = new Map<Database, WebhookWorker>();
/** The webhook sender of the app on this database (tests wait on it: `webhookWorkerOf(database)?.idle()`). */
export const webhookWorkerOf = (database: Database) => workers.get(database);

/** GET/POST/PUT/DELETE /api/webhooks, the delivery log, send test, a new secret; and the worker of this process. */
export const webhookRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;
  const { db } = database;
  const settings: WebhookSettings = { ...WEBHOOK_DEFAULTS, ...config.webhooks };

  const worker = new WebhookWorker(database, settings, app.log);
  workers.set(database, worker);
  // events: an outbox row in the event log's own transaction (outbox.ts), relayed once committed (here: at once,
  // for this process's writes; at each poll, for rows a crash or another process left)
  const offWrite = onEventLogWrite(eventOutboxWriter(database));
  // one pass of each kind at a time; asked for while one runs, it runs again after it (rows written meanwhile)
  const passes = new Map<string, Promise<unknown>>();
  const again = new Set<string>();
  let closing = false;
  const pass = (name: string, run: () => Promise<unknown>) => {
    if (passes.has(name)) {
      again.add(name);
      return;
    }
    const p = run()
      .catch((err: Error) => app.log.warn({ err: err.message }, `webhooks: ${name} could not be queued`))
      .finally(() => {
        passes.delete(name);
        if (again.delete(name) && !closing) pass(name, run);
      });
    passes.set(name, p);
  };
  const relay = () => pass('events', () => relayEvents(database));
  const off = onEventLogChanged((d) => {
    if (d === database) relay();
  });
  // closed voyage legs and what the outbox holds are looked for at each poll (voyage-legs.ts); noted positions every
  // WEBHOOK_POSITION_INTERVAL_SECONDS (positions.ts); the bunkering logs' rows are found by the worker's own poll
  const timers: NodeJS.Timeout[] = [];
  const every = (seconds: number, run: () => void) => {
    if (seconds <= 0) return;
    const t = setInterval(run, seconds * 1000);
    t.unref();
    timers.push(t);
  };
  app.addHook('onReady', async () => {
    worker.start();
    relay();
    every(settings.pollSeconds, () => {
      relay();
      pass('voyage legs', () => queueClosedLegs(database));
    });
    every(settings.positionIntervalSeconds, () => pass('positions', () => sendPositions(database)));
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearInterval(t);
    off();
    offWrite();
    await Promise.allSettled([...passes.values()]);
    await worker.stop();
    workers.delete(database);
  });

  const checkUrl = (url: string) => {
    const problem = receiverUrlProblem(url, settings.allowPrivate);
    if (problem) throw badRequest({ url: [problem] });
  };

  app.get(
    '/webhooks',
    {
      preHandler: requirePermission(PERMISSION, 'read'),
      schema: {
        tags,
        summary: 'The active company’s webhook subscriptions',
        response: { 200: envelope(z.array(webhookSchema)) },
      },
    },
    async (req) => ok(await rowsOf(db, companyOf(req))),
  );

  app.post(
    '/webhooks',
    {
      preHandler: requirePermission(PERMISSION, 'create'),
      schema: {
        tags,
        summary: 'Subscribe a receiver URL; the answer holds its signing secret, shown this once',
        body,
        response: { 200: envelope(webhookWithSecretSchema) },
      },
    },
    async (req) => {
      const compId = companyOf(req);
      checkUrl(req.body.url);
      const count = await db
        .selectFrom('webhook')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('wbhkCompId', '=', compId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= WEBHOOK_MAX_PER_COMPANY)
        throw conflict(`A company has at most ${WEBHOOK_MAX_PER_COMPANY} webhooks`);
      const secret = newWebhookSecret();
      const now = nowSeconds();
      const r = await db
        .insertInto('webhook')
        .values({
          wbhkCompId: compId,
          wbhkName: req.body.name,
          wbhkUrl: req.body.url,
          wbhkKinds: JSON.stringify(req.body.kinds),
          wbhkActive: req.body.active ? 1 : 0,
          wbhkSecret: secret,
          wbhkCreatedTime: now,
          wbhkCreatedUserId: sessionOf(req).userId,
          wbhkUpdatedTime: now,
        })
        .returning('wbhkId')
        .executeTakeFirstOrThrow();
      invalidateSubscribers(database);
      return ok({ ...(await oneOf(db, compId, Number(r.wbhkId))), secret });
    },
  );

  app.put(
    '/webhooks/:id',
    {
      preHandler: requirePermission(PERMISSION, 'update'),
      schema: {
        tags,
        summary: 'Change a webhook subscription',
        params: idParams,
        body,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (req) => {
      const compId = companyOf(req);
      await oneOf(db, compId, req.params.id);
      checkUrl(req.body.url);
      await db
        .updateTable('webhook')
        .set({
          wbhkName: req.body.name,
          wbhkUrl: req.body.url,
          wbhkKinds: JSON.stringify(req.body.kinds),
          wbhkActive: req.body.active ? 1 : 0,
          wbhkUpdatedTime: nowSeconds(),
        })
        .where('wbhkId', '=', req.params.id)
        .where('wbhkCompId', '=', compId)
        .execute();
      invalidateSubscribers(database);
      // turned on again: what waited is due
      if (req.body.active) webhooksQueued();
      return ok(await oneOf(db, compId, req.params.id));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      preHandler: requirePermission(PERMISSION, 'delete'),
      schema: {
        tags,
        summary: 'Delete a webhook subscription and its delivery log',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const compId = companyOf(req);
      await oneOf(db, compId, req.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_delivery').where('wbdlWbhkId', '=', req.params.id).execute();
        await trx.deleteFrom('webhook').where('wbhkId', '=', req.params.id).where('wbhkCompId', '=', compId).execute();
      });
      invalidateSubscribers(database);
      return ok({ id: req.params.id });
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      preHandler: requirePermission(PERMISSION, 'update'),
      schema: {
        tags,
        summary: 'Replace the signing secret; the answer holds the new one, shown this once',
        params: idParams,
        response: { 200: envelope(webhookWithSecretSchema) },
      },
    },
    async (req) => {
      const compId = companyOf(req);
      await oneOf(db, compId, req.params.id);
      const secret = newWebhookSecret();
      await db
        .updateTable('webhook')
        .set({ wbhkSecret: secret, wbhkUpdatedTime: nowSeconds() })
        .where('wbhkId', '=', req.params.id)
        .where('wbhkCompId', '=', compId)
        .execute();
      return ok({ ...(await oneOf(db, compId, req.params.id)), secret });
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      preHandler: requirePermission(PERMISSION, 'update'),
      schema: {
        tags,
        summary: 'Queue a test delivery to this subscription (sent even when it is turned off)',
        params: idParams,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (req) => {
      const compId = companyOf(req);
      const sub = await oneOf(db, compId, req.params.id);
      await enqueueWebhooks(
        db,
        compId,
        WEBHOOK_TEST_KIND,
        { webhookId: sub.id, name: sub.name, message: 'A test delivery sent from the fleet monitoring server' },
        { only: sub.id },
      );
      webhooksQueued();
      const [row] = await deliveries(db, sub.id, 1);
      return ok(row);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      preHandler: requirePermission(PERMISSION, 'read'),
      schema: {
        tags,
        summary: `The subscription’s newest deliveries (at most ${DELIVERY_LOG_MAX}) with the receiver’s last answer`,
        params: idParams,
        response: { 200: envelope(z.array(webhookDeliverySchema)) },
      },
    },
    async (req) => {
      const sub = await oneOf(db, companyOf(req), req.params.id);
      return ok(await deliveries(db, sub.id, DELIVERY_LOG_MAX));
    },
  );
};

async function deliveries(db: Db, webhookId: number, limit: number) {
  const rows = await db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('wbdlWbhkId', '=', webhookId)
    .orderBy('wbdlId', 'desc')
    .limit(limit)
    .execute();
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: Number(r.wbdlId),
    deliveryId: String(r.wbdlUid),
    kind: String(r.wbdlKind),
    status: r.wbdlStatus as 'pending' | 'delivered' | 'failed',
    attempts: Number(r.wbdlAttempts),
    createdTime: Number(r.wbdlCreatedTime),
    nextTryTime: r.wbdlStatus === 'pending' ? Number(r.wbdlNextTryTime) : null,
    doneTime: n(r.wbdlDoneTime),
    lastTime: n(r.wbdlLastTime),
    lastHttpStatus: n(r.wbdlLastStatus),
    lastDurationMs: n(r.wbdlLastMs),
    lastBody: r.wbdlLastBody === null ? null : String(r.wbdlLastBody),
    lastError: r.wbdlLastError === null ? null : String(r.wbdlLastError),
    payload: String(r.wbdlPayload),
  }));
}
