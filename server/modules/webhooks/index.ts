/**
 * Outgoing webhooks (issue 39, docs/architecture.md, «Webhooks»): what other modules and
 * server/modules/index.ts use. It sits below every module whose facts it tells, and imports
 * none of them: they call `emitEvent` (or `emitEventSql`) in their own transactions.
 */
export { webhooksRoutes } from './routes';
export { emitEvent, emitEventSql, eraseWebhookData, WEBHOOK_EVENTS, type WebhookEvent } from './events';
export { webhooksPersonalData } from './personalData';
