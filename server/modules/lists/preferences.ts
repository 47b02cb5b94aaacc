import type { Db, Queryable } from '../../db/db';
import { conflict, notFound } from '../../shared/errors';
import { suppressAddresses, suppressionOf, suppressionsCopy } from '../suppressions';
import { setConsentContext } from './consent';

/**
 * The preference page's reads and changes (issue 37, docs/architecture.md, «Preference page»):
 * a message's recipient manages, from its signed link, every list of the sender where their
 * address is a contact. Each change is the person's own: consent events of source
 * `préférences`, with their address and browser.
 */

/** One list of the page: its switch is on when the address is an active contact there. */
export interface PreferenceList {
  grp: number;
  subject: string;
  subscribed: boolean;
  /** False when only an operator or a confirmation may change it (removed, bounced, waiting). */
  changeable: boolean;
}

export interface Preferences {
  email: string;
  lists: PreferenceList[];
  /** The address is on the sender's suppression list: nothing is sent to it, no switch turns on. */
  suppressed: boolean;
}

export interface PreferenceClient {
  ip: string | null;
  userAgent: string | null;
}

async function contactOf(db: Queryable, contactId: number) {
  const [row] = await db.query<{ email: string; owner: number }>('SELECT email, user_id AS owner FROM grp_rcp WHERE id = $1', [contactId]);
  return row ?? null;
}

/** What the page shows for the contact a link names; null when the contact is gone. */
export async function preferencesOf(db: Queryable, contactId: number): Promise<Preferences | null> {
  const contact = await contactOf(db, contactId);
  if (!contact) return null;
  const lists = await db.query<PreferenceList>(
    `SELECT g.id AS grp, g.subject, c.status = 'actif' AS subscribed, c.status IN ('actif', 'désabonné') AS changeable
     FROM grp_rcp c JOIN grp g ON g.id = c.grp_id
     WHERE c.user_id = $1 AND lower(c.email) = lower($2) AND g.actif = 1 AND c.status <> 'retiré'
     ORDER BY g.subject, g.id`,
    [contact.owner, contact.email],
  );
  const suppressed = (await suppressionOf(db, [contact.owner], contact.email)) !== null;
  return { email: contact.email, lists, suppressed };
}

/**
 * Subscribes or unsubscribes the address in one list of the sender, as the person asked: a 404
 * for a list where it is no contact, a 409 when it cannot come back (on the suppression list,
 * removed, bounced, waiting for its confirmation). Answers the contact whose state changed (the
 * send figures credit its unsubscribe), or null when nothing changed.
 */
export async function setSubscription(db: Db, contactId: number, grp: number, subscribed: boolean, client: PreferenceClient): Promise<number | null> {
  return db.transaction(async (tx) => {
    const contact = await contactOf(tx, contactId);
    if (!contact) throw notFound('Contact');
    const [target] = await tx.query<{ id: number; status: string }>(
      `SELECT c.id, c.status FROM grp_rcp c JOIN grp g ON g.id = c.grp_id
       WHERE c.grp_id = $1 AND g.user_id = $2 AND g.actif = 1 AND lower(c.email) = lower($3) AND c.status <> 'retiré' FOR UPDATE OF c`,
      [grp, contact.owner, contact.email],
    );
    if (!target) throw notFound('Liste');
    await setConsentContext(tx, { source: 'préférences', ip: client.ip, userAgent: client.userAgent });
    if (!subscribed) {
      const changed = await tx.query(
        `UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact', last_modified = now() WHERE id = $1 AND status = 'actif' RETURNING id`,
        [target.id],
      );
      return changed.length > 0 ? target.id : null;
    }
    if (target.status === 'actif') return null;
    const suppressed = await suppressionOf(tx, [contact.owner], contact.email);
    if (suppressed) throw conflict(suppressionsCopy.notAddable(contact.email, suppressed.reason), 'subscribed');
    if (target.status !== 'désabonné') throw conflict(`${contact.email} ne peut pas être réabonné(e) à cette liste depuis cette page.`, 'subscribed');
    await tx.query(`UPDATE grp_rcp SET status = 'actif', last_modified = now() WHERE id = $1`, [target.id]);
    return null;
  });
}

/**
 * « Me désabonner de tout »: the address leaves every list of the sender and enters their
 * suppression list (reason `désabonné`), so that no later import, form or send mails it.
 * Answers the contacts that were active (their sends credit the unsubscribe).
 */
export async function unsubscribeEverywhere(db: Db, contactId: number, client: PreferenceClient): Promise<number[]> {
  return db.transaction(async (tx) => {
    const contact = await contactOf(tx, contactId);
    if (!contact) throw notFound('Contact');
    await setConsentContext(tx, { source: 'préférences', ip: client.ip, userAgent: client.userAgent });
    const changed = await tx.query<{ id: number }>(
      `UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact', last_modified = now()
       WHERE user_id = $1 AND lower(email) = lower($2) AND status IN ('actif', 'en attente') RETURNING id`,
      [contact.owner, contact.email],
    );
    await suppressAddresses(tx, [{ owner: contact.owner, email: contact.email, reason: 'désabonné', source: 'formulaire' }]);
    return changed.map((row) => row.id);
  });
}
