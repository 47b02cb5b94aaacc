import type { Queryable } from '../../db/db';
import { enqueueMessages } from '../mail/queue';
import { LIST_CONFIRMATION_KIND } from './confirmationCopy';
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
