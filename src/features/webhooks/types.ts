/** The events a webhook may listen to, exactly as their payload's `type` writes them. */
export const WEBHOOK_EVENTS = [
  'contact.ajouté',
  'contact.confirmé',
  'contact.désabonné',
  'contact.rejeté',
  'envoi.terminé',
  'visiteur.abonné',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
  user: number;
}

/** At creation only. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: WebhookEvent;
  createdAt: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastAnswer: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}
