import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the action link in the mail; logged when the mail goes to the outbox, so a local install can follow it */
  link?: string;
  /** files attached to the mail (the scheduled daily report PDF) */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files under DATA_DIR/outbox) */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /**
   * Queues the mail and returns at once: the caller answers without waiting for the mail server,
   * so the answer's timing does not tell whether a mail was sent. Failures are logged.
   */
  send(mail: OutgoingMail): void;
  /** Delivers now and rejects when delivery fails (callers that retry: the scheduled daily report). */
  deliver(mail: OutgoingMail): Promise<void>;
  /** Resolves when every queued mail has been delivered or has failed (tests, shutdown). */
  flush(): Promise<void>;
}

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

function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outboxDir = join(config.dataDir, 'outbox');
  const from = sender(config);
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  // without SMTP the message is only rendered (RFC 822) and written as an .eml file
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
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

  return {
    mode: smtp ? 'smtp' : 'outbox',
    outboxDir,
    deliver,
    send(mail) {
      const p = deliver(mail)
        .catch((err) => log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.allSettled([...pending]);
    },
  };
}

// one mailer per app (keyed by its deps object, shared by every encapsulated plugin)
const mailers = new WeakMap<object, Mailer>();

export function mailerOf(app: FastifyInstance): Mailer {
  let m = mailers.get(app.deps);
  if (!m) {
    m = createMailer(app.deps.config, app.log);
    mailers.set(app.deps, m);
  }
  return m;
}
