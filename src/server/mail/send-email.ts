import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with the message (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SendOptions {
  /**
   * A short hint for the log line when the message goes to the local outbox in demo mode
   * (for instance the sign-in code), so a person trying the product can read it.
   * Never logged otherwise.
   */
  demoHint?: string;
  /**
   * The Message-ID header. The outbox derives it from its row, so a message sent again after
   * a crash carries the same id and the receiving side can drop the copy.
   */
  messageId?: string;
}

export interface Mailer {
  sendEmail(message: EmailMessage, options?: SendOptions): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

const messageIdOf = (options: SendOptions | undefined) =>
  options?.messageId ? { messageId: options.messageId } : {};

/** Sends in seconds or fails: the outbox's lease on a message must outlast one attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

type Nodemailer = typeof import('nodemailer');

/** The mail library is loaded at the first message, not at start: most minutes send none. */
function lazyTransport<T extends Transporter>(create: (nodemailer: Nodemailer) => T): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default));
    return transport;
  };
}

/**
 * The transport for outgoing mail. With SMTP_URL it sends over SMTP; otherwise each
 * message is written as an .eml file into DATA_DIR/outbox. Product code does not call it
 * directly: it enqueues with src/server/outbox/ in the transaction of the change the
 * message reports, and the outbox sweep sends through here.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const smtpUrl = config.mail.smtpUrl;
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    );
    return {
      async sendEmail(message, options) {
        await (await transport()).sendMail({ from, ...message, ...messageIdOf(options) });
        logger.info({ subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }

  const outbox = join(config.dataDir, 'outbox');
  const render = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async sendEmail(message, options) {
      const info = await (await render()).sendMail({ from, ...message, ...messageIdOf(options) });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outbox, name);
      await writeFile(file, info.message as Buffer);
      const hint = config.demoMode && options?.demoHint ? ` (${options.demoHint})` : '';
      logger.info(`mail "${message.subject}" written to ${file}${hint}`);
    },
  };
}
