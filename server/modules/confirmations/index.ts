/** Confirmation by a button: what other modules use. */
export { issueConfirmation, confirmationUrl, purgeConfirmations, dropConfirmations, findConfirmation, useConfirmation } from './repository';
export type { ConfirmationKind, ConfirmationKindName } from './types';
export { registerConfirmationKind } from './kinds';
export { confirmationsRoutes } from './routes';
