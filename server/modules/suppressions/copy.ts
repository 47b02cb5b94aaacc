import type { SuppressionReason } from './types';

/** What each reason means, in the French the messages and the console use. */
export const REASON_LABELS: Record<SuppressionReason, string> = {
  désabonné: 'désabonnement de toutes les listes',
  plainte: 'plainte pour courrier indésirable',
  rejeté: 'adresse rejetée par son serveur',
  opérateur: 'ajoutée par un opérateur',
  effacement: "personne effacée (seule reste l'empreinte de son adresse)",
};

const because = (reason: SuppressionReason) => `motif : ${reason}, ${REASON_LABELS[reason]}`;

/** The French messages of the suppression list and of the routes it refuses. */
export const suppressionsCopy = {
  /** POST /api/grp_rcps, or a contact put back to active. */
  notAddable: (email: string, reason: SuppressionReason) =>
    `L'adresse ${email} est sur la liste d'exclusion (${because(reason)}) : aucune de vos listes ne peut la reprendre tant qu'elle y est.`,
  /** A test send (BAT). */
  notMailable: (email: string, reason: SuppressionReason) =>
    `L'adresse ${email} est sur la liste d'exclusion (${because(reason)}) : aucun message ne lui est envoyé, pas même un BAT.`,
  already: (email: string, reason: SuppressionReason) => `L'adresse ${email} est déjà sur la liste d'exclusion (${because(reason)}).`,
  // Without the address: the path is the caller's own text, answered back it would look like data.
  notFound: "Cette adresse n'est pas sur la liste d'exclusion.",
  badEmail: (raw: string) => `Le champ 'email' doit être une adresse e-mail : « ${raw.slice(0, 80)} » n'en est pas une.`,
  onlyYours: "Vous ne pouvez consulter et changer que votre propre liste d'exclusion (champ 'user').",
};
