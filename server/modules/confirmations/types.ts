import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';

/** The kinds of "click to confirm" link. */
export type ConfirmationKindName = 'liste' | 'visiteur' | 'connexion' | 'effacement' | 'effacement-contact';

/** What one kind of confirmation does: declared by the module that owns its subject, registered in kinds.ts. */
export interface ConfirmationKind {
  kind: ConfirmationKindName;
  /**
   * What the page says will be confirmed (French), read without changing anything; null when
   * the subject is gone. Optional: the copy's label of the kind stands in.
   */
  label?(db: Queryable, subjectId: number): Promise<string | null>;
  /** What the page says when `label` is missing or finds nothing. */
  fallbackLabel?: string;
  /** Confirms, in the transaction that marks the token used; answers the POST's body. */
  confirm(tx: Queryable, subjectId: number, request: FastifyRequest): Promise<Record<string, unknown>>;
}
