import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { mailOldestPending, mailOutbox, metrics } from '../../http/metrics.ts';
import { MAIL_PASS_LIMIT, MailOutbox, type OutgoingMail, outboxBacklog } from './outbox.ts';

export type { MailKind, OutgoingMail } from './outbox.ts';

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files under DATA_DIR/outbox) */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /** the durable outbox the mails go through (docs/operations.md "Mail outbox") */
  readonly outbox: MailOutbox;
  /**
   * Queues the mail in the outbox and returns at once: the caller answers without waiting for the database or the
   * mail server, so the answer's timing does not tell whether a mail was sent. A failure to queue is logged.
   */
  send(mail: OutgoingMail): void;
  /**
   * Stores the mail in the outbox and resolves once it is stored (it is sent, and retried, by the background loop);
   * rejects when it cannot be stored (attachments over the bound). The scheduled daily report uses it.
   */
  deliver(mail: OutgoingMail): Promise<void>;
  /**
   * Runs `make` after the caller has answered and queues the mail it returns (none for null): the answer waits for
   * neither the work nor the mail (the password reset answers known and unknown addresses alike). Failures are logged.
   */
  sendLater(make: () => Promise<OutgoingMail | null>): void;
  /** Resolves when every queued mail is stored and every due mail has been tried once more (tests, shutdown). */
  flush(): Promise<void>;
  /** Starts the background loop (every MAIL_POLL_SECONDS, and soon after each queued mail). */
  start(): void;
  /** Stops the loop and waits for the pass under way. */
  stop(): Promise<void>;
  /**
   * Readiness (GET /api/health/ready): null when the transport works — the SMTP server answered a connection and the
   * sign-in (checked at most every VERIFY_SECONDS), or no SMTP_URL (mails go to the outbox folder) — else why not.
   */
  verify(): Promise<string | null>;
}

/** How long a verification of the SMTP server is reused. */
export const VERIFY_SECONDS = 30;

/** Sender address: MAIL_FROM, else no-reply at the host of PUBLIC_URL. */
function sender(config: Config): string {
  if (config.mailFrom) return config.mailFrom;
  let host = 'localhost';
  try {
    host = new URL(config.publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is not a URL: keep localhost
  }
  return `Fleet Monitoring <no-reply@${host}>`;
}

/** How often the loop looks for due mails when nothing was queued in this process (a retry's wait, another process). */
export const MAIL_POLL_SECONDS = 5;

/**
 * The transport of one mail: SMTP with SMTP_URL, else an .eml file under DATA_DIR/outbox. Bounded timeouts, so one
 * send ends well within the outbox's claim (MAIL_CLAIM_SECONDS).
 */
export function mailTransport(config: Config, log: FastifyBaseLogger) {
  const outboxDir = join(config.dataDir, 'outbox');
  const from = sender(config);
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 120_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : null;
  // without SMTP the message is only rendered (RFC 822) and written as an .eml file
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;

  const deliver = async (mail: OutgoingMail) => {
    const message = {
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    };
    if (smtp) {
      await smtp.sendMail(message);
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    const info = await render.sendMail(message);
    await mkdir(outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    // the sequence keeps names in sending order within one second
    const file = join(
      outboxDir,
      `${stamp}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`,
    );
    await writeFile(file, info.message as Buffer);
    log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to outbox');
  };
  let verified: { at: number; result: Promise<string | null> } | undefined;
  const verify = (): Promise<string | null> => {
    if (!smtp) return Promise.resolve(null);
    if (verified && Date.now() - verified.at < VERIFY_SECONDS * 1000) return verified.result;
    const result = smtp.verify().then(
      () => null,
      (err: Error) => `SMTP server: ${err.message}`,
    );
    verified = { at: Date.now(), result };
    return result;
  };
  return { mode: smtp ? ('smtp' as const) : ('outbox' as const), outboxDir, deliver, verify };
}

function createMailer(database: Database, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = mailTransport(config, log);
  const outbox = new MailOutbox(database, transport.deliver, log);
  const storing = new Set<Promise<unknown>>();
  let pass: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let flushing = false;
  let lastPurge = 0;

  /** One pass at a time in this process; a pass asked for while one runs follows it. */
  const runPass = (): Promise<void> => {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        try {
          const r = await outbox.runOnce(undefined, MAIL_PASS_LIMIT, () => stopped && !flushing);
          if (r.sent + r.retried + r.failed === MAIL_PASS_LIMIT) again = true; // more may be due
          const now = Math.floor(Date.now() / 1000);
          if (now - lastPurge > 3600) {
            lastPurge = now;
            await outbox.purge(now);
          }
        } catch (err) {
          log.error({ err }, 'mail outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      pass = null;
    });
    return pass;
  };

  const kick = () => {
    if (!stopped) setImmediate(() => void runPass());
  };

  const deliver = async (mail: OutgoingMail) => {
    const p = outbox.enqueue(mail);
    storing.add(p);
    try {
      await p;
    } finally {
      storing.delete(p);
    }
    kick();
  };

  return {
    mode: transport.mode,
    outboxDir: transport.outboxDir,
    outbox,
    deliver,
    verify: transport.verify,
    send(mail) {
      deliver(mail).catch((err) =>
        log.error({ err, kind: mail.kind, to: mail.to, subject: mail.subject }, 'mail could not be queued'),
      );
    },
    sendLater(make) {
      const p = new Promise<void>((r) => setImmediate(r))
        .then(make)
        .then((mail) => (mail ? deliver(mail) : undefined))
        .catch((err) => log.error({ err }, 'mail could not be made or queued'))
        .finally(() => storing.delete(p));
      storing.add(p);
    },
    async flush() {
      await Promise.allSettled([...storing]);
      if (pass) await pass;
      flushing = true;
      try {
        await runPass();
      } finally {
        flushing = false;
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void runPass(), MAIL_POLL_SECONDS * 1000);
      timer.unref();
      kick(); // what was pending before a restart goes out now
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...storing]);
      if (pass) await pass;
    },
  };
}

// one mailer per app (keyed by its deps object, shared by every encapsulated plugin)
const mailers = new WeakMap<object, Mailer>();

export function mailerOf(app: FastifyInstance): Mailer {
  let m = mailers.get(app.deps);
  if (!m) {
    m = createMailer(app.deps.database, app.deps.config, app.log);
    mailers.set(app.deps, m);
  }
  return m;
}

/** Runs the outbox's loop while the app runs: started when it is ready, stopped (pass finished) when it closes. */
export const mailOutboxPlugin: FastifyPluginAsync = async (app) => {
  const mailer = mailerOf(app);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
  // GET /metrics: the backlog at each scrape
  const uncollect = metrics.collect(async () => {
    const backlog = await outboxBacklog(app.deps.database);
    mailOutbox.set({ state: 'pending' }, backlog.pending);
    mailOutbox.set({ state: 'failed' }, backlog.failed);
    mailOldestPending.set({}, backlog.oldestPendingSeconds);
  });
  app.addHook('onClose', async () => uncollect());
};
