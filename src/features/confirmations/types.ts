/** What a confirmation link confirms (`GET /api/confirmations/{token}`). */
export interface ConfirmationInfo {
  kind: 'liste' | 'visiteur' | 'connexion' | string;
  label: string;
  expired: boolean;
  used: boolean;
}

/** What confirming did (`POST /api/confirmations/{token}`): the kind's own answer. */
export type ConfirmationResult = Record<string, unknown>;
