import type { ConfirmationKind, ConfirmationKindName } from './types';

/**
 * Every kind of confirmation, by name. The module that owns what a kind confirms declares it
 * (lists: a subscription; visitors: an address, a sign-in) and registers it at startup, from
 * server/modules/index.ts: confirmations imports none of them.
 */
export const confirmationKinds = new Map<ConfirmationKindName, ConfirmationKind>();

export function registerConfirmationKind(kind: ConfirmationKind): void {
  confirmationKinds.set(kind.kind, kind);
}
