import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../../config';
import { createMessageBuilder } from './messageBuilder';

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
      // EHLO: SMTP_NAME, else PUBLIC_URL's host name (nodemailer would say the machine's name or `[127.0.0.1]`).
      name: config.smtpName,
      // A server that stops answering drops its connection within SMTP_TIMEOUT_MS (nodemailer's
      // own socket default is 10 minutes, during which the pool holds the send still).
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      ...(rateLimit > 0 ? { rateDelta: 1000, rateLimit } : {}),
    });
    const builder = createMessageBuilder();
    return {
      kind: 'smtp',
      send: async (message) => {
        // Built and signed in a thread of its own; the pool sends its bytes as they are.
        const built = await builder.build(message);
        if (!built) return void (await mailer.sendMail(message));
        const raw = Buffer.from(built.raw.buffer, built.raw.byteOffset, built.raw.byteLength);
        await mailer.sendMail({ envelope: built.envelope, raw, messageId: message.messageId });
      },
      close: () => {
        mailer.close();
        void builder.close();
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const mailer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'outbox',
    send: async (message) => {
      // Messages hold personal data and unsubscribe tokens: the server's user alone reads them.
      ready ??= fs.mkdir(outbox, { recursive: true, mode: 0o700 }).then(() => fs.chmod(outbox, 0o700));
      await ready;
      const info = await mailer.sendMail(message);
      const file = path.join(outbox, fileName(String(message.messageId)));
      // Written whole then renamed: a reader never sees half a message.
      const partial = `${file}.${process.pid}.tmp`;
      try {
        await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await fs.rename(partial, file);
      } catch (error) {
        // A disk that filled mid-write leaves part of a message: its room is given back.
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
