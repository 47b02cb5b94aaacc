/** Why an address is on its owner's suppression list (docs/architecture.md, «Suppression list»). */
export type SuppressionReason = 'désabonné' | 'plainte' | 'rejeté' | 'opérateur' | 'effacement';
export const SUPPRESSION_REASONS: readonly SuppressionReason[] = ['désabonné', 'plainte', 'rejeté', 'opérateur', 'effacement'];
/** The reasons an operator may give; `effacement` is an erasure's (its address is a keyed hash). */
export const OPERATOR_REASONS: readonly SuppressionReason[] = ['désabonné', 'plainte', 'rejeté', 'opérateur'];

/** How it came: an operator, a page of the product, the API, or a message (a bounce, a complaint). */
export type SuppressionSource = 'opérateur' | 'formulaire' | 'api' | 'message';

/** An address entering an owner's list. */
export interface NewSuppression {
  owner: number;
  email: string;
  reason: SuppressionReason;
  source: SuppressionSource;
  /** The operator who added it; absent for a bounce, a complaint or the person themself. */
  addedBy?: number | null;
}

/** An address's place on a list, as the refusals name it. */
export interface Suppressed {
  owner: number;
  email: string;
  reason: SuppressionReason;
  at: string;
}
