/** Why an address is on its owner's suppression list (docs/architecture.md, «Suppression list»). */
export type SuppressionReason = 'désabonné' | 'plainte' | 'rejeté' | 'opérateur' | 'effacement';

export const SUPPRESSION_REASONS: readonly SuppressionReason[] = ['désabonné', 'plainte', 'rejeté', 'opérateur', 'effacement'];
/** The reasons an operator gives; `effacement` is an erasure's (its address a keyed hash). */
export const OPERATOR_REASONS: readonly SuppressionReason[] = ['désabonné', 'plainte', 'rejeté', 'opérateur'];

/** An address of the suppression list, as `GET /api/suppressions` answers it. */
export interface Suppression {
  '@id': string;
  id: number;
  email: string;
  reason: SuppressionReason;
  source: 'opérateur' | 'formulaire' | 'api' | 'message';
  at: string;
  /** Whose list it is on. */
  user: number;
  userEmail: string | null;
  addedBy: number | null;
  addedByEmail: string | null;
}

/** The separators a CSV export may use: `;` (French Excel's, the default) or `,`. */
export type CsvSeparator = ';' | ',';

/** Which addresses an export holds (the table's search and reason, or all), and its separator. */
export interface SuppressionsExportFilter {
  search?: string;
  reason?: SuppressionReason;
  separator?: CsvSeparator;
}
