/** The French messages of the confirmations' routes. */
export const confirmationsCopy = {
  unknown: "Ce lien de confirmation n'existe pas.",
  used: 'Ce lien de confirmation a déjà servi.',
  expired: 'Ce lien de confirmation a expiré.',
  /** What a kind without a label of its own confirms. */
  labels: {
    liste: (list: string, email: string) => `L'abonnement de ${email} à la liste « ${list} »`,
    visiteur: 'Votre adresse e-mail',
    connexion: 'Votre connexion sur cet appareil',
  } as Record<string, unknown>,
};
