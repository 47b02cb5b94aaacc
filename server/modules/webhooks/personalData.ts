import type { Queryable } from '../../db/db';
import { eraseWebhookData } from './events';

/**
 * The webhooks' personal data (issue 38): deliveries whose payload names the address. Registered
 * after the lists: erasing a contact writes consent events, whose trigger may queue one more
 * delivery naming the address in the same transaction, and this erases it too.
 */
export const webhooksPersonalData = {
  name: 'webhooks',
  tables: ['webhook_delivery'] as const,
  async erase(tx: Queryable, email: string) {
    return { webhook_delivery: await eraseWebhookData(tx, email) };
  },
};
