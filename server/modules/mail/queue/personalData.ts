import fs from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../../db/db';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The person's contact rows (every list), by address: what their mail rows point at. */
const CONTACTS = `SELECT id FROM grp_rcp WHERE lower(email) = $1`;

/**
 * Whether a message's text mentions the address, however it is written there: in any case,
 * percent-encoded, in base64 (a MIME part's or the address alone) or quoted-printable.
 */
export function mentionsAddress(text: string, email: string): boolean {
  const lower = text.toLowerCase();
  const address = email.toLowerCase();
  if (lower.includes(address) || lower.includes(encodeURIComponent(address).toLowerCase())) return true;
  if (text.includes(Buffer.from(address).toString('base64').replace(/=+$/, ''))) return true;
  const unfolded = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (unfolded.toLowerCase().includes(address)) return true;
  for (const block of text.match(/(?:^[A-Za-z0-9+/=]{8,}\r?\n?)+/gm) ?? []) {
    if (Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8').toLowerCase().includes(address)) return true;
  }
  return false;
}

/** The outbox's `.eml` files that mention the address (DATA_DIR/outbox). */
async function outboxFilesOf(dataDir: string, email: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outbox, name);
    const text = await fs.readFile(file, 'latin1').catch(() => '');
    if (mentionsAddress(text, email)) found.push(file);
  }
  return found;
}

/**
 * The mail module's personal data (issue 38): an address's message rows, opens, clicks, bounces,
 * one-off messages (confirmations, sign-in links, digests, notices) and the outbox's files. An
 * erasure unlinks the rows the figures read (a send's counters live in `mail_send`, its per-link
 * report counts `mail_click` rows, a step's counters its recipients' rows) and deletes the rest.
 */
export const mailPersonalData = {
  name: 'mail',
  tables: ['mail_recipient', 'mail_click', 'mail_link', 'mail_bounce', 'mail_message', 'outbox'] as const,
  async export(tx: Queryable, email: string) {
    const envois = await tx.query(
      `SELECT s.id AS "envoi", s.label AS "libellé", s.list_subject AS "liste", r.status AS "statut",
              r.sent_at AS "envoyéLe", r.bounced_at AS "rejetéLe", r.unsubscribed_at AS "désabonnéLe"
       FROM mail_recipient r JOIN mail_send s ON s.id = r.send_id
       WHERE r.contact_id IN (${CONTACTS}) ORDER BY r.id`,
      [email],
    );
    const messages = await tx.query(
      `SELECT kind AS "type", status AS "statut", created AS "crééLe", sent_at AS "envoyéLe"
       FROM mail_message WHERE lower(to_email) = $1 ORDER BY id`,
      [email],
    );
    const ouvertures = await tx.query(
      `SELECT r.send_id AS "envoi", r.opened_at AS "premièreLe", r.last_opened_at AS "dernièreLe", r.opens AS "nombre"
       FROM mail_recipient r WHERE r.contact_id IN (${CONTACTS}) AND r.opened_at IS NOT NULL ORDER BY r.id`,
      [email],
    );
    const clics = await tx.query(
      `SELECT send_id AS "envoi", url, clicks AS "nombre", first_at AS "premierLe", last_at AS "dernierLe"
       FROM mail_click WHERE contact_id IN (${CONTACTS}) ORDER BY send_id, first_at`,
      [email],
    );
    const rejets = await tx.query(
      `SELECT send_id AS "envoi", kind AS "type", status AS "statut", diagnostic, source, received_at AS "reçuLe"
       FROM mail_bounce WHERE contact_id IN (${CONTACTS}) OR lower(email) = $1 ORDER BY id`,
      [email],
    );
    return { envois: [...envois, ...messages.map((m) => ({ ...m, message: true }))], ouvertures, clics, rejets };
  },
  async erase(tx: Queryable, email: string, { dataDir }: { dataDir: string }) {
    // A message still to go is cancelled (the send's counters follow, by mail_recipient_count).
    await tx.query(`UPDATE mail_recipient SET status = 'cancelled' WHERE contact_id IN (${CONTACTS}) AND status = 'pending'`, [email]);
    const recipients = await tx.query(
      `UPDATE mail_recipient SET contact_id = NULL, last_error = NULL WHERE contact_id IN (${CONTACTS}) RETURNING id`,
      [email],
    );
    // A link written with the address ({{email}} in its URL) keeps its clicks, without the address.
    const clicks = await tx.query(
      `UPDATE mail_click SET contact_id = NULL,
         url = regexp_replace(regexp_replace(url, $2, '[effacé]', 'gi'), $3, '[effacé]', 'gi')
       WHERE contact_id IN (${CONTACTS}) RETURNING send_id`,
      [email, escapeRegExp(email), escapeRegExp(encodeURIComponent(email))],
    );
    const links = await tx.query(
      `UPDATE mail_link SET url = regexp_replace(regexp_replace(url, $1, '[effacé]', 'gi'), $2, '[effacé]', 'gi')
       WHERE url ~* $1 OR url ~* $2 RETURNING id`,
      [escapeRegExp(email), escapeRegExp(encodeURIComponent(email))],
    );
    const bounces = await tx.query(`DELETE FROM mail_bounce WHERE contact_id IN (${CONTACTS}) OR lower(email) = $1 RETURNING id`, [email]);
    const messages = await tx.query(
      `DELETE FROM mail_message WHERE lower(to_email) = $1 OR strpos(lower(payload::text), $1) > 0 RETURNING id`,
      [email],
    );
    const files = await outboxFilesOf(dataDir, email);
    for (const file of files) await fs.rm(file, { force: true });
    return {
      mail_recipient: recipients.length,
      mail_click: clicks.length,
      mail_link: links.length,
      mail_bounce: bounces.length,
      mail_message: messages.length,
      outbox: files.length,
    };
  },
};

/**
 * Retention (issue 38): opens and clicks older than `days` lose their link to the contact (the
 * counts stay); answers how many rows were unlinked.
 */
export async function unlinkOldTracking(db: Queryable, days: number): Promise<{ opens: number; clicks: number }> {
  const clicks = await db.query(
    `UPDATE mail_click SET contact_id = NULL WHERE contact_id IS NOT NULL AND last_at < now() - make_interval(days => $1::int) RETURNING send_id`,
    [days],
  );
  const opens = await db.query(
    `UPDATE mail_recipient SET contact_id = NULL
     WHERE contact_id IS NOT NULL AND opened_at IS NOT NULL AND coalesce(last_opened_at, opened_at) < now() - make_interval(days => $1::int)
       AND (last_clicked_at IS NULL OR last_clicked_at < now() - make_interval(days => $1::int))
     RETURNING id`,
    [days],
  );
  return { opens: opens.length, clicks: clicks.length };
}

/** Retention (issue 38): removes the outbox's `.eml` files older than `days`; answers how many went. */
export async function removeOldOutboxFiles(dataDir: string, days: number): Promise<number> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  const limit = Date.now() - days * 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outbox, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < limit) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
