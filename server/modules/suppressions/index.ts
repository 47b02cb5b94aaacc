/**
 * The suppression list (docs/architecture.md, «Suppression list»): what other modules and
 * server/modules/index.ts use. It sits below lists, automations and visitors, which consult it
 * as they add or mail contacts; mail reaches it through the contacts lists registers.
 */
export { suppressionsRoutes } from './routes';
export { suppressedSql, suppressAddresses, suppressionOf } from './repository';
export { suppressionsCopy, REASON_LABELS } from './copy';
export { erasedAmong } from './erased';
export type { NewSuppression, Suppressed, SuppressionReason, SuppressionSource } from './types';
