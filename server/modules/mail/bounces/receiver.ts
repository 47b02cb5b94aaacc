import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../../db/db';
import { bounceBatcher } from './bounces';
import { readBounce } from './dsn';
import { mailContacts } from '../contacts';
import { recordUnsubscribe, type MailTokens, type RecipientRef } from '../tracking';

/** Bounce messages are small; anything larger is not one (the original is at most headers). */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface BounceReceiverOptions {
  db: Db;
  domain: string;
  host: string;
  port: number;
  softLimit: number;
  tokens: () => MailTokens;
  log: FastifyBaseLogger;
}

export interface BounceReceiver {
  /** The port it listens on (the one asked for, or the one given for 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** The VERP address of a recipient: `bounce+{token}@{domain}`. */
export const bounceAddress = (tokens: MailTokens, ref: RecipientRef, domain: string) =>
  `bounce+${tokens.bounce.sign(ref)}@${domain}`;

/** The recipient a VERP address names, or null for an address that is not one of ours, or not signed here. */
export function readBounceAddress(tokens: MailTokens, address: string, domain: string): RecipientRef | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = /^bounce\+(.+)$/i.exec(address.slice(0, at));
  return match ? tokens.bounce.verify(match[1]) : null;
}

/** The recipient a `mailto:` unsubscribe address (`unsubscribe+{token}@{domain}`) names, or null. */
export function readUnsubscribeAddress(tokens: MailTokens, address: string, domain: string): RecipientRef | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = /^unsubscribe\+(.+)$/i.exec(address.slice(0, at));
  return match ? tokens.unsubscribe.verify(match[1]) : null;
}

/**
 * A `mailto:` unsubscribe (RFC 2369): the contact a recipient of a send names leaves its list,
 * as by the one-click link. A ref that names no recipient (a BAT's) changes nothing.
 */
async function unsubscribeByMail(db: Db, ref: RecipientRef): Promise<void> {
  const [recipient] = await db.query<{ contact_id: number }>(
    'SELECT contact_id FROM mail_recipient WHERE send_id = $1 AND contact_id = $2',
    [ref.sendId, ref.contactId],
  );
  if (recipient && (await mailContacts().unsubscribeContact(db, recipient.contact_id))) await recordUnsubscribe(db, recipient.contact_id);
}

/**
 * The built-in bounce receiver: an SMTP server (the MX of BOUNCE_DOMAIN) that takes messages
 * only for signed VERP and `mailto:` unsubscribe addresses — any other recipient is refused at RCPT, so a forged or
 * unknown token changes nothing — reads each as a bounce and records it. A message that
 * cannot be recorded for a moment gets a 451 so that the sending server tries again.
 */
export async function startBounceReceiver(options: BounceReceiverOptions): Promise<BounceReceiver> {
  const { db, domain, softLimit, tokens, log } = options;
  // Reports that arrive together (an MTA's queue run, several connections) are written together.
  const record = bounceBatcher(db, softLimit);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'bounce receiver',
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      if (readBounceAddress(tokens(), address.address, domain)) return callback();
      if (readUnsubscribeAddress(tokens(), address.address, domain)) return callback();
      return callback(Object.assign(new Error('No such recipient'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const refs = session.envelope.rcptTo
          .map((rcpt) => readBounceAddress(tokens(), rcpt.address, domain))
          .filter((ref): ref is RecipientRef => ref !== null);
        const unsubscribes = session.envelope.rcptTo
          .map((rcpt) => readUnsubscribeAddress(tokens(), rcpt.address, domain))
          .filter((ref): ref is RecipientRef => ref !== null);
        void (async () => {
          for (const ref of unsubscribes) await unsubscribeByMail(db, ref);
          if (refs.length === 0) return;
          const report = await readBounce(raw);
          if (!report) return;
          await Promise.all(refs.map((ref) => record({ ref, report: { ...report, source: 'smtp' } })));
        })().then(
          () => callback(),
          (error: unknown) => {
            log.error({ err: error }, 'bounce could not be recorded');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'bounce receiver connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as { port: number }).port;
  log.info({ port, domain }, 'bounce receiver listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
