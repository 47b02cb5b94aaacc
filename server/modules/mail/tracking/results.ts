import type { Queryable } from '../../../db/db';
import type { RecipientRef } from './tokens';

/** An open this soon after the message went out is a machine's (a security scanner, a mail privacy proxy). */
export const MACHINE_OPEN_SECONDS = 10;

/**
 * Records an open of a recipient's message. The send's `opened` counter grows on the first
 * open only (distinct contacts), in the same statement. The open is flagged a machine's while
 * every open so far came within MACHINE_OPEN_SECONDS of sending. Answers false for a recipient
 * that does not exist.
 */
export async function recordOpen(db: Queryable, { sendId, contactId }: RecipientRef): Promise<boolean> {
  const rows = await db.query<{ first: boolean }>(
    `WITH seen AS (
       SELECT id, opened_at IS NULL AS first FROM mail_recipient WHERE send_id = $1 AND contact_id = $2 FOR UPDATE
     ), opened AS (
       UPDATE mail_recipient r SET
         opened_at = coalesce(r.opened_at, now()), last_opened_at = now(), opens = r.opens + 1,
         machine_open = (r.opened_at IS NULL OR r.machine_open)
           AND r.sent_at IS NOT NULL AND now() - r.sent_at < make_interval(secs => $3)
       FROM seen WHERE r.id = seen.id
       RETURNING seen.first
     ), counted AS (
       UPDATE mail_send SET opened = opened + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM opened WHERE first)
     )
     SELECT first FROM opened`,
    [sendId, contactId, MACHINE_OPEN_SECONDS],
  );
  return rows.length > 0;
}

/**
 * Records a click on `url`, and an open when none was seen (images are often blocked; a link
 * scanner's click within seconds flags it a machine's); `clicked` counts distinct contacts.
 */
export async function recordClick(db: Queryable, ref: RecipientRef, url: string): Promise<boolean> {
  const { sendId, contactId } = ref;
  const rows = await db.query<{ first: boolean }>(
    `WITH seen AS (
       SELECT id, clicked_at IS NULL AS first FROM mail_recipient WHERE send_id = $1 AND contact_id = $2 FOR UPDATE
     ), clicked AS (
       UPDATE mail_recipient r SET clicked_at = coalesce(r.clicked_at, now()), last_clicked_at = now(), clicks = r.clicks + 1
       FROM seen WHERE r.id = seen.id
       RETURNING seen.first
     ), link AS (
       INSERT INTO mail_click (send_id, contact_id, url) SELECT $1, $2, $3 FROM clicked
       ON CONFLICT (send_id, url, contact_id) DO UPDATE SET clicks = mail_click.clicks + 1, last_at = now()
     ), counted AS (
       UPDATE mail_send SET clicked = clicked + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM clicked WHERE first)
     )
     SELECT first FROM clicked`,
    [sendId, contactId, url],
  );
  if (rows.length === 0) return false;
  await db.query(
    `WITH first AS (
       UPDATE mail_recipient SET opened_at = now(), last_opened_at = now(), opens = opens + 1,
         machine_open = sent_at IS NOT NULL AND now() - sent_at < make_interval(secs => $3)
       WHERE send_id = $1 AND contact_id = $2 AND opened_at IS NULL RETURNING 1
     ) UPDATE mail_send SET opened = opened + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM first)`,
    [sendId, contactId, MACHINE_OPEN_SECONDS],
  );
  return true;
}

/**
 * Credits an unsubscribe to the latest send the contact was sent (the link names the contact,
 * not the send: the latest message is the one read); `unsubscribed` counts distinct contacts.
 */
export async function recordUnsubscribe(db: Queryable, contactId: number): Promise<void> {
  await db.query(
    `WITH latest AS (
       SELECT id, send_id FROM mail_recipient WHERE contact_id = $1 AND status = 'sent'
       ORDER BY send_id DESC LIMIT 1
     ), marked AS (
       UPDATE mail_recipient r SET unsubscribed_at = now() FROM latest
       WHERE r.id = latest.id AND r.unsubscribed_at IS NULL RETURNING r.send_id
     ) UPDATE mail_send SET unsubscribed = unsubscribed + 1 WHERE id IN (SELECT send_id FROM marked)`,
    [contactId],
  );
}
