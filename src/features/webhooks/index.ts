export { WebhooksSection } from './components/WebhooksSection';
export type { Webhook, WebhookDelivery, WebhookEvent } from './types';
