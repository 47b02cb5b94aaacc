/** Confirmation by a button (INTERFACES §3): what other modules use. */
export { issueConfirmation, confirmationUrl, purgeConfirmations, dropConfirmations } from './repository';
export type { ConfirmationKind, ConfirmationKindName } from './types';
