import { eventMailSchema } from '@fleet/shared/answers/events.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { type Language, storedLanguage } from '../../i18n/language.ts';
import { defineTexts, textsIn } from '../../i18n/texts.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import type { Session } from '../auth/session.ts';
import { loadAccess, requirePermission, sessionOf } from '../auth/session.ts';
import { type Mailer, mailerOf } from '../mail/mailer.ts';
import { EVENT_LOG_PERMISSION } from './event-log.routes.ts';
import { HIGH_PRIORITY, type OpenedEvent, onEventsOpened } from './opened.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The event mail's texts (issue 27); the event and vessel names are the user's data, as they are. */
export const eventMailTexts = defineTexts(
  {
    subject: 'High priority event: {{event}} on {{vessel}}',
    since: 'Since {{when}}, gateway {{gateway}}.',
    eventLog: 'Event Log',
    why: 'You receive this because you turned on e-mail of High priority events on the Event Log screen.',
  },
  {
    subject: 'Kejadian prioritas tinggi: {{event}} pada {{vessel}}',
    since: 'Sejak {{when}}, gateway {{gateway}}.',
    eventLog: 'Log Kejadian',
    why: 'Anda menerima e-mail ini karena mengaktifkan e-mail kejadian prioritas Tinggi di layar Log Kejadian.',
  },
);

/** The mail of one opened High event (subject as the live toast), in the recipient's `language`. */
export function highEventMail(
  to: string,
  e: { eventName: string; massName: string; gatewayUid: string; timestamp: number },
  publicUrl: string,
  language: Language = 'en',
) {
  const t = textsIn(eventMailTexts, language);
  const when = new Date(e.timestamp * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  const link = `${publicUrl}/event/log`;
  const subject = t('subject', { event: e.eventName, vessel: e.massName });
  const text = `${subject}\n\n${t('since', { when, gateway: e.gatewayUid })}\n${t('eventLog')}: ${link}\n\n${t('why')}\n`;
  const html = `<p><strong>${escapeHtml(subject)}</strong></p><p>${t('since', { when: escapeHtml(when), gateway: escapeHtml(e.gatewayUid) })}</p><p><a href="${escapeHtml(link)}">${t('eventLog')}</a></p><p>${t('why')}</p>`;
  return { to, subject, text, html, link };
}

/**
 * E-mail of opened High events (issue 17): each active user who opted in, may read the Event Log and may see the
 * vessel in its company gets one mail per event. Runs in the process that opened the event (once per event).
 */
export async function mailHighEvents(
  database: Database,
  mailer: Pick<Mailer, 'send'>,
  opened: OpenedEvent[],
  publicUrl: string,
) {
  const high = opened.filter((e) => e.priority === HIGH_PRIORITY);
  if (!high.length) return 0;
  const db = database.db;
  const users = await db
    .selectFrom('user')
    .select(['userId', 'userLanguage'])
    .where('userEventMail', '=', 1)
    .where('userStatus', '=', 1)
    .execute();
  if (!users.length) return 0;
  const assets = await db
    .selectFrom('asset')
    .select(['massId', 'massName', 'massCompId'])
    .where('massId', 'in', [...new Set(high.map((e) => e.massId))])
    .execute();
  const byId = new Map(assets.map((a) => [Number(a.massId), a]));
  let sent = 0;
  for (const u of users as { userId: string; userLanguage: string | null }[]) {
    const access = await loadAccess(db, u.userId);
    if (!access[EVENT_LOG_PERMISSION]?.includes('read')) continue;
    const visible = new Map<number, Set<number>>();
    for (const e of high) {
      const asset = byId.get(e.massId);
      if (!asset || asset.massCompId === null) continue;
      const comp = Number(asset.massCompId);
      if (!visible.has(comp))
        visible.set(comp, new Set(await visibleAssetIds(db, { userId: u.userId, activeCompId: comp } as Session)));
      if (!visible.get(comp)!.has(e.massId)) continue;
      // queued in the durable mail outbox, which sends and retries it
      mailer.send({
        kind: 'event',
        ...highEventMail(
          u.userId,
          { eventName: e.type, massName: asset.massName, gatewayUid: e.gatewayUid, timestamp: e.timestamp },
          publicUrl,
          storedLanguage(u.userLanguage) ?? 'en',
        ),
      });
      sent++;
    }
  }
  return sent;
}

/** GET/PUT /api/log/event/mail: the signed-in user's opt-in; and the listener that sends the mails. */
export const eventMailPlugin: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const mailer = mailerOf(app);
  const off = onEventsOpened((db, opened) => {
    if (db !== database) return;
    mailHighEvents(database, mailer, opened, config.publicUrl).catch((err: Error) =>
      app.log.warn({ err: err.message }, 'High event mail failed'),
    );
  });
  app.addHook('onClose', async () => off());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = async (userId: string) => {
    const row = await database.db
      .selectFrom('user')
      .select('userEventMail')
      .where('userId', '=', userId)
      .executeTakeFirst();
    return { enabled: Number(row?.userEventMail ?? 0) === 1 };
  };
  r.get(
    '/log/event/mail',
    {
      schema: {
        tags: ['event_log'],
        summary: 'Whether I receive High priority events by e-mail',
        response: { 200: envelope(eventMailSchema) },
      },
      preValidation: requirePermission(EVENT_LOG_PERMISSION, 'read'),
    },
    async (req) => ok(await read(sessionOf(req).userId)),
  );
  r.put(
    '/log/event/mail',
    {
      schema: {
        tags: ['event_log'],
        summary: 'Turn the e-mail of High priority events on or off for me',
        body: z.object({ enabled: z.boolean() }).strict(),
        response: { 200: envelope(eventMailSchema) },
      },
      preValidation: requirePermission(EVENT_LOG_PERMISSION, 'read'),
    },
    async (req) => {
      const userId = sessionOf(req).userId;
      await database.db
        .updateTable('user')
        .set({ userEventMail: req.body.enabled ? 1 : 0 })
        .where('userId', '=', userId)
        .execute();
      return ok(await read(userId));
    },
  );
};
