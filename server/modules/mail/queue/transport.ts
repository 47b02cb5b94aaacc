import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../../config';

/** Where messages go: SMTP (pooled, rate-limited) with SMTP_URL, else `.eml` files in DATA_DIR/outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

/** A file name from a Message-ID: the same message written twice lands in the same file. */
const fileName = (messageId: string) => `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')}.eml`;

export function createMailTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const { poolSize, rateLimit, timeoutMs } = config.mail;
    const mailer = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: poolSize,
      maxMessages: 1000,
      // A server that stops answering drops its connection within SMTP_TIMEOUT_MS (nodemailer's
      // own socket default is 10 minutes, during which the pool holds the send still).
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      ...(rateLimit > 0 ? { rateDelta: 1000, rateLimit } : {}),
    });
    return {
      kind: 'smtp',
      send: async (message) => {
        await mailer.sendMail(message);
      },
      close: () => mailer.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const mailer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'outbox',
    send: async (message) => {
      ready ??= fs.mkdir(outbox, { recursive: true });
      await ready;
      const info = await mailer.sendMail(message);
      const file = path.join(outbox, fileName(String(message.messageId)));
      // Written whole then renamed: a reader never sees half a message.
      const partial = `${file}.${process.pid}.tmp`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
    },
    close: () => mailer.close(),
  };
}
