import { connexionConfirmation } from './connexion';
import { listeConfirmation } from './liste';
import { visiteurConfirmation } from './visiteur';
import type { ConfirmationKind, ConfirmationKindName } from './types';

/** Every kind of confirmation, by name: a kind is one file and one line here. */
export const confirmationKinds: Partial<Record<ConfirmationKindName, ConfirmationKind>> = {
  liste: listeConfirmation,
  visiteur: visiteurConfirmation,
  connexion: connexionConfirmation,
};
