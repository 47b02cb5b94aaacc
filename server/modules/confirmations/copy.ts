/** The French messages of the confirmations' routes. */
export const confirmationsCopy = {
  unknown: "Ce lien de confirmation n'existe pas.",
  used: 'Ce lien de confirmation a déjà servi.',
  expired: 'Ce lien de confirmation a expiré.',
};
