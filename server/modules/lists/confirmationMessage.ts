import type { Queryable } from '../../db/db';
import { findItem } from '../../shared/hydra';
import { confirmationUrl, issueConfirmation } from '../confirmations';
import { deliveryResource, type DeliveryRow } from '../deliveries';
import { contentOf, enqueueMessages, type MessageKind } from '../mail';
import { suppressedSql } from '../suppressions';
import { escapeHtml, LIST_CONFIRMATION_KIND, LIST_CONFIRMATION_TEMPLATE, listConfirmationCopy } from './confirmationCopy';
import type { PendingContact } from './optIn';

/**
 * Queues the confirmation message of a public subscription, in the subscription's transaction;
 * its key makes it once per subscription (a second request while waiting sends nothing more).
 * Answers how many were new.
 */
export async function queueListConfirmation(tx: Queryable, contact: PendingContact, ttlHours: number): Promise<number> {
  return enqueueMessages(tx, [
    {
      kind: LIST_CONFIRMATION_KIND,
      key: `contact-${contact.id}-confirm-${contact.attempt}`,
      to: contact.email,
      payload: { contact: contact.id, ttlHours },
    },
  ]);
}

/** Fills `{{lien}}`, `{{liste}}`, `{{email}}` and `{{produit}}` of an admin's template. */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{\s*(lien|liste|email|produit)\s*\}\}/g, (_m, key: string) => values[key]);

/**
 * A list's double opt-in confirmation (issue 23): sent only while the contact is still
 * `en attente` and its address is not on the owner's suppression list. Its link is made when the message is composed (the token is stored hashed, so
 * the queue never holds it in clear). An admin's template named `confirmation-liste` replaces
 * the built-in French one.
 */
export const listConfirmationMessage: MessageKind = {
  kind: LIST_CONFIRMATION_KIND,
  async compose(ctx, message) {
    const contactId = Number(message.payload.contact);
    const [contact] = await ctx.db.query<{ email: string; status: string; list: string; suppressed: boolean }>(
      `SELECT c.email, c.status, g.subject AS list, ${suppressedSql('g.user_id', 'c.email')} AS suppressed
       FROM grp_rcp c JOIN grp g ON g.id = c.grp_id WHERE c.id = $1`,
      [contactId],
    );
    // An address put on the owner's suppression list since is mailed nothing, not even this.
    if (!contact || contact.status !== 'en attente' || contact.suppressed) return null;
    const token = await issueConfirmation(ctx.db, { kind: 'liste', subjectId: contactId, ttlHours: Number(message.payload.ttlHours) || 24 * 7 });
    const link = confirmationUrl(ctx.publicUrl, token);
    const values = { lien: link, liste: contact.list, email: contact.email, produit: ctx.productName };
    const [custom] = await ctx.db.query<{ id: number }>(
      `SELECT d.id FROM delivery d JOIN app_user u ON u.id = d.user_id
       WHERE d.internalname = $1 AND d.actif = 1 AND u.roles::text LIKE '%ROLE_ADMIN%' ORDER BY d.version DESC, d.id DESC LIMIT 1`,
      [LIST_CONFIRMATION_TEMPLATE],
    );
    if (custom) {
      const content = contentOf(await findItem<DeliveryRow>(ctx.db, deliveryResource, custom.id));
      if (content.html.trim() || content.text.trim()) {
        const html = content.html.trim() ? fill(content.html, { ...values, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)])) }) : undefined;
        return { subject: fill(content.subject, values), html, text: content.text.trim() ? fill(content.text, values) : undefined, unsubscribe: null };
      }
    }
    const copy = listConfirmationCopy(values);
    return { subject: copy.subject, html: copy.html, text: copy.text, unsubscribe: null };
  },
};
